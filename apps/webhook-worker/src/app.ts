import type { Express } from 'express';
import { createHttpApp, finishHttpApp, type Logger } from '@tessera/http';
import { ping, type Database } from '@tessera/persistence';

export interface WorkerDependencies {
  db: Database;
  logger: Logger;
}

/** The worker's only HTTP: /healthz and /metrics (ARCHITECTURE.md). */
export function createWorkerHealthApp({ db, logger }: WorkerDependencies): Express {
  const app = createHttpApp({ service: 'webhook-worker', logger, healthChecks: { database: () => ping(db) } });
  return finishHttpApp(app, logger);
}
