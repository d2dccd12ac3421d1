import type { Express } from 'express';
import { createHttpApp, databasePoolMetrics, finishHttpApp, queueMetrics, type Logger, type TransportOptions } from '@tessera/http';
import { ping, type Database } from '@tessera/persistence';

export interface WorkerDependencies {
  db: Database;
  logger: Logger;
  /** The job runner's state (queue-runner.ts): /healthz fails while no runner runs or its heartbeat is stale. */
  runner: { check(): Promise<void> };
  /** TRUST_PROXY and METRICS_TOKEN from the config; defaults: trust no proxy, /metrics for loopback only. */
  transport?: TransportOptions;
}

/** The worker's only HTTP: /healthz and /metrics (ARCHITECTURE.md). */
export function createWorkerHealthApp({ db, logger, runner, transport }: WorkerDependencies): Express {
  const app = createHttpApp({ service: 'webhook-worker', logger, healthChecks: { database: () => ping(db), runner: () => runner.check() }, metrics: [databasePoolMetrics(db), queueMetrics(db)], ...transport });
  return finishHttpApp(app, logger);
}
