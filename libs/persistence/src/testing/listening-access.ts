/**
 * The cached access of an app under test, returned once it hears access
 * changes (LISTEN is up): a test that revokes something right after start-up
 * must not race the listener's connection.
 */
import { createCachedAccess, type CachedAccess } from '../access/cached-access.js';
import type { AccessFeedLog } from '../access/access-feed.js';
import type { Database } from '../database.js';

export async function startListeningAccess(db: Database, log: AccessFeedLog, timeoutMs = 10_000): Promise<CachedAccess> {
  const access = createCachedAccess(db, { log });
  const start = Date.now();
  while (!access.cache.serving) {
    if (Date.now() - start > timeoutMs) {
      await access.close();
      throw new Error('the access cache did not start listening for changes');
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return access;
}
