/** The servers the benchmarks start: the real api and webhook worker, and the bare Express baseline. */
import { randomBytes } from 'node:crypto';
import { findFreePort } from '@tessera/persistence';
import type { Entries } from './runtime.js';
import { startServer, type ServerProcess } from './server-process.js';

/**
 * The api runs with NODE_ENV=production from its bundle, where SECRET_SEALING_KEY is required:
 * one random key per run (or the caller's), the same for every process that signs in that run.
 */
export const BENCH_SEALING_KEY = process.env['SECRET_SEALING_KEY'] || randomBytes(32).toString('base64');

export interface ApiLaunch {
  entries: Entries;
  databaseUrl: string;
  logLevel: string;
  /** Write a .cpuprofile of this api process into `dir` under `name`. */
  cpuProfile: { dir: string; name: string } | null;
}

export async function startApi(launch: ApiLaunch): Promise<ServerProcess> {
  return startApp('api', launch.entries.api, launch, {
    // The rate-limit windows are consumed on every call as usual, only never exhausted.
    RATE_LIMIT_PER_HOUR: '100000000',
    RATE_LIMIT_PER_2_SECONDS: '100000000',
    // The api's own default pool (DATABASE_POOL_MAX=20) unless BENCH_API_POOL_MAX says otherwise.
    DATABASE_POOL_MAX: process.env['BENCH_API_POOL_MAX'] ?? '20',
  });
}

/**
 * An app from its bundle on a free loopback port, on the bench database, with the run's
 * sealing key and log level, optionally profiled; `env` adds what is particular to it.
 */
async function startApp(name: string, entry: string[], launch: ApiLaunch, env: Record<string, string>, base: NodeJS.ProcessEnv = process.env): Promise<ServerProcess> {
  const port = await findFreePort();
  const profile = launch.cpuProfile ? ['--cpu-prof', `--cpu-prof-dir=${launch.cpuProfile.dir}`, `--cpu-prof-name=${launch.cpuProfile.name}`] : [];
  return startServer({
    name,
    args: [...profile, ...entry],
    env: {
      ...base,
      ...launch.entries.env,
      DATABASE_URL: launch.databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: launch.logLevel,
      SECRET_SEALING_KEY: BENCH_SEALING_KEY,
      ...env,
    },
    origin: `http://127.0.0.1:${port}`,
    readyPath: '/healthz',
  });
}

export async function startBareExpress(entries: Entries, body: string): Promise<ServerProcess> {
  const port = await findFreePort();
  return startServer({
    name: 'bare Express server',
    args: entries.bareExpress,
    env: { ...process.env, ...entries.env, PORT: String(port), HOST: '127.0.0.1', BENCH_ME_BODY: body },
    origin: `http://127.0.0.1:${port}`,
    readyPath: '/healthz',
  });
}

/** The caller the records baseline serves, as the api's access cache holds it (records-bare.ts). */
export interface RecordsCaller {
  token: string;
  account: string;
  personId: number;
  personName: string;
  personNodeId: string;
}

/** The records benchmark's baseline (records-bare.ts) on the bench database, with a pool of the api's default size. */
export async function startRecordsBare(entries: Entries, databaseUrl: string, caller: RecordsCaller): Promise<ServerProcess> {
  const port = await findFreePort();
  return startServer({
    name: 'records raw SQL server',
    args: entries.recordsBare,
    env: { ...process.env, ...entries.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, DATABASE_POOL_MAX: process.env['BENCH_API_POOL_MAX'] ?? '20', BENCH_RECORDS_CALLER: JSON.stringify(caller) },
    origin: `http://127.0.0.1:${port}`,
    readyPath: '/healthz',
  });
}

export interface WorkerLaunch extends ApiLaunch {
  /** Settings for the worker (workerEnv in worker-settings.ts): in-flight caps, concurrency, SMTP. */
  env: Record<string, string>;
}

/**
 * The webhook worker as it ships, with what the bench passes it: deliveries to loopback allowed
 * (WEBHOOK_ALLOWED_NETWORKS, the sink is on this machine) and `launch.env`. Variables of the bench's
 * own environment that would change the worker's behaviour (concurrency, SMTP) are not inherited.
 */
export async function startWebhookWorker(launch: WorkerLaunch): Promise<ServerProcess> {
  const base = Object.fromEntries(Object.entries(process.env).filter(([name]) => !INHERITED_NOT.has(name)));
  return startApp('webhook worker', launch.entries.webhookWorker, launch, { WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8', ...launch.env }, base);
}

const INHERITED_NOT = new Set(['WORKER_CONCURRENCY', 'WEBHOOK_MAX_IN_FLIGHT', 'WEBHOOK_MAX_IN_FLIGHT_PER_WEBHOOK', 'MAIL_CONCURRENCY', 'SMTP_URL', 'MAILBOX_DIR']);
