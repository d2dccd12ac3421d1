/**
 * The environment the deliveries benchmark gives each webhook worker process,
 * from the bench's own settings (bench-options.ts), and the line that prints it.
 * A worker that does not know a variable ignores it: today's worker reads only
 * WORKER_CONCURRENCY (its graphile-worker job concurrency, which is also its
 * deliveries in flight), the engine of issue 19 reads the in-flight caps.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { WorkerSettings } from './bench-options.js';

/** Where a worker without SMTP_URL writes its mail: never the workspace's .data/mailbox. */
const MAILBOX_DIR = mkdtempSync(path.join(tmpdir(), 'tessera-bench-mailbox-'));

export function workerEnv(settings: WorkerSettings, smtpUrl: string | null = null): Record<string, string> {
  const env: Record<string, string> = {
    WEBHOOK_MAX_IN_FLIGHT: String(settings.maxInFlight),
    WEBHOOK_MAX_IN_FLIGHT_PER_WEBHOOK: String(settings.maxInFlightPerWebhook),
    MAILBOX_DIR,
  };
  if (settings.concurrency !== null) env['WORKER_CONCURRENCY'] = String(settings.concurrency);
  if (settings.mailConcurrency !== null) env['MAIL_CONCURRENCY'] = String(settings.mailConcurrency);
  if (smtpUrl) env['SMTP_URL'] = smtpUrl;
  return env;
}

export function describeWorkerSettings(settings: WorkerSettings): string {
  const unset = (name: string, value: number | null) => (value === null ? `${name} unset (the worker's default)` : `${name}=${value}`);
  return [
    `WEBHOOK_MAX_IN_FLIGHT=${settings.maxInFlight}`,
    `WEBHOOK_MAX_IN_FLIGHT_PER_WEBHOOK=${settings.maxInFlightPerWebhook}`,
    unset('WORKER_CONCURRENCY', settings.concurrency),
    unset('MAIL_CONCURRENCY', settings.mailConcurrency),
    'WEBHOOK_ALLOWED_NETWORKS=127.0.0.0/8',
    'SMTP_URL only in the mail runs',
  ].join(', ');
}
