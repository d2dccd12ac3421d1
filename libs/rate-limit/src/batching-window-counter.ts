/**
 * Calls in flight together share one round trip to the store (issue 23), as the events intake
 * batches the events of one match key:
 * - while a round trip is in flight, the hits of the calls that arrive are queued;
 * - when it returns, everything queued goes to the store as ONE hit, the increments of the
 *   same key summed (one row per key, so the store's rule "each window its own key" holds);
 * - each call gets the count it would have got had the calls of the batch been counted one
 *   after the other in arrival order: the batch's count minus what the later calls added.
 * Counts stay exact across replicas: the store still adds every increment in one statement,
 * by its own clock; only the number of statements changes. A failed round trip fails every
 * call of its batch.
 */
import type { WindowCount, WindowCounter, WindowHit } from './window-counter.js';

interface Pending {
  /** Each hit with the amount it adds. */
  hits: Array<{ window: WindowHit; amount: number }>;
  resolve(counts: WindowCount[]): void;
  reject(error: unknown): void;
}

export interface BatchingWindowCounter extends WindowCounter {
  /** Round trips made so far (for tests and metrics). */
  readonly roundTrips: number;
}

export function createBatchingWindowCounter(store: WindowCounter): BatchingWindowCounter {
  let queue: Pending[] = [];
  let inFlight = false;
  let roundTrips = 0;

  const flush = (): void => {
    if (inFlight || queue.length === 0) return;
    const batch = queue;
    queue = [];
    inFlight = true;
    roundTrips += 1;
    const merged = new Map<string, WindowHit & { increment: number }>();
    for (const pending of batch) {
      for (const { window, amount } of pending.hits) {
        const known = merged.get(window.key);
        if (known) known.increment += amount;
        else merged.set(window.key, { key: window.key, durationSeconds: window.durationSeconds, increment: amount });
      }
    }
    const windows = [...merged.values()];
    store
      .hit(windows)
      .then((counts) => settle(batch, windows, counts))
      .catch((error: unknown) => {
        for (const pending of batch) pending.reject(error);
      })
      .finally(() => {
        inFlight = false;
        flush();
      });
  };

  return {
    get roundTrips() {
      return roundTrips;
    },
    hit(windows, calls = 1) {
      return new Promise<WindowCount[]>((resolve, reject) => {
        queue.push({ hits: windows.map((window) => ({ window, amount: window.increment ?? calls })), resolve, reject });
        flush();
      });
    },
  };
}

/** Hands each call its count, walking the batch backwards from the store's final counts. */
function settle(batch: Pending[], windows: readonly WindowHit[], counts: readonly WindowCount[]): void {
  const after = new Map<string, WindowCount>();
  windows.forEach((window, index) => {
    const count = counts[index];
    if (!count) throw new Error(`no count returned for rate window ${window.key}`);
    after.set(window.key, { ...count });
  });
  const answers: WindowCount[][] = [];
  for (let i = batch.length - 1; i >= 0; i -= 1) {
    const pending = batch[i]!;
    answers[i] = pending.hits.map(({ window }) => ({ ...after.get(window.key)! }));
    for (const { window, amount } of pending.hits) after.get(window.key)!.count -= amount;
  }
  batch.forEach((pending, i) => pending.resolve(answers[i]!));
}
