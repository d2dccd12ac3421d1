/**
 * Outgoing e-mail (ARCHITECTURE.md "Running it").
 *
 * - With SMTP_URL: nodemailer sends through that server (smtp:// or smtps://).
 * - Without it (development): nothing leaves the machine. Each message is logged
 *   (to, subject, file) and written whole, headers and body, as an `.eml` file
 *   into MAILBOX_DIR (default `.data/mailbox`, git-ignored). Any mail client
 *   opens an .eml file; `cat` works too.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '@tessera/http';
import type { SendMailJob } from '@tessera/domain';

export interface Mailer {
  send(message: SendMailJob): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  mailboxDir: string;
  logger: Logger;
}

export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? smtpMailer(options.smtpUrl, options) : mailboxMailer(options);
}

function smtpMailer(smtpUrl: string, { from, logger }: MailerOptions): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
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
