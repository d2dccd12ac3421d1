import type { Express } from 'express';
import type { Registry } from 'prom-client';
import { createHttpApp, databasePoolMetrics, finishHttpApp, queueMetrics, type Logger, type TransportOptions } from '@tessera/http';
import { ping, type Database } from '@tessera/persistence';

export interface WorkerDependencies {
  db: Database;
  logger: Logger;
  /** The job runners' state (queue-runner.ts): /healthz fails while a lane has no runner or its heartbeat is stale. */
  runner: { check(): Promise<void> };
  /** The delivery dispatcher's state: /healthz fails while it cannot claim deliveries. */
  dispatcher: { check(): Promise<void> };
  /** The outcome recorder's state: /healthz fails while delivery outcomes cannot be recorded. Optional for a worker without deliveries (tests). */
  recorder?: { check(): Promise<void> };
  /** The worker's own metrics, served at /metrics beside the process ones. */
  metrics?: (registry: Registry) => void;
  /** TRUST_PROXY and METRICS_TOKEN from the config; defaults: trust no proxy, /metrics for loopback only. */
  transport?: TransportOptions;
}

/** The worker's only HTTP: /healthz and /metrics (ARCHITECTURE.md). */
export function createWorkerHealthApp({ db, logger, runner, dispatcher, recorder, metrics, transport }: WorkerDependencies): Express {
  const app = createHttpApp({
    service: 'webhook-worker',
    logger,
    healthChecks: {
      database: () => ping(db), runner: () => runner.check(), dispatcher: () => dispatcher.check(), ...(recorder ? { recorder: () => recorder.check() } : {}),
    },
    metrics: [databasePoolMetrics(db), queueMetrics(db), ...(metrics ? [metrics] : [])],
    ...transport,
  });
  return finishHttpApp(app, logger);
}
