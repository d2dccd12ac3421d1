import path from 'node:path';
import { z } from 'zod';
import type { SealingKey } from '@tessera/domain';
import { baseConfig, baseConfigSchema, parseConfig, sealingKeyConfig, type BaseConfig } from '@tessera/validation';
import { DEFAULT_DEAD_AFTER_MS, DEFAULT_HEARTBEAT_MS, MIN_HEARTBEATS_PER_DEAD_AFTER } from '@tessera/persistence';
import { loadDeliveryConfig, type DeliveryConfig } from './deliveries/delivery-config.js';
import type { SmtpTimeouts } from './mailer.js';

// An empty variable (`SMTP_URL=` in a compose file) means "not set", not "invalid".
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const schema = baseConfigSchema(3003).extend({
  SMTP_URL: optional(z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')),
  MAIL_FROM: z.string().min(1).default('Tessera <no-reply@tessera.local>'),
  // Fan-out jobs running together fan out in two statements (decision 024), so a lane this wide
  // costs one connection per batch, not per job.
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(32),
  // Decision 025: mail has its own lane, so SMTP never holds a slot the fan-out needs.
  MAIL_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(2),
  // Decision 053: automation rules have their own lane, so one account's rules never delay every account's fan-out.
  AUTOMATION_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(2),
  MAILBOX_DIR: optional(z.string()),
  // Issue 19: nodemailer's defaults (2 min to connect, 30 s for the greeting, 10 min of silence) let a
  // hung SMTP server hold a job slot per attempt; a failed attempt is retried later by the queue.
  SMTP_CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  SMTP_GREETING_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  SMTP_SOCKET_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
});

// Worker liveness (docs/decisions/017), with the rule that ties the two values together.
const livenessSchema = z
  .object({
    WORKER_HEARTBEAT_MS: z.coerce.number().int().min(100).max(60_000).default(DEFAULT_HEARTBEAT_MS),
    WORKER_DEAD_AFTER_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(DEFAULT_DEAD_AFTER_MS),
  })
  .refine((v) => v.WORKER_DEAD_AFTER_MS >= v.WORKER_HEARTBEAT_MS * MIN_HEARTBEATS_PER_DEAD_AFTER, {
    path: ['WORKER_DEAD_AFTER_MS'],
    message: `must be at least ${MIN_HEARTBEATS_PER_DEAD_AFTER} × WORKER_HEARTBEAT_MS, so that one late heartbeat does not declare a live worker dead`,
  });

export interface WorkerConfig extends BaseConfig {
  /** How often a worker process refreshes its worker_processes row and sweeps for dead ones. */
  heartbeatMs: number;
  /** A worker process not seen for this long is dead: its locked jobs are freed for the others. */
  deadAfterMs: number;
  /** Unset: no mail leaves the machine; messages go to the log and `mailboxDir`. */
  smtpUrl: string | undefined;
  /** SMTP_CONNECTION_TIMEOUT_MS, SMTP_GREETING_TIMEOUT_MS, SMTP_SOCKET_TIMEOUT_MS. */
  smtpTimeouts: SmtpTimeouts;
  mailFrom: string;
  /** Jobs at once in the work lane (fan-out, scheduled work). */
  concurrency: number;
  /** Mails at once in the mail lane. */
  mailConcurrency: number;
  /** Automation rule runs at once in the rules lane. */
  automationConcurrency: number;
  /** Absolute; the dev mailbox, used only without `smtpUrl`. */
  mailboxDir: string;
  /** SECRET_SEALING_KEY: opens the private keys and secrets of webhook policies to sign messages. */
  sealingKey: SealingKey;
  /** API_PUBLIC_URL, WEBHOOK_* (deliveries/delivery-config.ts). */
  delivery: DeliveryConfig;
}

export function loadWorkerConfig(env: Record<string, string | undefined>): WorkerConfig {
  const parsed = parseConfig(schema, env);
  const liveness = parseConfig(livenessSchema, env);
  return {
    ...baseConfig(parsed),
    heartbeatMs: liveness.WORKER_HEARTBEAT_MS,
    deadAfterMs: liveness.WORKER_DEAD_AFTER_MS,
    smtpUrl: parsed.SMTP_URL,
    smtpTimeouts: { connectionMs: parsed.SMTP_CONNECTION_TIMEOUT_MS, greetingMs: parsed.SMTP_GREETING_TIMEOUT_MS, socketMs: parsed.SMTP_SOCKET_TIMEOUT_MS },
    mailFrom: parsed.MAIL_FROM,
    concurrency: parsed.WORKER_CONCURRENCY,
    mailConcurrency: parsed.MAIL_CONCURRENCY,
    automationConcurrency: parsed.AUTOMATION_CONCURRENCY,
    mailboxDir: path.resolve(parsed.MAILBOX_DIR ?? '.data/mailbox'),
    sealingKey: sealingKeyConfig(env),
    delivery: loadDeliveryConfig(env),
  };
}
