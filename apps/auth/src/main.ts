import { createLogger, exitOnStartupError, serve } from '@tessera/http';
import { createDatabase } from '@tessera/persistence';
import { createAuthApp } from './app.js';
import { loadAuthConfig } from './config.js';

async function main(): Promise<void> {
  const config = loadAuthConfig(process.env);
  const logger = createLogger({ name: 'auth', level: config.logLevel });
  const db = createDatabase({ url: config.databaseUrl });
  const transport = { trustProxy: config.trustProxy, metricsToken: config.metricsToken };
  await serve(createAuthApp({ db, logger, transport }), logger, { port: config.port, host: config.host, onClose: () => db.destroy() });
}

main().catch(exitOnStartupError('auth'));
