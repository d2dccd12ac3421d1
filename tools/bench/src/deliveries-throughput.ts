/**
 * Deliveries per second of the worker process(es) running now, and of the bare
 * undici POST loop they are compared with.
 *
 * Worker: `deliveries / webhooks` webhook-event jobs committed in one
 * transaction (the persistence enqueue, as the intake does), each fanned out to
 * every webhook of the set (all to the same sink), so the worker alone is
 * measured. The rate is taken from the first to the last arrival at the sink
 * (the delivery phase); the rate from the commit includes the fan-out.
 *
 * Baseline: an undici Pool with keep-alive to the same sink, as many POSTs in
 * flight as the worker's total in-flight setting, the first message the worker
 * delivered (same body, same headers, a fresh delivery id each).
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { Pool } from 'undici';
import type { Database } from '@tessera/persistence';
import { commitEvents, range, type BenchWebhooks } from './delivery-setup.js';
import { arrivalRate, type ArrivalRate } from './delivery-figures.js';
import { waitForRecorded, waitForSink, type Fail } from './deliveries-wait.js';
import { runLoad, type LoadResult } from './load.js';
import type { PostgresCpu } from './postgres-cpu.js';
import type { ServerProcess } from './server-process.js';
import type { SinkHandle } from './sink-handle.js';
import { nowMs, type SinkSample } from './webhook-sink.js';

export interface ThroughputRun {
  db: Database;
  postgresCpu?: PostgresCpu;
  sink: SinkHandle;
  webhooks: BenchWebhooks;
  fail: Fail;
}

export interface WorkerThroughput extends ArrivalRate {
  fromCommitPerSecond: number;
  allRecordedMs: number;
  sinkCpuMs: number;
  connections: number;
  /** 1-minute load average when the run began and when the last delivery was recorded. */
  load: { start: number; end: number };
  /** CPU time of the worker processes from the commit until every delivery was recorded, fan-out included; null when unknown. */
  workerCpuMs: number | null;
  /** CPU time of the PostgreSQL server over the same window; null when it is not on this machine. */
  postgresCpuMs: number | null;
}

export interface BaselineThroughput extends ArrivalRate {
  inFlight: number;
  client: LoadResult;
  sinkCpuMs: number;
  connections: number;
}

/** Deliveries of `deliveries` events' worth, unmeasured; resolves with the first message, to replay in the baseline. */
export async function warmUp(run: ThroughputRun, deliveries: number, base: number): Promise<SinkSample> {
  const events = eventsFor(run.webhooks, deliveries);
  await run.sink.reset();
  await commitEvents(run.db, run.webhooks, range(base, events));
  await waitForSink(run.sink, events * run.webhooks.ids.length);
  const sample = (await run.sink.stats({ arrivals: false })).sample!;
  await waitForRecorded(run.db, run.webhooks.ids, base, events, run.fail);
  return sample;
}

export async function measureWorker(run: ThroughputRun, deliveries: number, base: number, workers: ReadonlyArray<Pick<ServerProcess, 'cpuMs'>> = []): Promise<WorkerThroughput> {
  const events = eventsFor(run.webhooks, deliveries);
  const expected = events * run.webhooks.ids.length;
  const loadStart = loadavg()[0]!;
  const cpu = (): number | null => {
    let sum = 0;
    for (const worker of workers) {
      const ms = worker.cpuMs();
      if (ms === null) return null;
      sum += ms;
    }
    return workers.length === 0 ? null : sum;
  };
  const cpuStart = cpu();
  const postgresStart = run.postgresCpu?.() ?? null;
  await run.sink.reset();
  const committedAt = await commitEvents(run.db, run.webhooks, range(base, events));
  await waitForSink(run.sink, expected);
  const stats = await run.sink.stats();
  run.fail('repeated delivery at the sink', stats.repeats);
  const times = stats.arrivals.map(([, at]) => at);
  const fromCommitPerSecond = (expected * 1000) / (Math.max(...times) - committedAt);
  // The last arrival precedes the record of its outcome: wait until every delivery is recorded delivered.
  await waitForRecorded(run.db, run.webhooks.ids, base, events, run.fail);
  const cpuEnd = cpu();
  const postgresEnd = run.postgresCpu?.() ?? null;
  return {
    ...arrivalRate(times),
    fromCommitPerSecond,
    allRecordedMs: nowMs() - committedAt,
    sinkCpuMs: stats.cpuMs,
    connections: stats.connections,
    load: { start: loadStart, end: loadavg()[0]! },
    workerCpuMs: elapsed(cpuStart, cpuEnd),
    postgresCpuMs: elapsed(postgresStart, postgresEnd),
  };
}

export async function measureBaseline(run: Omit<ThroughputRun, 'webhooks' | 'db'>, sample: SinkSample, plan: { warmup: number; posts: number; inFlight: number }): Promise<BaselineThroughput> {
  const pool = new Pool(run.sink.url, { connections: plan.inFlight, pipelining: 1, keepAliveTimeout: 30_000 });
  const call = async () => {
    const answer = await pool.request({ method: 'POST', path: '/baseline', body: sample.body, headers: { ...sample.headers, 'x-tessera-delivery': randomUUID() } });
    await answer.body.dump();
    return answer.statusCode === 204 ? (true as const) : `HTTP ${answer.statusCode}`;
  };
  try {
    const warm = await runLoad({ calls: plan.warmup }, plan.inFlight, call);
    run.fail('baseline warm-up failure', warm.failures);
    await run.sink.reset();
    const client = await runLoad({ calls: plan.posts }, plan.inFlight, call);
    run.fail('baseline failure', client.failures);
    const stats = await run.sink.stats();
    return { ...arrivalRate(stats.arrivals.map(([, at]) => at)), inFlight: plan.inFlight, client, sinkCpuMs: stats.cpuMs, connections: stats.connections };
  } finally {
    await pool.close();
  }
}

/** The CPU time between two readings of a counter; null when either could not be read. */
function elapsed(start: number | null, end: number | null): number | null {
  return start === null || end === null ? null : end - start;
}

/** Events to commit for about `deliveries` deliveries: each fans out to every webhook of the set. */
export function eventsFor(webhooks: BenchWebhooks, deliveries: number): number {
  return Math.max(1, Math.ceil(deliveries / webhooks.ids.length));
}
