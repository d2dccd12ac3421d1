import type { AccessPort } from '@tessera/domain';
import type { Database } from '../database.js';
import { findAccount } from './account.repository.js';
import { findPersonalAccessTokenByHash, findRoles, touchPersonalAccessToken } from './personal-access-token.repository.js';

/** The storage side of `resolveAccess`. OAuth access tokens join `findTokenByHash` when the auth app issues them. */
export function createAccessRepository(db: Database): AccessPort {
  return {
    findTokenByHash: (tokenHash) => findPersonalAccessTokenByHash(db, tokenHash),
    findAccount: (accountId) => findAccount(db, accountId),
    findRoles: (personId, accountId) => findRoles(db, personId, accountId),
    tokenUsed: async (grant) => {
      if (grant.kind === 'personal_access_token') await touchPersonalAccessToken(db, grant.tokenId);
    },
  };
}
