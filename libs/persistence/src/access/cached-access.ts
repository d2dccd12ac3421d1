/**
 * The access port of a serving process (docs/decisions/008-access-cache.md):
 * known callers come from an in-process cache, kept true by the access changes
 * PostgreSQL announces (directly, or through the Redis relay when `redisUrl` is
 * given), and token last-use times are written in batches. `close` stops the
 * feed and writes the last batch; call it before destroying the pool.
 */
import { cachedAccessPort, createAccessCache, type AccessCache, type AccessCacheOptions, type AccessPort } from '@tessera/domain';
import { connectionUrlOf, type Database } from '../database.js';
import type { AccessFeed, AccessFeedHandlers, AccessFeedLog } from './access-feed.js';
import { lookupBearerToken } from './access.repository.js';
import { listenToAccessChanges } from './postgres-access-feed.js';
import { subscribeToAccessChanges } from './redis-access-feed.js';
import { relayAccessChangesToRedis } from './redis-access-relay.js';
import { createTokenUseBatch } from './token-use-batch.js';

export interface CachedAccessOptions {
  log: AccessFeedLog;
  /** Hear access changes over Redis pub/sub instead of one LISTEN per replica. */
  redisUrl?: string;
  cache?: AccessCacheOptions;
  /** How often token last-use times are written; default 5 s. */
  tokenUseFlushMs?: number;
}

export interface CachedAccess {
  port: AccessPort;
  cache: AccessCache;
  /** Writes the pending token last-use times now. */
  flushTokenUse(): Promise<void>;
  close(): Promise<void>;
}

export function createCachedAccess(db: Database, { log, redisUrl, cache: cacheOptions, tokenUseFlushMs }: CachedAccessOptions): CachedAccess {
  const cache = createAccessCache(cacheOptions);
  const tokenUse = createTokenUseBatch(db, { log, ...(tokenUseFlushMs ? { flushMs: tokenUseFlushMs } : {}) });
  const handlers: AccessFeedHandlers = { change: (change) => cache.apply(change), up: () => cache.resume(), down: () => cache.suspend() };
  const connectionString = connectionUrlOf(db);
  const feeds: AccessFeed[] = redisUrl
    ? [relayAccessChangesToRedis({ connectionString, redisUrl, log }), subscribeToAccessChanges({ redisUrl, handlers, log })]
    : [listenToAccessChanges({ connectionString, handlers, log })];
  const storage: AccessPort = {
    lookup: (tokenHash, accountId) => lookupBearerToken(db, tokenHash, accountId),
    tokenUsed: async (grant) => {
      if (grant.kind === 'personal_access_token') tokenUse.record(grant.tokenId);
    },
  };
  return {
    port: cachedAccessPort(storage, cache),
    cache,
    flushTokenUse: () => tokenUse.flush(),
    async close() {
      await Promise.all(feeds.map((feed) => feed.close()));
      cache.suspend();
      await tokenUse.close();
    },
  };
}
