/** Starts the worker's real queue runners and delivery engine on a test database and stops everything it started. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { createUnitOfWork } from '@tessera/persistence';
import type { TestDatabase } from '@tessera/persistence/testing';
import { loadWorkerConfig } from '../../src/config.js';
import { startDeliveryEngine } from '../../src/deliveries/delivery-engine.js';
import { createMailer } from '../../src/mailer.js';
import { startQueueRunner, type QueueRunner } from '../../src/queue-runner.js';
import { createWorkerServices } from '../../src/services.js';

export interface WorkerHarness {
  mailboxDir: string;
  /** Every log line of the runners, parsed. */
  logs: Array<Record<string, unknown>>;
  start(env?: Record<string, string>): Promise<QueueRunner>;
  /** Stops every runner still running, and removes the mailbox folder. */
  cleanup(): Promise<void>;
}

export async function workerHarness(test: TestDatabase): Promise<WorkerHarness> {
  const mailboxDir = await mkdtemp(path.join(tmpdir(), 'tessera-mailbox-'));
  const logs: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      done();
    },
  });
  const logger = pino({ level: 'info' }, sink);
  const running: Array<{ runner: QueueRunner; close: () => void }> = [];
  return {
    mailboxDir,
    logs,
    async start(env = {}) {
      const config = loadWorkerConfig({ DATABASE_URL: test.url, MAILBOX_DIR: mailboxDir, ...env });
      const mailer = createMailer({ smtpUrl: config.smtpUrl, smtpTimeouts: config.smtpTimeouts, from: config.mailFrom, mailboxDir: config.mailboxDir, logger });
      // As main.ts: the dispatcher, with the config's WEBHOOK_* settings, and the fan-out handing its deliveries to it.
      const engine = startDeliveryEngine({ connectionString: config.databaseUrl, uow: createUnitOfWork(test.db), delivery: config.delivery, sealingKey: config.sealingKey, logger });
      const runner = await startQueueRunner({
        connectionString: config.databaseUrl,
        services: createWorkerServices({ db: test.db, mailer, delivery: config.delivery, handOff: engine.handOff }),
        concurrency: config.concurrency,
        mailConcurrency: config.mailConcurrency,
        automationConcurrency: config.automationConcurrency,
        // As main.ts: the config's WORKER_HEARTBEAT_MS and WORKER_DEAD_AFTER_MS.
        liveness: { heartbeatMs: config.heartbeatMs, deadAfterMs: config.deadAfterMs },
    leaseHolder: engine.workerId,
        pollIntervalMs: 100,
        logger,
      }).catch(async (error: unknown) => {
        await engine.stop();
        throw error;
      });
      const both: QueueRunner = {
        check: async () => {
          await runner.check();
          await engine.check();
        },
        stop: async () => {
          await engine.stop();
          await runner.stop();
        },
      };
      const entry = { runner: both, close: () => mailer.close() };
      running.push(entry);
      return {
        check: () => both.check(),
        stop: async () => {
          running.splice(running.indexOf(entry), 1);
          await both.stop();
          mailer.close();
        },
      };
    },
    async cleanup() {
      for (const { runner, close } of running.splice(0)) {
        await runner.stop();
        close();
      }
      await rm(mailboxDir, { recursive: true, force: true });
    },
  };
}
