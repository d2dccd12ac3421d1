/**
 * A replica's side of the Redis relay (redis-access-relay.ts): it is `up` while it
 * hears the relay's heartbeat, `down` when the heartbeat is older than `staleMs`
 * or the Redis connection closes, and `up` again (dropping everything) at the next
 * heartbeat or when a new epoch starts.
 */
import { parseAccessChange } from '@tessera/domain';
import { Redis } from 'ioredis';
import { closeRedis } from './close-redis.js';
import type { AccessFeed, AccessFeedHandlers, AccessFeedLog } from './access-feed.js';
import { REDIS_ACCESS_CHANNEL, type RelayMessage } from './redis-access-relay.js';

export interface RedisAccessFeedOptions {
  redisUrl: string;
  handlers: AccessFeedHandlers;
  log: AccessFeedLog;
  staleMs?: number;
}

function readRelayMessage(text: string): RelayMessage | null {
  try {
    const value = JSON.parse(text) as Partial<RelayMessage> | null;
    if (typeof value?.epoch !== 'string') return null;
    return typeof value.change === 'string' ? { epoch: value.epoch, change: value.change } : { epoch: value.epoch };
  } catch {
    return null;
  }
}

export function subscribeToAccessChanges({ redisUrl, handlers, log, staleMs = 3000 }: RedisAccessFeedOptions): AccessFeed {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
  redis.on('error', () => undefined);
  let epoch: string | null = null;
  let heardAt = 0;
  let everUp = false;

  const down = (reason: string) => {
    if (epoch === null) return;
    epoch = null;
    handlers.down();
    log.warn({ reason }, 'access changes: Redis feed down, every call goes to the database until it is back');
  };

  redis.on('message', (channel: string, text: string) => {
    if (channel !== REDIS_ACCESS_CHANNEL) return;
    const message = readRelayMessage(text);
    if (!message) {
      if (epoch !== null) handlers.change({ kind: 'all' });
      return;
    }
    heardAt = Date.now();
    if (message.epoch !== epoch) {
      epoch = message.epoch;
      handlers.up();
      log.info({ epoch }, everUp ? 'access changes: Redis feed reconnected or new relay epoch, cache cleared' : 'access changes: listening (Redis relay)');
      everUp = true;
      return;
    }
    if (message.change !== undefined) handlers.change(parseAccessChange(message.change));
  });
  redis.on('close', () => down('Redis connection closed'));
  redis.subscribe(REDIS_ACCESS_CHANNEL).catch((error: Error) => log.warn({ error: error.message }, 'access changes: Redis subscribe failed'));

  const watchdog = setInterval(() => {
    if (epoch !== null && Date.now() - heardAt > staleMs) down('no relay heartbeat');
  }, Math.max(50, staleMs / 4));
  watchdog.unref();

  return {
    async close() {
      clearInterval(watchdog);
      epoch = null;
      await closeRedis(redis);
    },
  };
}
