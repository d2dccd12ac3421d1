/**
 * Where rate-limit counters live. Counters must be shared by every replica of an
 * app (ARCHITECTURE.md "Scaling out"): Postgres by default, Redis when the
 * deployment has one, memory only for unit tests of a single process.
 */
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';

export type RateLimitStore =
  /** `knex` is the Knex instance of @tessera/persistence; this lib never imports a SQL driver itself. */
  | { kind: 'postgres'; knex: unknown; tableName?: string }
  | { kind: 'redis'; url: string }
  | { kind: 'memory' };

export interface WindowOptions {
  keyPrefix: string;
  points: number;
  durationSeconds: number;
}

export interface StoreHandle {
  createWindow(options: WindowOptions): RateLimiterAbstract;
  close(): Promise<void>;
}

export function openRateLimitStore(store: RateLimitStore): StoreHandle {
  switch (store.kind) {
    case 'postgres':
      return {
        createWindow: ({ keyPrefix, points, durationSeconds }) =>
          new RateLimiterPostgres({
            storeClient: store.knex,
            storeType: 'knex',
            tableName: store.tableName ?? 'rate_limits',
            tableCreated: true,
            clearExpiredByTimeout: false,
            keyPrefix,
            points,
            duration: durationSeconds,
          }),
        close: async () => undefined,
      };
    case 'redis': {
      const client = new Redis(store.url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false });
      return {
        createWindow: ({ keyPrefix, points, durationSeconds }) =>
          new RateLimiterRedis({ storeClient: client, keyPrefix, points, duration: durationSeconds }),
        close: async () => {
          client.disconnect();
        },
      };
    }
    case 'memory':
      return {
        createWindow: ({ keyPrefix, points, durationSeconds }) => new RateLimiterMemory({ keyPrefix, points, duration: durationSeconds }),
        close: async () => undefined,
      };
  }
}
