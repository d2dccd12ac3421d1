/**
 * Webhook deliveries (issue 9): signed deliveries per second from one webhook
 * worker process (its default concurrency) to a local sink, beside a bare got
 * POST loop to the same sink with the same concurrency and the same message;
 * and the commit-to-delivery latency of single events at a low steady rate.
 *
 * Throughput: `events` webhook-event jobs committed in one transaction (the
 * persistence enqueue, as the intake does), so the worker alone is measured:
 * each is fanned out (one transaction, one delivery and its job) and then
 * delivered (one transaction: claim under the delivery's lock, sign, POST,
 * record the attempt). Deliveries/s is taken from the first to the last
 * arrival at the sink; the fan-out of the early events precedes the first one.
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import got from 'got';
import type { Database } from '@tessera/persistence';
import type { DeliveriesOptions } from './bench-options.js';
import { commitEvents, deliveriesOf, range, type BenchWebhook } from './delivery-setup.js';
import { arrivalRate, commitToDelivery, dueAtMs, summariseLatencies, type ArrivalRate, type LatencySummary } from './delivery-figures.js';
import { runLoad, type LoadResult } from './load.js';
import type { SinkHandle } from './sink-handle.js';
import { nowMs, type SinkSample } from './webhook-sink.js';

/** The worker's default WORKER_CONCURRENCY, which the bench leaves unset; the baseline loop uses as many clients. */
export const WORKER_DEFAULT_CONCURRENCY = 5;

const WARMUP_BASE = 1_000_000;
const THROUGHPUT_BASE = 2_000_000;
const LATENCY_BASE = 3_000_000;

export interface DeliveriesResult {
  alg: string;
  /** 1-minute load average when this algorithm's measurements began: others' work moves every figure. */
  loadAtStart: number;
  bodyBytes: number;
  worker: ArrivalRate & { fromCommitPerSecond: number; allRecordedMs: number; sinkCpuMs: number; connections: number };
  baseline: ArrivalRate & { client: LoadResult; sinkCpuMs: number; connections: number };
  latency: LatencySummary & { rate: number; seconds: number; missing: number; stages: Record<'fanOut' | 'pickUp' | 'send', LatencySummary> };
  failures: Record<string, number>;
}

export interface DeliveriesRun {
  db: Database;
  webhook: BenchWebhook;
  sink: SinkHandle;
  options: DeliveriesOptions;
}

export async function benchDeliveries(run: DeliveriesRun): Promise<DeliveriesResult> {
  const loadAtStart = loadavg()[0]!;
  const failures: Record<string, number> = {};
  const fail = (reason: string, count = 1) => count > 0 && (failures[reason] = (failures[reason] ?? 0) + count);

  // Warm-up: the worker's JIT, pools and key cache; its first message is the baseline's.
  await run.sink.reset();
  await commitEvents(run.db, run.webhook, range(WARMUP_BASE, run.options.warmupEvents));
  await waitForSink(run.sink, run.options.warmupEvents);
  const sample = (await run.sink.stats({ arrivals: false })).sample!;
  await waitForRecorded(run, WARMUP_BASE, run.options.warmupEvents, fail);

  const worker = await measureWorker(run, fail);
  const baseline = await measureBaseline(run, sample, fail);
  const latency = await measureLatency(run, fail);
  return { alg: run.webhook.alg, loadAtStart, bodyBytes: Buffer.byteLength(sample.body), worker, baseline, latency, failures };
}

type Fail = (reason: string, count?: number) => unknown;

async function measureWorker(run: DeliveriesRun, fail: Fail): Promise<DeliveriesResult['worker']> {
  const count = run.options.events;
  await run.sink.reset();
  const committedAt = await commitEvents(run.db, run.webhook, range(THROUGHPUT_BASE, count));
  await waitForSink(run.sink, count);
  const stats = await run.sink.stats();
  fail('repeated delivery at the sink', stats.repeats);
  const times = stats.arrivals.map(([, at]) => at);
  const rate = arrivalRate(times);
  const fromCommitPerSecond = (count * 1000) / (Math.max(...times) - committedAt);
  // The last arrival precedes the commit of its attempt: wait for every delivery to be recorded as delivered.
  await waitForRecorded(run, THROUGHPUT_BASE, count, fail);
  return { ...rate, fromCommitPerSecond, allRecordedMs: nowMs() - committedAt, sinkCpuMs: stats.cpuMs, connections: stats.connections };
}

