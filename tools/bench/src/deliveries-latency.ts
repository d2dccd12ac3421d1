/**
 * Commit-to-arrival: events committed one per transaction (as the intake
 * commits them) at a steady rate, open loop (the next is due 1/rate s after
 * the last, whether or not it was delivered), each timed from the moment its
 * commit was acknowledged to its delivery's arrival at the sink. Optionally a
 * second stream of events at its own rate alongside (the mail runs' failing
 * webhooks), not measured.
 *
 * The stages come from the database's and the worker's clocks (ms precision):
 * commit → the delivery row (fan-out), → its first attempt started (pick-up),
 * → arrival at the sink (sign and POST).
 */
import type { Database } from '@tessera/persistence';
import { commitEvents, range, type BenchWebhooks, type EventTarget, type RecordedDelivery } from './delivery-setup.js';
import { commitToDelivery, dueAtMs, summariseLatencies, type LatencySummary } from './delivery-figures.js';
import { waitForRecorded, waitForSink, type Fail } from './deliveries-wait.js';
import type { SinkHandle } from './sink-handle.js';

export interface LatencyRun {
  db: Database;
  sink: SinkHandle;
  /** One webhook: each event makes one delivery. */
  webhooks: BenchWebhooks;
  rate: number;
  seconds: number;
  base: number;
  fail: Fail;
  alongside?: { target: EventTarget; rate: number; base: number };
}

export interface LatencyResult extends LatencySummary {
  rate: number;
  seconds: number;
  missing: number;
  /** From when each commit was due to when it was acknowledged: high, and the bench (not the worker) fell behind. */
  commits: LatencySummary;
  stages: { fanOut: LatencySummary; pickUp: LatencySummary; send: LatencySummary };
}

export async function warmUpLatency(run: Pick<LatencyRun, 'db' | 'sink' | 'webhooks' | 'fail'>, events: number, base: number): Promise<void> {
  await run.sink.reset();
  await commitEvents(run.db, run.webhooks, range(base, events));
  await waitForSink(run.sink, events);
  await waitForRecorded(run.db, run.webhooks.ids, base, events, run.fail);
}

export async function measureLatency(run: LatencyRun): Promise<LatencyResult> {
  const { rate, seconds } = run;
  const count = Math.max(1, Math.round(rate * seconds));
  await run.sink.reset();
  const commits = new Map<number, number>();
  const commitTimes: number[] = [];
  const measured = openLoop(count, rate, async (i, dueAt) => {
    const at = await commitEvents(run.db, run.webhooks, [run.base + i]);
    commits.set(run.base + i, at);
    commitTimes.push(at - dueAt);
  }, run.fail);
  const alongside = run.alongside;
  const other = alongside ? openLoop(Math.max(1, Math.round(alongside.rate * seconds)), alongside.rate, (i) => commitEvents(run.db, alongside.target, [alongside.base + i]).then(() => undefined), run.fail) : Promise.resolve();
  await Promise.all([measured, other]);
  await waitForSink(run.sink, commits.size);
  const deliveries = await waitForRecorded(run.db, run.webhooks.ids, run.base, count, run.fail);
  const arrivals = new Map((await run.sink.stats()).arrivals);
  const { latencies, missing } = commitToDelivery(commits, deliveries, arrivals);
  run.fail('event not delivered', missing);
  return { ...summariseLatencies(latencies), rate, seconds, missing, commits: summariseLatencies(commitTimes), stages: stagesOf(deliveries, commits, arrivals) };
}

/**
 * Calls `commit(i, dueAt)` for i < count, each due at i/rate s after the start (dueAt in epoch ms);
 * resolves when all have settled. A commit that fails is counted under its reason, not thrown.
 */
async function openLoop(count: number, rate: number, commit: (index: number, dueAt: number) => Promise<void>, fail: Fail): Promise<void> {
  const began = performance.now();
  const inFlight: Array<Promise<void>> = [];
  for (let i = 0; i < count; i++) {
    const wait = began + dueAtMs(i, rate) - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(commit(i, performance.timeOrigin + began + dueAtMs(i, rate)).catch((error: unknown) => void fail(`commit failed: ${error instanceof Error ? error.message : String(error)}`)));
  }
  await Promise.all(inFlight);
}

function stagesOf(deliveries: readonly RecordedDelivery[], commits: ReadonlyMap<number, number>, arrivals: ReadonlyMap<string, number>): LatencyResult['stages'] {
  const stage = (pick: (d: RecordedDelivery) => number | null) => summariseLatencies(deliveries.map(pick).filter((v): v is number => v !== null));
  return {
    fanOut: stage((d) => (commits.has(d.objectId) ? d.createdAt - commits.get(d.objectId)! : null)),
    pickUp: stage((d) => (d.startedAt === null ? null : d.startedAt - d.createdAt)),
    send: stage((d) => (d.startedAt === null || !arrivals.has(d.id) ? null : arrivals.get(d.id)! - d.startedAt)),
  };
}
