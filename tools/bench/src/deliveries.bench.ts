/**
 * Webhook deliveries (issues 9 and 19), each figure beside its baseline of the
 * same run, to one sink, with one body and set of headers per algorithm:
 *
 * 1. per algorithm, one worker process's deliveries per second against a bare
 *    undici POST loop with as many requests in flight as the worker's total
 *    in-flight setting; an algorithm the policy table does not take yet is
 *    skipped with a line saying so;
 * 2. two worker processes against one, measured one after the other;
 * 3. commit to arrival at a steady rate, one event per transaction;
 * 4. the same with failure e-mails queued, once with an SMTP server that
 *    answers and once with a hung one (deliveries-mail.ts);
 * 5. an ordered webhook's rate (deliveries-ordered.ts);
 * 6. each batch statement's PostgreSQL CPU against the minimal pipeline's (deliveries-statements.ts).
 */
import { discardQueuedJobs } from '@tessera/persistence';
import { measureLatency, warmUpLatency } from './deliveries-latency.js';
import { measureMailRuns } from './deliveries-mail.js';
import { measureOrdered } from './deliveries-ordered.js';
import { reportBacklog, reportDurable, reportLatency, reportMail, reportOrdered, reportScaling, reportSkippedAlg, reportStatementCosts, reportThroughput } from './deliveries.report.js';
import { measureStatementCosts } from './deliveries-statements.js';
import { measureBaseline, measureWorker, warmUp, type WorkerThroughput } from './deliveries-throughput.js';
import { measurePipeline } from './deliveries-pipeline.js';
import { measureClaimBacklogs } from './deliveries-backlog.js';
import { failureCounter } from './deliveries-wait.js';
import { stopAll, type DeliveriesContext } from './deliveries-context.js';
import { createBenchPolicy, createWebhookSet } from './delivery-setup.js';
import { reportStatements, resetStatements, topStatements, type StatementFigure } from './pg-statements.js';
import { workerEnv } from './worker-settings.js';

const WARMUP_BASE = 1_000_000;
const THROUGHPUT_BASE = 2_000_000;
const LATENCY_BASE = 3_000_000;
const MAIL_BASE = 4_000_000;
const ORDERED_BASE = 5_000_000;
/**
 * The loop is measured over at least this many POSTs, after at least this many: 4,000 POSTs took it
 * 0.08–0.27 s, and its rate moved threefold between the algorithms of one run (a cold first loop).
 */
const BASELINE_MIN_POSTS = 20_000;
const BASELINE_MIN_WARMUP = 4_000;

export type DeliveriesSetup = Omit<DeliveriesContext, 'policy' | 'fail'>;

/** The algorithm the minimal durable pipeline signs with (two HMACs per message): the worker is compared with it on its policy. */
const PIPELINE_ALG = 'hs256';

/** Runs and prints every part; resolves with the failures by reason (none: the figures are valid). */
export async function benchDeliveries(setup: DeliveriesSetup, print: (...lines: string[]) => void): Promise<Record<string, number>> {
  const { failures, fail } = failureCounter();
  // The webhook events the events intake left queued would otherwise fan out in the middle of the measured ones.
  await discardQueuedJobs(setup.db, 'webhook-event');
  let first: { policy: DeliveriesContext['policy'] } | null = null;
  let piped: DeliveriesContext | null = null;
  const parts = new Set(setup.options.parts);
  for (const alg of setup.options.algs) {
    const policy = await createBenchPolicy(setup.db, setup.target.account, alg);
    if ('skipped' in policy) {
      print(reportSkippedAlg(alg, policy.skipped), '');
      continue;
    }
    if (parts.has('throughput')) await throughputOfAlg({ ...setup, policy, fail }, print);
    first ??= { policy };
    if (alg === PIPELINE_ALG) piped = { ...setup, policy, fail };
  }
  if (piped === null && (parts.has('throughput') || parts.has('durable'))) print(`minimal durable pipeline: not measured (it signs as an ${PIPELINE_ALG} policy, and BENCH_WEBHOOK_ALGS has no ${PIPELINE_ALG})`, '');
  else if (piped !== null && parts.has('durable')) await durableRun(piped, print);
  if (first === null) {
    print('webhook deliveries: no algorithm of BENCH_WEBHOOK_ALGS is accepted by the policy table; nothing else measured', '');
    return { 'no algorithm to measure': 1 };
  }
  const ctx: DeliveriesContext = { ...setup, policy: first.policy, fail };
  if (parts.has('statements')) print(reportStatementCosts(await measureStatementCosts(ctx)), '');
  // One worker again, right before two: other work on the machine moves the figures from minute to minute.
  if (parts.has('scaling')) {
    const one = await workersThroughput(ctx, 1);
    print(reportScaling(one, await workersThroughput(ctx, 2), ctx.options), '');
  }
  if (parts.has('latency')) print(reportLatency(await latencyRun(ctx), ctx.policy.alg), '');
  if (parts.has('mail')) print(reportMail(await measureMailRuns(ctx, MAIL_BASE), ctx.options), '');
  if (parts.has('ordered')) print(reportOrdered(await measureOrdered(ctx, ORDERED_BASE), ctx.policy.alg), '');
  // Last: it empties the delivery tables.
  if (parts.has('backlog')) print(reportBacklog(await measureClaimBacklogs(ctx, ctx.options.claimBacklogs, (line) => print(line)), ctx.options), '');
  return failures;
}

