import { createMemoryWindowCounter } from './memory-window-counter.js';
import { describeWindowCounterContract } from './testing/index.js';

describeWindowCounterContract('memory window counter — the rules the Redis script and the SQL statement share', createMemoryWindowCounter);

describe('memory window counter — housekeeping', () => {
  it('forgets expired windows after a minute, so a long run does not keep every key it saw', async () => {
    let now = 0;
    const counter = createMemoryWindowCounter(() => now);
    await counter.hit([{ key: 'old', durationSeconds: 1 }]);
    now = 61_000;
    await counter.hit([{ key: 'new', durationSeconds: 1 }]);
    // Same answer as if it had been kept and expired; what the sweep changes is memory only.
    expect(await counter.hit([{ key: 'old', durationSeconds: 1 }])).toEqual([{ count: 1, msBeforeReset: 1_000 }]);
  });
});
