/**
 * Counters in this process only: for unit tests and single-process tools. The
 * same rules as the Redis script and the Postgres statement, so the shared
 * contract tests (./testing) pin all three to one behaviour.
 */
import type { WindowCount, WindowCounter, WindowHit } from './window-counter.js';

interface Entry {
  count: number;
  expiresAtMs: number;
}

// Expired entries are dropped at most this often, so a long test run with
// many keys does not keep every key it ever saw.
const SWEEP_EVERY_MS = 60_000;

export function createMemoryWindowCounter(now: () => number = Date.now): WindowCounter {
  const entries = new Map<string, Entry>();
  let lastSweepMs = now();

  function sweep(at: number): void {
    if (at - lastSweepMs < SWEEP_EVERY_MS) return;
    lastSweepMs = at;
    for (const [key, entry] of entries) if (entry.expiresAtMs <= at) entries.delete(key);
  }

  function hitOne({ key, durationSeconds, increment }: WindowHit, at: number, calls: number): WindowCount {
    let entry = entries.get(key);
    if (!entry || entry.expiresAtMs <= at) {
      entry = { count: 0, expiresAtMs: at + durationSeconds * 1000 };
      entries.set(key, entry);
    }
    entry.count += increment ?? calls;
    return { count: entry.count, msBeforeReset: entry.expiresAtMs - at };
  }

  return {
    async hit(windows, calls = 1) {
      const at = now();
      sweep(at);
      return windows.map((window) => hitOne(window, at, calls));
    },
  };
}
