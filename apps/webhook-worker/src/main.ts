import { createLogger, exitOnStartupError, serve } from '@tessera/http';
import { createDatabase, createUnitOfWork, ensureDeliveryLogPartitions } from '@tessera/persistence';
import { DELIVERY_TIMEOUT_MS } from '@tessera/domain';
import { createWorkerHealthApp } from './app.js';
import { loadWorkerConfig } from './config.js';
import { startDeliveryEngine } from './deliveries/delivery-engine.js';
import { createDeliveryMetrics } from './deliveries/delivery-metrics.js';
import { createMailer } from './mailer.js';
import { startQueueRunner } from './queue-runner.js';
import { withinDeadline } from './within-deadline.js';
import { createWorkerServices, DELIVERY_LOG_DAYS_AHEAD } from './services.js';

/**
 * The work lane's jobs (a fan-out batch takes one connection for all of its jobs, a `waiting_until`
 * release one each, and those beyond wait for a free one), then one per slot of the rules lane (so
 * rules never wait on the fan-out's connections, nor it on theirs), the dispatcher's claim, the
 * recorder's batch, /healthz, and one to spare.
 */
const POOL_FOR_JOBS = 8;
const POOL_BEYOND_JOBS = 4;
/** Of the shutdown grace, kept after the delivery engine's stop for the runners' and the pools'. */
const CLOSE_RESERVE_MS = 1_000;

async function main(): Promise<void> {
  const config = loadWorkerConfig(process.env);
  const logger = createLogger({ name: 'webhook-worker', level: config.logLevel });
  const db = createDatabase({ url: config.databaseUrl, poolMax: Math.min(config.concurrency, POOL_FOR_JOBS) + config.automationConcurrency + POOL_BEYOND_JOBS });
  const mailer = createMailer({ smtpUrl: config.smtpUrl, smtpTimeouts: config.smtpTimeouts, from: config.mailFrom, mailboxDir: config.mailboxDir, logger });
  if (!config.smtpUrl) logger.warn({ mailboxDir: config.mailboxDir }, 'no SMTP_URL: e-mail is written to the dev mailbox, not sent');
  if (config.sealingKey.notice) logger.warn(config.sealingKey.notice);
  if (config.delivery.allowedNetworks.cidrs.length > 0) {
    logger.warn({ allowedNetworks: config.delivery.allowedNetworks.cidrs }, 'WEBHOOK_ALLOWED_NETWORKS: webhooks may be delivered into these networks');
  }
  // A delivery claimed ahead may wait up to one send timeout for a slot, then send for up to another.
  if (config.delivery.leaseMs < 2 * DELIVERY_TIMEOUT_MS + 5_000) {
    logger.warn({ leaseMs: config.delivery.leaseMs }, 'WEBHOOK_LEASE_MS is close to twice the 10 s send timeout: a slow live attempt may lose its lease and be sent twice');
  }
  // This week's partition of the delivery log and the next days' exist before anything is written, however
  // long the system was idle (decision 057); the hourly upkeep drops the expired ones.
  await ensureDeliveryLogPartitions(db, { daysAhead: DELIVERY_LOG_DAYS_AHEAD });
  const metrics = createDeliveryMetrics();
  const engine = startDeliveryEngine({
    connectionString: config.databaseUrl, uow: createUnitOfWork(db), delivery: config.delivery, sealingKey: config.sealingKey, logger, metrics,
  });
  const runner = await startQueueRunner({
    connectionString: config.databaseUrl,
    services: createWorkerServices({ db, mailer, delivery: config.delivery, handOff: engine.handOff }),
    concurrency: config.concurrency,
    mailConcurrency: config.mailConcurrency,
    automationConcurrency: config.automationConcurrency,
    liveness: { heartbeatMs: config.heartbeatMs, deadAfterMs: config.deadAfterMs },
    leaseHolder: engine.workerId,
    logger,
  });
  // SIGTERM/SIGINT (handled by serve): the health server stops, then the dispatcher stops claiming and its
  // sends in flight finish and are recorded, then running jobs finish (graphile-worker's graceful shutdown),
  // then the pools close.
  const transport = { trustProxy: config.trustProxy, metricsToken: config.metricsToken };
  await serve(createWorkerHealthApp({ db, logger, runner, dispatcher: engine, recorder: engine.recorder, metrics: metrics.register, transport }), logger, {
    port: config.port,
    host: config.host,
    ...config.shutdown,
    // Within what is left of SHUTDOWN_GRACE_MS, keeping a moment for the runners and the pools; what
    // is not done by then is logged by the step that left it and reported by serve's last line.
    onClose: async (remainingMs) => {
      const deadlineAt = Date.now() + remainingMs;
      const unfinished = await engine.stop(deadlineAt - Math.min(CLOSE_RESERVE_MS, remainingMs / 2));
      const runners = await withinDeadline(runner.stop(), deadlineAt).catch((error: unknown) => ({ done: false as const, error }));
      // Their worker_processes rows stay; the other workers free their jobs after WORKER_DEAD_AFTER_MS.
      if (!runners.done) logger.warn({ err: 'error' in runners ? runners.error : undefined }, 'job runners did not stop cleanly; the other workers free their jobs');
      mailer.close();
      await withinDeadline(db.destroy(), deadlineAt);
      return { ...unfinished, jobRunners: runners.done ? 0 : 1 };
    },
  });
}

main().catch(exitOnStartupError('webhook-worker'));
