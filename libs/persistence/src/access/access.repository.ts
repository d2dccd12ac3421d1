import type { AccessPort } from '@tessera/domain';
import type { Database } from '../database.js';
import { lookupPersonalAccessToken, touchPersonalAccessToken } from './personal-access-token.repository.js';

/** The storage side of `resolveAccess`. OAuth access tokens join `lookup` when the auth app issues them. */
export function createAccessRepository(db: Database): AccessPort {
  return {
    lookup: (tokenHash, accountId) => lookupPersonalAccessToken(db, tokenHash, accountId),
    tokenUsed: async (grant) => {
      if (grant.kind === 'personal_access_token') await touchPersonalAccessToken(db, grant.tokenId);
    },
  };
}
