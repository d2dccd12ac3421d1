import { createLogger, exitOnStartupError, serve } from '@tessera/http';
import { createCachedAccess, createDatabase, createPostgresWindowCounter } from '@tessera/persistence';
import { createRequestRateLimiter, openRateLimitStore } from '@tessera/rate-limit';
import { createApiApp } from './app.js';
import { loadApiConfig } from './config.js';
import { createScssPool } from './scss/scss-pool.js';

async function main(): Promise<void> {
  const config = loadApiConfig(process.env);
  const logger = createLogger({ name: 'api', level: config.logLevel });
  if (config.sealingKey.notice) logger.warn(config.sealingKey.notice);
  const db = createDatabase({ url: config.databaseUrl, poolMax: config.databasePoolMax });
  const onSweepError = (err: unknown) => logger.warn({ err }, 'sweep of expired rate-limit windows failed; the next one retries');
  const store = openRateLimitStore(config.redisUrl ? { kind: 'redis', url: config.redisUrl } : { kind: 'postgres', counter: createPostgresWindowCounter(db, { onSweepError }) });
  const rateLimiter = createRequestRateLimiter(store, { name: 'rest', windows: config.rateWindows });
  const transport = { trustProxy: config.trustProxy, metricsToken: config.metricsToken };
  const access = createCachedAccess(db, { log: logger, redisUrl: config.redisUrl });
  const scss = createScssPool(config.scss);
  const app = createApiApp({ db, logger, rateLimiter, apiUrl: config.apiUrl, transport, access: access.port, limits: config.limits, sealingKey: config.sealingKey, scss, rateLimitStoreDown: config.rateLimitStoreDown });
  await serve(app, logger, {
    port: config.port,
    host: config.host,
    ...config.shutdown,
    onClose: async () => {
      await scss.close();
      await access.close();
      await store.close();
      await db.destroy();
    },
  });
}

main().catch(exitOnStartupError('api'));
