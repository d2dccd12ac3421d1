import { createLogger, exitOnStartupError, serve } from '@tessera/http';
import { createDatabase } from '@tessera/persistence';
import { createRequestRateLimiter, openRateLimitStore } from '@tessera/rate-limit';
import { createApiApp } from './app.js';
import { loadApiConfig } from './config.js';

async function main(): Promise<void> {
  const config = loadApiConfig(process.env);
  const logger = createLogger({ name: 'api', level: config.logLevel });
  const db = createDatabase({ url: config.databaseUrl, poolMax: config.databasePoolMax });
  const store = openRateLimitStore(config.redisUrl ? { kind: 'redis', url: config.redisUrl } : { kind: 'postgres', knex: db });
  const rateLimiter = createRequestRateLimiter(store, { name: 'rest', windows: config.rateWindows });
  const transport = { trustProxy: config.trustProxy, metricsToken: config.metricsToken };
  await serve(createApiApp({ db, logger, rateLimiter, apiUrl: config.apiUrl, transport, limits: config.limits }), logger, {
    port: config.port,
    host: config.host,
    onClose: async () => {
      await store.close();
      await db.destroy();
    },
  });
}

main().catch(exitOnStartupError('api'));
