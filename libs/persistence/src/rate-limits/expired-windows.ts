import type { Database } from '../database.js';

/**
 * Deletes rate-limit window rows whose window is over, in small batches so that
 * no statement holds many locks or runs long. An expired row counts as absent
 * (the next hit starts it again at 1), so deleting one never changes a decision;
 * the sweep only keeps callers who never come back from growing the table.
 * Rows locked by a concurrent hit are skipped: that hit is renewing them.
 * Returns how many rows were deleted.
 */
export async function deleteExpiredRateLimitWindows(db: Database, batchSize = 1000): Promise<number> {
  let total = 0;
  for (;;) {
    const { rowCount } = await db.raw<{ rowCount: number | null }>(
      `delete from rate_limit_windows
        where key in (select key from rate_limit_windows where expires_at < now()
                       order by expires_at limit ? for update skip locked)`,
      [batchSize],
    );
    total += rowCount ?? 0;
    if ((rowCount ?? 0) < batchSize) return total;
  }
}
