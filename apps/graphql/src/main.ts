import { createLogger, exitOnStartupError, serve } from '@tessera/http';
import { createCachedAccess, createDatabase, createPostgresWindowCounter } from '@tessera/persistence';
import { openRateLimitStore } from '@tessera/rate-limit';
import { readFile } from 'node:fs/promises';
import { createGraphqlApp } from './app.js';
import { parseTrustedDocuments } from './persisted/trusted-documents.js';
import { loadGraphqlConfig } from './config.js';
import { loadTls } from './tls.js';

async function main(): Promise<void> {
  const config = loadGraphqlConfig(process.env);
  const logger = createLogger({ name: 'graphql', level: config.logLevel });
  // Behind a TLS-terminating proxy the certificate is the proxy's; otherwise TLS is served here.
  const tls = config.tlsMode === 'direct' ? await loadTls(config.tls) : null;
  if (tls?.selfSigned) logger.warn('no TLS_CERT_FILE/TLS_KEY_FILE: serving a self-signed certificate for localhost');
  const db = createDatabase({ url: config.databaseUrl });
  const transport = { trustProxy: config.trustProxy, metricsToken: config.metricsToken };
  const access = createCachedAccess(db, { log: logger, redisUrl: config.redisUrl });
  // The quota counters every replica shares: Redis when REDIS_URL is set, else the database (as the api).
  const onSweepError = (err: unknown) => logger.warn({ err }, 'sweep of expired rate-limit windows failed; the next one retries');
  const store = openRateLimitStore(config.redisUrl ? { kind: 'redis', url: config.redisUrl } : { kind: 'postgres', counter: createPostgresWindowCounter(db, { onSweepError }) });
  // Trusted documents: the manifest is read once; a bad one stops the app here, with its reason.
  const file = config.persistedQueries.trustedDocumentsFile;
  const trusted = file ? parseTrustedDocuments(await readFile(file, 'utf8'), `GRAPHQL_TRUSTED_DOCUMENTS=${file}`) : null;
  if (trusted) logger.info({ documents: trusted.size }, 'trusted documents only: other documents are refused');
  const { trustedDocumentsFile: _file, ...persistedLimits } = config.persistedQueries;
  const persistedQueries = { ...persistedLimits, trusted };
  const { app, stop } = await createGraphqlApp({ db, logger, transport, access: access.port, limits: config.limits, quotaCounter: store.counter, tls: config.tlsMode, rateLimitStoreDown: config.rateLimitStoreDown, persistedQueries });
  await serve(app, logger, {
    port: config.port,
    host: config.host,
    ...config.shutdown,
    // HTTPS only: a plain-HTTP request to this port gets 400 (SPEC.md: non-HTTPS requests are rejected).
    // In proxy mode the app refuses, with 403, what the proxy did not receive over HTTPS.
    ...(tls ? { tls: { cert: tls.cert, key: tls.key } } : {}),
    onClose: async () => {
      await stop();
      await store.close();
      await access.close();
      await db.destroy();
    },
  });
}

main().catch(exitOnStartupError('graphql'));
