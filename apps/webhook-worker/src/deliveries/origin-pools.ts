/**
 * One keep-alive undici Pool per origin (decision 024): deliveries to one
 * receiver reuse their connections instead of a handshake each. The pools
 * connect through the guarded lookup, so every address connected to has been
 * checked. At most `maxOrigins` pools are kept; the least recently used one
 * is closed beyond that (its requests in flight finish first).
 */
import { Pool } from 'undici';
import type { GuardedLookup } from './guarded-lookup.js';

export interface OriginPools {
  get(origin: string): Pool;
  close(): Promise<void>;
}

export interface OriginPoolOptions {
  lookup: GuardedLookup;
  connectTimeoutMs: number;
  maxOrigins?: number;
  /** An idle connection is closed after this long (receivers often close theirs after 5 s). */
  keepAliveMs?: number;
}

export const DEFAULT_MAX_ORIGINS = 256;

export function originPools({ lookup, connectTimeoutMs, maxOrigins = DEFAULT_MAX_ORIGINS, keepAliveMs = 4_000 }: OriginPoolOptions): OriginPools {
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  const pools = new Map<string, Pool>();
  return {
    get(origin) {
      let pool = pools.get(origin);
      if (pool) {
        pools.delete(origin);
        pools.set(origin, pool);
        return pool;
      }
      pool = new Pool(origin, {
        connect: { lookup: lookup as never, timeout: connectTimeoutMs },
        keepAliveTimeout: keepAliveMs,
        keepAliveMaxTimeout: keepAliveMs,
        pipelining: 1,
      });
      pools.set(origin, pool);
      if (pools.size > maxOrigins) {
        const [oldest, evicted] = pools.entries().next().value as [string, Pool];
        pools.delete(oldest);
        void evicted.close().catch(() => undefined);
      }
      return pool;
    },
    async close() {
      const all = [...pools.values()];
      pools.clear();
      await Promise.all(all.map((pool) => pool.destroy().catch(() => undefined)));
    },
  };
}
