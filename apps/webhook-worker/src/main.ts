import { createLogger, exitOnStartupError, serve } from '@tessera/http';
import { createDatabase } from '@tessera/persistence';
import { createWorkerHealthApp } from './app.js';
import { loadWorkerConfig } from './config.js';

async function main(): Promise<void> {
  const config = loadWorkerConfig(process.env);
  const logger = createLogger({ name: 'webhook-worker', level: config.logLevel });
  const db = createDatabase({ url: config.databaseUrl, poolMax: 5 });
  await serve(createWorkerHealthApp({ db, logger }), logger, { port: config.port, host: config.host, onClose: () => db.destroy() });
}

main().catch(exitOnStartupError('webhook-worker'));
