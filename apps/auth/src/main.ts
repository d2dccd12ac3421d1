import { createLogger, exitOnStartupError, serve } from '@tessera/http';
import { createDatabase, createPostgresWindowCounter, startOAuthArtifactSweeper } from '@tessera/persistence';
import { openRateLimitStore } from '@tessera/rate-limit';
import { createAuthApp } from './app.js';
import { loadAuthConfig } from './config.js';

async function main(): Promise<void> {
  const config = loadAuthConfig(process.env);
  const logger = createLogger({ name: 'auth', level: config.logLevel });
  if (config.cookieKeysNotice) logger.warn(config.cookieKeysNotice);
  if (config.issuer.startsWith('https:') && config.trustProxy === false) {
    logger.warn('AUTH_PUBLIC_URL is https but TRUST_PROXY is not set: secure cookies need the TLS proxy trusted');
  }
  const db = createDatabase({ url: config.databaseUrl });
  const onSweepError = (err: unknown) => logger.warn({ err }, 'sweep of expired rate-limit windows failed; the next one retries');
  const rateLimitStore = openRateLimitStore({ kind: 'postgres', counter: createPostgresWindowCounter(db, { onSweepError }) });
  // Expired codes, tokens, sessions and interactions leave the table (decision 018).
  const sweeper = startOAuthArtifactSweeper(db, { log: logger });
  const transport = { trustProxy: config.trustProxy, metricsToken: config.metricsToken };
  const oauth = { issuer: config.issuer, cookieKeys: config.cookieKeys, loginRateLimits: config.loginRateLimits };
  await serve(createAuthApp({ db, logger, transport, oauth, rateLimitStore }), logger, {
    port: config.port,
    host: config.host,
    ...config.shutdown,
    onClose: async () => {
      await sweeper.stop();
      await rateLimitStore.close();
      await db.destroy();
    },
  });
}

main().catch(exitOnStartupError('auth'));
