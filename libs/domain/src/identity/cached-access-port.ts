/**
 * An `AccessPort` that answers known callers from an `AccessCache` and asks the
 * storage port otherwise. Unknown tokens are never kept (see access-cache.ts).
 */
import type { AccessCache } from './access-cache.js';
import type { AccessPort } from './access-lookup.js';

export function cachedAccessPort(port: AccessPort, cache: AccessCache): AccessPort {
  return {
    lookup: async (tokenHash, accountId) => {
      const cached = cache.get(tokenHash, accountId);
      if (cached) return cached;
      const mark = cache.mark();
      const found = await port.lookup(tokenHash, accountId);
      if (found) cache.set(tokenHash, accountId, found, mark);
      return found;
    },
    tokenUsed: (grant) => port.tokenUsed(grant),
  };
}
