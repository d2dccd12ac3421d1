import type { Express } from 'express';
import { createHttpApp, finishHttpApp, type Logger, type TransportOptions } from '@tessera/http';
import { ping, type Database } from '@tessera/persistence';

export interface WorkerDependencies {
  db: Database;
  logger: Logger;
  /** TRUST_PROXY and METRICS_TOKEN from the config; defaults: trust no proxy, /metrics for loopback only. */
  transport?: TransportOptions;
}

/** The worker's only HTTP: /healthz and /metrics (ARCHITECTURE.md). */
export function createWorkerHealthApp({ db, logger, transport }: WorkerDependencies): Express {
  const app = createHttpApp({ service: 'webhook-worker', logger, healthChecks: { database: () => ping(db) }, ...transport });
  return finishHttpApp(app, logger);
}
