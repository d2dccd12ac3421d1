import { createLogger, exitOnStartupError, serve } from '@tessera/http';
import { createCachedAccess, createDatabase } from '@tessera/persistence';
import { createGraphqlApp } from './app.js';
import { loadGraphqlConfig } from './config.js';
import { loadTls } from './tls.js';

async function main(): Promise<void> {
  const config = loadGraphqlConfig(process.env);
  const logger = createLogger({ name: 'graphql', level: config.logLevel });
  const tls = await loadTls(config.tls);
  if (tls.selfSigned) logger.warn('no TLS_CERT_FILE/TLS_KEY_FILE: serving a self-signed certificate for localhost');
  const db = createDatabase({ url: config.databaseUrl });
  const transport = { trustProxy: config.trustProxy, metricsToken: config.metricsToken };
  const access = createCachedAccess(db, { log: logger });
  const { app, stop } = await createGraphqlApp({ db, logger, transport, access: access.port });
  // HTTPS only: a plain-HTTP request to this port fails the TLS handshake (SPEC.md: non-HTTPS requests are rejected).
  await serve(app, logger, {
    port: config.port,
    host: config.host,
    tls: { cert: tls.cert, key: tls.key },
    onClose: async () => {
      await stop();
      await access.close();
      await db.destroy();
    },
  });
}

main().catch(exitOnStartupError('graphql'));
