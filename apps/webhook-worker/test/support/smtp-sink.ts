/** A real SMTP server in the test process (smtp-server) that keeps every message it accepts. */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  envelopeTo: string[];
  headers: Map<string, string>;
  body: string;
}

export interface SmtpSink {
  url: string;
  messages: ReceivedMail[];
  /** Messages whose data has started to arrive (accepted or not yet). */
  receiving: number;
  close(): Promise<void>;
}

/** `acceptDelayMs` holds each message that long before accepting it, like a slow server. */
export async function startSmtpSink(options: { acceptDelayMs?: number } = {}): Promise<SmtpSink> {
  const sink = { messages: [] as ReceivedMail[], receiving: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      sink.receiving += 1;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        setTimeout(() => {
          sink.messages.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), ...parse(Buffer.concat(chunks).toString('utf8')) });
          callback();
        }, options.acceptDelayMs ?? 0);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return Object.assign(sink, {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

/** Enough of RFC 5322 for plain ASCII test messages: unfolded headers, then the body. */
export function parse(raw: string): { headers: Map<string, string>; body: string } {
  const normalized = raw.replace(/\r\n/g, '\n');
  const split = normalized.indexOf('\n\n');
  const headers = new Map<string, string>();
  for (const line of normalized.slice(0, split).replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: normalized.slice(split + 2) };
}
