/**
 * The figures of the deliveries benchmark, from arrival times at the sink and
 * commit times in the bench (epoch ms, one clock): a rate between the first and
 * the last arrival, and commit-to-delivery latencies.
 */
import { percentile } from './load.js';

export interface ArrivalRate {
  count: number;
  /** From the first arrival to the last. */
  spanMs: number;
  /** Intervals between arrivals per second: (count - 1) / span; 0 with fewer than two arrivals. */
  perSecond: number;
}

export function arrivalRate(times: readonly number[]): ArrivalRate {
  if (times.length < 2) return { count: times.length, spanMs: 0, perSecond: 0 };
  const first = Math.min(...times);
  const last = Math.max(...times);
  const spanMs = last - first;
  return { count: times.length, spanMs, perSecond: spanMs > 0 ? ((times.length - 1) * 1000) / spanMs : 0 };
}

export interface LatencySummary {
  count: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
}

export function summariseLatencies(values: readonly number[]): LatencySummary {
  const sorted = [...values].sort((a, b) => a - b);
  return { count: sorted.length, p50Ms: percentile(sorted, 0.5), p90Ms: percentile(sorted, 0.9), p99Ms: percentile(sorted, 0.99), maxMs: sorted[sorted.length - 1] ?? 0 };
}

export interface CommitToDelivery {
  latencies: number[];
  /** Events committed whose delivery never reached the sink. */
  missing: number;
}

/**
 * Pairs each committed event (by its object id) with its delivery's arrival:
 * `deliveries` maps the delivery ids the worker made to their event's object id.
 */
export function commitToDelivery(
  commits: ReadonlyMap<number, number>,
  deliveries: ReadonlyArray<{ id: string; objectId: number }>,
  arrivals: ReadonlyMap<string, number>,
): CommitToDelivery {
  const arrivalOf = new Map<number, number>();
  for (const delivery of deliveries) {
    const at = arrivals.get(delivery.id);
    if (at !== undefined) arrivalOf.set(delivery.objectId, at);
  }
  const latencies: number[] = [];
  let missing = 0;
  for (const [objectId, committedAt] of commits) {
    const at = arrivalOf.get(objectId);
    if (at === undefined) missing++;
    else latencies.push(at - committedAt);
  }
  return { latencies, missing };
}

/** When the i-th event of an open-loop run at `rate` per second is due, in ms after its start. */
export function dueAtMs(index: number, rate: number): number {
  return (index * 1000) / rate;
}
