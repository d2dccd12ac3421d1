/**
 * Outgoing e-mail (ARCHITECTURE.md "Running it").
 *
 * - With SMTP_URL: nodemailer sends through that server (smtp:// or smtps://),
 *   within the SMTP timeouts: a server that hangs fails the attempt (the queue
 *   retries the job later) instead of holding a job slot.
 * - Without it (development): nothing leaves the machine. Each message is logged
 *   (to, subject, file) and written whole, headers and body, as an `.eml` file
 *   into MAILBOX_DIR (default `.data/mailbox`, git-ignored). Any mail client
 *   opens an .eml file; `cat` works too.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { Logger } from '@tessera/http';
import type { SendMailJob } from '@tessera/domain';

export interface Mailer {
  send(message: SendMailJob): Promise<void>;
  close(): void;
}

export interface SmtpTimeouts {
  /** To establish the TCP (and TLS) connection. */
  connectionMs: number;
  /** From connecting to the server's 220 greeting. */
  greetingMs: number;
  /** Of silence on an open connection. */
  socketMs: number;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  /** Used with smtpUrl only. */
  smtpTimeouts: SmtpTimeouts;
  from: string;
  mailboxDir: string;
  logger: Logger;
}

export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? smtpMailer(options.smtpUrl, options) : mailboxMailer(options);
}

function smtpMailer(smtpUrl: string, { from, logger, smtpTimeouts }: MailerOptions): Mailer {
  // createTransport({ url, ... }) would keep the URL's options and drop the others; the SMTP
  // transport itself merges both (a `?greetingTimeout=` in the URL still wins, as before).
  const transport = nodemailer.createTransport(
    new SMTPTransport({
      url: smtpUrl,
      connectionTimeout: smtpTimeouts.connectionMs,
      greetingTimeout: smtpTimeouts.greetingMs,
      socketTimeout: smtpTimeouts.socketMs,
    }),
  );
  return {
    async send({ to, subject, text }) {
      const info = await transport.sendMail({ from, to, subject, text });
      logger.info({ to, subject, messageId: info.messageId }, 'mail sent');
    },
    close: () => transport.close(),
  };
}

function mailboxMailer({ from, mailboxDir, logger }: MailerOptions): Mailer {
  // streamTransport renders the exact message an SMTP server would get, without sending it.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send({ to, subject, text }) {
      const info = await transport.sendMail({ from, to, subject, text });
      await mkdir(mailboxDir, { recursive: true });
      // Time first, so that a directory listing is in the order the mails were sent.
      const file = path.join(mailboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer);
      logger.info({ to, subject, file }, 'mail kept in the dev mailbox (no SMTP_URL)');
    },
    close: () => transport.close(),
  };
}
