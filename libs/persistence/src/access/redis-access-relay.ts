/**
 * With REDIS_URL, replicas hear access changes over Redis pub/sub
 * (docs/decisions/008-access-cache.md). Changes still start in PostgreSQL: one
 * replica at a time, the holder of an advisory lock, LISTENs there and
 * republishes each change on `tessera:access`, with a heartbeat each second
 * proving that its listener is alive. Each time it (re)starts listening it takes
 * a new epoch, and subscribers that hear a new epoch drop everything, since
 * changes may have been missed while no relay listened.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { closeRedis } from './close-redis.js';
import type { AccessFeed, AccessFeedLog } from './access-feed.js';
import { listenToAccessChanges } from './postgres-access-feed.js';

export const REDIS_ACCESS_CHANNEL = 'tessera:access';

/** What the relay publishes: a heartbeat (`change` absent) or one change as the trigger wrote it. */
export interface RelayMessage {
  epoch: string;
  change?: string;
}

export interface RedisAccessRelayOptions {
  connectionString: string;
  redisUrl: string;
  log: AccessFeedLog;
  heartbeatMs?: number;
  standbyMs?: number;
}

export function relayAccessChangesToRedis({ connectionString, redisUrl, log, heartbeatMs, standbyMs }: RedisAccessRelayOptions): AccessFeed {
  const redis = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  redis.on('error', () => undefined);
  let epoch: string | null = null;
  const publish = (message: Omit<RelayMessage, 'epoch'>) => {
    if (!epoch) return;
    const sent: RelayMessage = { epoch, ...message };
    redis.publish(REDIS_ACCESS_CHANNEL, JSON.stringify(sent)).catch((error: Error) => {
      // A change may be lost: a new epoch makes every subscriber drop everything once Redis is back.
      epoch = randomUUID();
      log.warn({ error: error.message }, 'access changes: relay could not publish; starting a new epoch');
    });
  };
  const postgres = listenToAccessChanges({
    connectionString,
    log,
    exclusive: true,
    heartbeatMs,
    standbyMs,
    handlers: {
      up: () => {
        epoch = randomUUID();
        publish({});
      },
      down: () => {
        epoch = null;
      },
      change: (change) => publish({ change: JSON.stringify(change) }),
    },
    onHeartbeat: () => publish({}),
  });
  return {
    async close() {
      await postgres.close();
      await closeRedis(redis);
    },
  };
}