async function throughputOfAlg(ctx: DeliveriesContext, print: (...lines: string[]) => void): Promise<void> {
  const { db, sink, options, fail } = ctx;
  const webhooks = await createWebhookSet(db, sink.url, { ...ctx.target, event: 'request.create', policy: ctx.policy, count: options.webhooks, path: 'hook' });
  const run = { db, sink, webhooks, fail, postgresCpu: ctx.postgresCpu };
  const workers = await ctx.startWorkers(1, workerEnv(options.worker), `deliveries-${ctx.policy.alg}`);
  let measured: { sample: Awaited<ReturnType<typeof warmUp>>; worker: WorkerThroughput; statements: StatementFigure[] | null; pipeline?: WorkerThroughput };
  try {
    const sample = await warmUp(run, options.warmupEvents, WARMUP_BASE);
    if (ctx.statements) await resetStatements(db);
    const worker = await measureWorker(run, options.events, THROUGHPUT_BASE, workers);
    measured = { sample, worker, statements: ctx.statements ? await topStatements(db) : null };
  } finally {
    await stopAll(workers);
  }
  // With the worker stopped: the loop and the worker never compete for the CPU.
  const baseline = await measureBaseline({ sink, fail }, measured.sample, {
    warmup: options.quick ? options.warmupEvents : Math.max(options.warmupEvents, BASELINE_MIN_WARMUP),
    posts: options.quick ? measured.worker.count : Math.max(measured.worker.count, BASELINE_MIN_POSTS),
    inFlight: options.worker.maxInFlight,
  });
  // Also with the worker stopped, after the loop: the pipeline runs in the bench process.
  const pipeline = ctx.policy.alg === PIPELINE_ALG ? await pipelineRun(ctx, measured.sample) : undefined;
  print(reportThroughput({ alg: ctx.policy.alg, bodyBytes: Buffer.byteLength(measured.sample.body), worker: measured.worker, baseline, pipeline }, options, sink.mode));
  if (measured.statements) print(reportStatements(measured.statements, measured.worker.count));
  else if (ctx.statements === false) print("  PostgreSQL's statements: not available (the server of DATABASE_URL does not load pg_stat_statements)");
  print('');
}

function pipelineRun(ctx: DeliveriesContext, sample: Awaited<ReturnType<typeof warmUp>>): Promise<WorkerThroughput> {
  const { options } = ctx;
  return measurePipeline(
    { databaseUrl: ctx.databaseUrl, sink: ctx.sink, postgresCpu: ctx.postgresCpu, fail: ctx.fail, sample, webhooks: options.webhooks, inFlight: options.worker.maxInFlight },
    options.events,
    options.warmupEvents,
  );
}

/**
 * The worker and the pipeline once more with fsync, synchronous_commit and full_page_writes on (as
 * `npm start` runs the embedded server), then off again for the other parts.
 */
async function durableRun(ctx: DeliveriesContext, print: (...lines: string[]) => void): Promise<void> {
  if (ctx.durability === null) {
    print('with durability on: not measured (the server of DATABASE_URL keeps its own settings)', '');
    return;
  }
  const on = await ctx.durability(true);
  let off = '';
  let figures: { worker: WorkerThroughput; pipeline: WorkerThroughput };
  try {
    const { sample, worker } = await workersRun(ctx, 1, `durable-${ctx.policy.alg}`);
    figures = { worker, pipeline: await pipelineRun(ctx, sample) };
  } finally {
    // Whatever happened, the parts after run on the bench's settings.
    off = await ctx.durability(false);
  }
  print(`${reportDurable(on, ctx.policy.alg, figures.worker, figures.pipeline)}\n  then durability off again for the other parts: ${off}`, '');
}

/** `count` fresh worker processes on fresh webhooks: warm-up, then the measured load; with the first message delivered. */
async function workersRun(ctx: DeliveriesContext, count: number, label: string): Promise<{ sample: Awaited<ReturnType<typeof warmUp>>; worker: WorkerThroughput }> {
  const { db, sink, options, fail } = ctx;
  const webhooks = await createWebhookSet(db, sink.url, { ...ctx.target, event: 'request.create', policy: ctx.policy, count: options.webhooks, path: 'hook' });
  const run = { db, sink, webhooks, fail, postgresCpu: ctx.postgresCpu };
  const workers = await ctx.startWorkers(count, workerEnv(options.worker), label);
  try {
    const sample = await warmUp(run, options.warmupEvents, WARMUP_BASE);
    return { sample, worker: await measureWorker(run, options.events, THROUGHPUT_BASE, workers) };
  } finally {
    await stopAll(workers);
  }
}

/** The same load as the first algorithm's, on fresh webhooks, shared by `count` worker processes. */
async function workersThroughput(ctx: DeliveriesContext, count: number): Promise<WorkerThroughput> {
  return (await workersRun(ctx, count, `scaling-${count}-${ctx.policy.alg}`)).worker;
}

async function latencyRun(ctx: DeliveriesContext) {
  const { db, sink, options, fail } = ctx;
  const webhooks = await createWebhookSet(db, sink.url, { ...ctx.target, event: 'request.update', policy: ctx.policy, count: 1, path: 'hook' });
  const workers = await ctx.startWorkers(1, workerEnv(options.worker), `latency-${ctx.policy.alg}`);
  try {
    await warmUpLatency({ db, sink, webhooks, fail }, Math.min(options.warmupEvents, 50), WARMUP_BASE);
    return await measureLatency({ db, sink, webhooks, rate: options.latencyRate, seconds: options.latencySeconds, base: LATENCY_BASE, fail });
  } finally {
    await stopAll(workers);
  }
}
