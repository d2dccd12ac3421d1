/**
 * Token last-use times, written in batches so that no request waits for a write:
 * the request path only records a token id in memory; one UPDATE per `flushMs`
 * (and one at close) writes them all. A token written less than `intervalMs` ago
 * is not written again, so `last_used_at` keeps its granularity of about a
 * minute (`TOKEN_USE_INTERVAL_MS`), stale by at most that plus one flush.
 */
import { TOKEN_USE_INTERVAL_MS } from '@tessera/domain';
import type { Database } from '../database.js';
import type { AccessFeedLog } from './access-feed.js';
import { touchPersonalAccessTokens } from './personal-access-token.repository.js';

export interface TokenUseBatchOptions {
  log: AccessFeedLog;
  /** Default 5 s. */
  flushMs?: number;
  intervalMs?: number;
  now?: () => number;
}

export interface TokenUseBatch {
  record(tokenId: number): void;
  flush(): Promise<void>;
  /** Stops the timer and writes what is pending. */
  close(): Promise<void>;
}

export function createTokenUseBatch(db: Database, { log, flushMs = 5000, intervalMs = TOKEN_USE_INTERVAL_MS, now = Date.now }: TokenUseBatchOptions): TokenUseBatch {
  const pending = new Set<number>();
  const writtenAt = new Map<number, number>();

  async function flush(): Promise<void> {
    const at = now();
    for (const [id, written] of writtenAt) if (at - written >= intervalMs) writtenAt.delete(id);
    if (pending.size === 0) return;
    const ids = [...pending];
    pending.clear();
    for (const id of ids) writtenAt.set(id, at);
    try {
      await touchPersonalAccessTokens(db, ids);
    } catch (error) {
      // Kept for the next flush: a lost last-use time would hide a token still in use.
      for (const id of ids) {
        writtenAt.delete(id);
        pending.add(id);
      }
      throw error;
    }
  }

  const timer = setInterval(() => {
    flush().catch((error: Error) => log.warn({ error: error.message }, 'token last-use times not written; retrying at the next flush'));
  }, flushMs);
  timer.unref();

  return {
    record(tokenId) {
      const written = writtenAt.get(tokenId);
      if (written === undefined || now() - written >= intervalMs) pending.add(tokenId);
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
