import { openRateLimitStore, type WindowCounter } from '@tessera/rate-limit';

/** A memory quota store whose answers can be held back: a call waits on it while the gate is closed. */
export function createMemoryWindowCounterForTests(): { counter: WindowCounter; close(): void; open(): void; waiting(): Promise<void> } {
  const inner = openRateLimitStore({ kind: 'memory' }).counter;
  let gate: Promise<void> | null = null;
  let release = () => undefined as void;
  let arrived = () => undefined as void;
  let arrival = Promise.resolve();
  return {
    counter: {
      hit: async (windows, calls) => {
        arrived();
        if (gate) await gate;
        return inner.hit(windows, calls);
      },
    },
    close() {
      gate = new Promise((resolve) => (release = resolve));
      arrival = new Promise((resolve) => (arrived = resolve));
    },
    open() {
      gate = null;
      release();
    },
    waiting: () => arrival,
  };
}
