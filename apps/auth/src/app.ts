import type { Express } from 'express';
import { createHttpApp, finishHttpApp, type Logger } from '@tessera/http';
import { ping, type Database } from '@tessera/persistence';

export interface AuthDependencies {
  db: Database;
  logger: Logger;
}

/** The OAuth 2.0 server's HTTP shell: health and metrics; the authorization endpoints mount here. */
export function createAuthApp({ db, logger }: AuthDependencies): Express {
  const app = createHttpApp({ service: 'auth', logger, healthChecks: { database: () => ping(db) } });
  return finishHttpApp(app, logger);
}