/** The same message (body and headers) as the worker sent, each POST with a delivery id of its own. */
async function measureBaseline(run: DeliveriesRun, sample: SinkSample, fail: Fail): Promise<DeliveriesResult['baseline']> {
  const url = `${run.sink.url}/baseline`;
  const call = async () => {
    const answer = await got.post(url, {
      body: sample.body,
      headers: { ...sample.headers, 'x-tessera-delivery': randomUUID() },
      timeout: { request: 10_000 },
      followRedirect: false,
      retry: { limit: 0 },
      throwHttpErrors: false,
    });
    return answer.statusCode === 204 ? (true as const) : `HTTP ${answer.statusCode}`;
  };
  const warm = await runLoad({ calls: run.options.warmupEvents }, WORKER_DEFAULT_CONCURRENCY, call);
  fail('baseline warm-up failure', warm.failures);
  await run.sink.reset();
  const client = await runLoad({ calls: run.options.events }, WORKER_DEFAULT_CONCURRENCY, call);
  fail('baseline failure', client.failures);
  const stats = await run.sink.stats();
  return { ...arrivalRate(stats.arrivals.map(([, at]) => at)), client, sinkCpuMs: stats.cpuMs, connections: stats.connections };
}

/** Open loop: one event per transaction every 1/rate s, whether or not the previous one was delivered. */
async function measureLatency(run: DeliveriesRun, fail: Fail): Promise<DeliveriesResult['latency']> {
  const { latencyRate: rate, latencySeconds: seconds } = run.options;
  const count = Math.max(1, Math.round(rate * seconds));
  await run.sink.reset();
  const commits = new Map<number, number>();
  const began = performance.now();
  const inFlight: Array<Promise<void>> = [];
  for (let i = 0; i < count; i++) {
    const wait = began + dueAtMs(i, rate) - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const objectId = LATENCY_BASE + i;
    inFlight.push(commitEvents(run.db, run.webhook, [objectId]).then((at) => void commits.set(objectId, at)));
  }
  await Promise.all(inFlight);
  await waitForSink(run.sink, count);
  const deliveries = await waitForRecorded(run, LATENCY_BASE, count, fail);
  const stats = await run.sink.stats();
  const arrivals = new Map(stats.arrivals);
  const { latencies, missing } = commitToDelivery(commits, deliveries, arrivals);
  fail('event not delivered', missing);
  // Where the time goes, by the database's and the worker's clocks (ms precision): commit → delivery row
  // (fan-out job picked up and committed), → first attempt started (delivery job picked up), → arrival.
  const stage = (pick: (d: (typeof deliveries)[number]) => number | null) => summariseLatencies(deliveries.map(pick).filter((v): v is number => v !== null));
  const stages = {
    fanOut: stage((d) => d.createdAt - commits.get(d.objectId)!),
    pickUp: stage((d) => (d.startedAt === null ? null : d.startedAt - d.createdAt)),
    send: stage((d) => (d.startedAt === null || !arrivals.has(d.id) ? null : arrivals.get(d.id)! - d.startedAt)),
  };
  return { ...summariseLatencies(latencies), rate, seconds, missing, stages };
}

async function waitForSink(sink: SinkHandle, count: number): Promise<void> {
  const deadline = Date.now() + 60_000 + count * 50;
  while ((await sink.stats({ arrivals: false })).received < count) {
    if (Date.now() > deadline) throw new Error(`the sink received ${(await sink.stats({ arrivals: false })).received} of ${count} deliveries in time`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Until every delivery of the range is recorded delivered (or failed); anything else counts as a failure. */
async function waitForRecorded(run: DeliveriesRun, from: number, count: number, fail: Fail) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const deliveries = await deliveriesOf(run.db, run.webhook.id, from, count);
    const settled = deliveries.filter((d) => d.status !== 'pending');
    if ((deliveries.length === count && settled.length === count) || Date.now() > deadline) {
      fail('delivery not recorded as delivered', count - deliveries.filter((d) => d.status === 'delivered').length);
      fail('failed attempt', deliveries.filter((d) => d.error !== null).length);
      return deliveries;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
