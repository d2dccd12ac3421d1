import path from 'node:path';
import { z } from 'zod';
import { baseConfig, baseConfigSchema, parseConfig, type BaseConfig } from '@tessera/validation';

// An empty variable (`SMTP_URL=` in a compose file) means "not set", not "invalid".
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const schema = baseConfigSchema(3003).extend({
  SMTP_URL: optional(z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')),
  MAIL_FROM: z.string().min(1).default('Tessera <no-reply@tessera.local>'),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(5),
  MAILBOX_DIR: optional(z.string()),
});

export interface WorkerConfig extends BaseConfig {
  /** Unset: no mail leaves the machine; messages go to the log and `mailboxDir`. */
  smtpUrl: string | undefined;
  mailFrom: string;
  concurrency: number;
  /** Absolute; the dev mailbox, used only without `smtpUrl`. */
  mailboxDir: string;
}

export function loadWorkerConfig(env: Record<string, string | undefined>): WorkerConfig {
  const parsed = parseConfig(schema, env);
  return {
    ...baseConfig(parsed),
    smtpUrl: parsed.SMTP_URL,
    mailFrom: parsed.MAIL_FROM,
    concurrency: parsed.WORKER_CONCURRENCY,
    mailboxDir: path.resolve(parsed.MAILBOX_DIR ?? '.data/mailbox'),
  };
}
