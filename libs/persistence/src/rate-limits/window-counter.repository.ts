/**
 * The Postgres store of @tessera/rate-limit: one statement counts a call in every
 * window, by the database clock, so that every replica shares exact counts.
 * - A new window row starts at the number of calls (or the window's own increment) and expires `durationSeconds` from now.
 * - An expired row is reused: it starts again at the number of calls with a fresh expiry.
 * - Otherwise the count goes up by the number of calls and the expiry stays.
 * Rows are written in key order so that concurrent calls lock them in the same
 * order and cannot deadlock.
 */
import type { WindowCount, WindowCounter, WindowHit } from '@tessera/rate-limit';
import { queryOnConnection } from '../connection-query.js';
import type { Database } from '../database.js';
import { deleteExpiredRateLimitWindows } from './expired-windows.js';

export interface PostgresWindowCounterOptions {
  /** How often, at most, a hit also starts a sweep of expired rows. Default 5 minutes. */
  sweepEveryMs?: number;
  /** Where a failed sweep is reported; the next one retries it. */
  onSweepError?: (error: unknown) => void;
}

export function createPostgresWindowCounter(db: Database, options: PostgresWindowCounterOptions = {}): WindowCounter {
  const sweepEveryMs = options.sweepEveryMs ?? 5 * 60_000;
  let lastSweepMs = Date.now();

  // Outside the call's round trip: the caller's answer does not wait for it.
  function sweepNow(): void {
    if (Date.now() - lastSweepMs < sweepEveryMs) return;
    lastSweepMs = Date.now();
    deleteExpiredRateLimitWindows(db).catch((error: unknown) => options.onSweepError?.(error));
  }

  return {
    async hit(windows, calls = 1) {
      const counts = await hitWindows(db, windows, calls);
      sweepNow();
      return counts;
    },
  };
}

/** The upsert of `windows` rows; its text depends only on how many. */
const hitStatement = (windows: number) => `
  insert into rate_limit_windows as w (key, count, expires_at)
  values ${Array.from({ length: windows }, (_, i) => `($${3 * i + 1}, $${3 * i + 2}::integer, now() + $${3 * i + 3}::integer * interval '1 second')`).join(', ')}
  on conflict (key) do update set
    count = case when w.expires_at <= now() then excluded.count else w.count + excluded.count end,
    expires_at = case when w.expires_at <= now() then excluded.expires_at else w.expires_at end
  returning key, count, (extract(epoch from expires_at - now()) * 1000)::float8 as ms_before_reset`;

const hitStatements = new Map<number, string>();

async function hitWindows(db: Database, windows: readonly WindowHit[], calls: number): Promise<WindowCount[]> {
  const ordered = [...windows].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  if (new Set(ordered.map((window) => window.key)).size !== ordered.length) throw new Error('each rate window needs its own key');
  const text = hitStatements.get(ordered.length) ?? hitStatements.set(ordered.length, hitStatement(ordered.length)).get(ordered.length)!;
  const { rows } = await queryOnConnection<{ key: string; count: number; ms_before_reset: number }>(db, {
    // Named, so it is planned once per connection instead of on every call:
    // planning the upsert costs about as much as running it.
    name: `rate_limit_windows_hit_by_${ordered.length}`,
    text,
    values: ordered.flatMap((window) => [window.key, window.increment ?? calls, window.durationSeconds]),
  });
  const byKey = new Map(rows.map((row) => [row.key, { count: row.count, msBeforeReset: Math.round(row.ms_before_reset) }]));
  return windows.map((window) => {
    const count = byKey.get(window.key);
    if (!count) throw new Error(`no count returned for rate window ${window.key}`);
    return count;
  });
}
