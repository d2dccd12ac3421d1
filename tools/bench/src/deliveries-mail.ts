/**
 * A hung SMTP server during the run (issue 19): the same commit-to-arrival run
 * twice, each with a fresh worker and fresh webhooks, once with SMTP_URL
 * pointing at an SMTP server that answers and once at one that accepts and
 * never greets. Alongside the measured (healthy) webhook's events, failing
 * webhooks (the sink answers 500 on their path, `mail_exceptions_to` set) get
 * events of their own, so failure e-mails are queued during both runs: one per
 * webhook at its first failure, one more when 20 failures disable it
 * (decision 016). The healthy webhook's p99 with the hung server is compared
 * with its p99 without it, at BENCH_MAIL_RATE: a rate the worker keeps up with,
 * so that what shows is the mail's effect, not a backlog's.
 */
import { discardQueuedJobs } from '@tessera/persistence';
import { measureLatency, warmUpLatency, type LatencyResult } from './deliveries-latency.js';
import type { DeliveriesContext } from './deliveries-context.js';
import { createWebhookSet } from './delivery-setup.js';
import { startAnsweringSmtpServer, startHungSmtpServer } from './smtp-servers.js';
import { workerEnv } from './worker-settings.js';

export interface MailRun {
  smtp: 'answering' | 'hung';
  latency: LatencyResult;
  /** POSTs the sink answered 500 during the run (the failing webhooks' attempts). */
  failedPosts: number;
  /** Connections the SMTP server accepted and messages it received, from the worker's start to its stop. */
  smtpConnections: number;
  smtpMessages: number;
  failingWebhooks: number;
  failingRate: number;
}

const MAIL_TO = 'bench-ops@example.test';

export async function measureMailRuns(ctx: DeliveriesContext, base: number): Promise<MailRun[]> {
  const runs: MailRun[] = [];
  for (const [i, smtp] of (['answering', 'hung'] as const).entries()) runs.push(await mailRun(ctx, smtp, base + i * 100_000));
  return runs;
}

async function mailRun(ctx: DeliveriesContext, smtp: MailRun['smtp'], base: number): Promise<MailRun> {
  const { db, sink, options, policy } = ctx;
  const server = smtp === 'hung' ? await startHungSmtpServer() : await startAnsweringSmtpServer();
  // Enough failing events for each failing webhook to reach the 20 failures that disable it within the run.
  const failingRate = Math.max(2, Math.ceil(25 / options.latencySeconds));
  try {
    const failing = await createWebhookSet(db, sink.url, { ...ctx.target, event: 'request.note-added', policy, count: options.failingWebhooks, path: 'fail', mailTo: MAIL_TO });
    const healthy = await createWebhookSet(db, sink.url, { ...ctx.target, event: 'request.update', policy, count: 1, path: 'hook' });
    const [worker] = await ctx.startWorkers(1, workerEnv(options.worker, server.url), `mail-${smtp}`);
    try {
      await warmUpLatency({ db, sink, webhooks: healthy, fail: ctx.fail }, Math.min(options.warmupEvents, 50), base);
      const latency = await measureLatency({
        db, sink, webhooks: healthy, rate: options.mailRate, seconds: options.latencySeconds, base: base + 1_000, fail: ctx.fail,
        alongside: { target: failing, rate: failingRate, base: base + 50_000 },
      });
      // The e-mails may still be queued when the last healthy delivery arrives: give them time to reach the server.
      const deadline = Date.now() + 30_000;
      const reached = () => (smtp === 'hung' ? server.connections() : server.messages()) > 0;
      while (!reached() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      const { failed } = await sink.stats({ arrivals: false });
      return { smtp, latency, failedPosts: failed, smtpConnections: server.connections(), smtpMessages: server.messages(), failingWebhooks: failing.ids.length, failingRate };
    } finally {
      await worker!.stop();
      // The failing deliveries' retries and the e-mails still queued belong to this run, not to the next.
      for (const task of ['webhook-delivery', 'send-mail']) await discardQueuedJobs(db, task);
    }
  } finally {
    await server.close();
  }
}
