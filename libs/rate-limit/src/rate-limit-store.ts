/**
 * Where rate-limit counters live. Counters must be shared by every replica of an
 * app (ARCHITECTURE.md "Scaling out"): Postgres by default, Redis when the
 * deployment has one, memory only for unit tests of a single process.
 */
import { Redis } from 'ioredis';
import { createMemoryWindowCounter } from './memory-window-counter.js';
import { createRedisWindowCounter } from './redis-window-counter.js';
import type { WindowCounter } from './window-counter.js';

export type RateLimitStore =
  /** `counter` is `createPostgresWindowCounter(db)` of @tessera/persistence; this lib never holds SQL. */
  | { kind: 'postgres'; counter: WindowCounter }
  | { kind: 'redis'; url: string }
  | { kind: 'memory' };

export interface StoreHandle {
  counter: WindowCounter;
  close(): Promise<void>;
}

export function openRateLimitStore(store: RateLimitStore): StoreHandle {
  switch (store.kind) {
    case 'postgres':
      // The pool belongs to the caller, who closes it.
      return { counter: store.counter, close: async () => undefined };
    case 'redis': {
      // No offline queue: while Redis is down a call fails at once (and is let
      // through by the middleware) instead of waiting for a reconnect.
      const client = new Redis(store.url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false });
      return {
        counter: createRedisWindowCounter(client),
        close: async () => {
          client.disconnect();
        },
      };
    }
    case 'memory':
      return { counter: createMemoryWindowCounter(), close: async () => undefined };
  }
}
