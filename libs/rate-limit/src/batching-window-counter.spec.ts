import { createBatchingWindowCounter } from './batching-window-counter.js';
import { createMemoryWindowCounter } from './memory-window-counter.js';
import { describeWindowCounterContract } from './testing/index.js';
import type { WindowCounter, WindowHit } from './window-counter.js';

describeWindowCounterContract('batching window counter — the same rules as the store it wraps', () => createBatchingWindowCounter(createMemoryWindowCounter()));

/** The memory store, recording what each round trip carried. */
function recording(): { store: WindowCounter; trips: WindowHit[][] } {
  const inner = createMemoryWindowCounter();
  const trips: WindowHit[][] = [];
  return { trips, store: { hit: (windows, calls) => (trips.push([...windows]), inner.hit(windows, calls)) } };
}

describe('batching window counter — calls in flight together share one round trip', () => {
  it('sends the calls that arrive during a round trip as one hit, increments of a key summed', async () => {
    const { store, trips } = recording();
    const counter = createBatchingWindowCounter(store);
    const rate = { key: 'rate:p1', durationSeconds: 60 };
    const calls = [
      counter.hit([rate, { key: 'cost:p1', durationSeconds: 3600, increment: 4 }]),
      counter.hit([rate, { key: 'cost:p1', durationSeconds: 3600, increment: 10 }]),
      counter.hit([{ key: 'rate:p2', durationSeconds: 60 }]),
      counter.hit([rate, { key: 'cost:p1', durationSeconds: 3600, increment: -4 }]),
    ];
    const answers = await Promise.all(calls);
    // The first went alone; the three that queued behind it went together.
    expect(trips).toEqual([
      [
        { key: 'rate:p1', durationSeconds: 60, increment: 1 },
        { key: 'cost:p1', durationSeconds: 3600, increment: 4 },
      ],
      [
        { key: 'rate:p1', durationSeconds: 60, increment: 2 },
        { key: 'cost:p1', durationSeconds: 3600, increment: 6 },
        { key: 'rate:p2', durationSeconds: 60, increment: 1 },
      ],
    ]);
    expect(counter.roundTrips).toBe(2);
    // Each call sees the counts of the calls before it and its own, as if counted one by one.
    expect(answers.map((counts) => counts.map((c) => c.count))).toEqual([[1, 4], [2, 14], [1], [3, 10]]);
  });

  it('fails every call of a batch whose round trip fails, and goes on with the next batch', async () => {
    let trips = 0;
    const inner = createMemoryWindowCounter();
    // The first round trip fails, the next ones reach the store.
    const counter = createBatchingWindowCounter({ hit: (windows, calls) => (++trips === 1 ? Promise.reject(new Error('store down')) : inner.hit(windows, calls)) });
    const window = [{ key: 'k', durationSeconds: 60 }];
    const first = counter.hit(window);
    const second = counter.hit(window);
    const third = counter.hit(window);
    await expect(first).rejects.toThrow('store down');
    await expect(second).resolves.toEqual([expect.objectContaining({ count: 1 })]);
    await expect(third).resolves.toEqual([expect.objectContaining({ count: 2 })]);
  });
});
