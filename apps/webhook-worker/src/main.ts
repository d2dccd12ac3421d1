import { createLogger, exitOnStartupError, serve } from '@tessera/http';
import { createDatabase } from '@tessera/persistence';
import { createWorkerHealthApp } from './app.js';
import { loadWorkerConfig } from './config.js';
import { createMailer } from './mailer.js';
import { startQueueRunner } from './queue-runner.js';
import { createWorkerServices } from './services.js';

async function main(): Promise<void> {
  const config = loadWorkerConfig(process.env);
  const logger = createLogger({ name: 'webhook-worker', level: config.logLevel });
  // One connection per concurrent job, plus one for /healthz.
  const db = createDatabase({ url: config.databaseUrl, poolMax: config.concurrency + 1 });
  const mailer = createMailer({ smtpUrl: config.smtpUrl, smtpTimeouts: config.smtpTimeouts, from: config.mailFrom, mailboxDir: config.mailboxDir, logger });
  if (!config.smtpUrl) logger.warn({ mailboxDir: config.mailboxDir }, 'no SMTP_URL: e-mail is written to the dev mailbox, not sent');
  if (config.sealingKey.notice) logger.warn(config.sealingKey.notice);
  if (config.delivery.allowedNetworks.cidrs.length > 0) {
    logger.warn({ allowedNetworks: config.delivery.allowedNetworks.cidrs }, 'WEBHOOK_ALLOWED_NETWORKS: webhooks may be delivered into these networks');
  }
  const runner = await startQueueRunner({
    connectionString: config.databaseUrl,
    services: createWorkerServices({ db, mailer, delivery: config.delivery, sealingKey: config.sealingKey }),
    concurrency: config.concurrency,
    liveness: { heartbeatMs: config.heartbeatMs, deadAfterMs: config.deadAfterMs },
    logger,
  });
  // SIGTERM/SIGINT (handled by serve): the health server stops, then running jobs finish
  // (graphile-worker's graceful shutdown), then the pools close.
  const transport = { trustProxy: config.trustProxy, metricsToken: config.metricsToken };
  await serve(createWorkerHealthApp({ db, logger, runner, transport }), logger, {
    port: config.port,
    host: config.host,
    ...config.shutdown,
    onClose: async () => {
      await runner.stop();
      mailer.close();
      await db.destroy();
    },
  });
}

main().catch(exitOnStartupError('webhook-worker'));
