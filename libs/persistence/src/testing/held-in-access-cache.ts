/**
 * For specs of the access cache: makes calls with a token until the serving process holds it in
 * its access cache (at most 2 s), then checks it is held. Writing a token, its application or
 * another application notifies the access feed, which empties the cache, and that notice may
 * land after the first call: asserting after one call races the feed.
 */
import { hashToken } from '@tessera/domain';
import type { CachedAccess } from '../access/cached-access.js';

export async function untilHeldInAccessCache(access: CachedAccess, token: string, account: string, call: () => Promise<unknown>): Promise<void> {
  const start = Date.now();
  do {
    await call();
  } while (!access.cache.get(hashToken(token), account) && Date.now() - start < 2000);
  if (!access.cache.get(hashToken(token), account)) throw new Error('the token was not held in the access cache within 2 s of being answered');
}
