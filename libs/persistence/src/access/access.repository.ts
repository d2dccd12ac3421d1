import type { AccessLookup, AccessPort } from '@tessera/domain';
import type { Database } from '../database.js';
import { lookupOAuthAccessToken } from './oauth-access-token.repository.js';
import { lookupPersonalAccessToken, touchPersonalAccessToken } from './personal-access-token.repository.js';

/**
 * A bearer token of either kind. Only the digest is known here, not the token, so a
 * personal access token is looked for first and an OAuth access token after; the
 * cache keeps either, so the second query is paid once per OAuth caller.
 */
export async function lookupBearerToken(db: Database, tokenHash: string, accountId: string | null): Promise<AccessLookup | null> {
  return (await lookupPersonalAccessToken(db, tokenHash, accountId)) ?? (await lookupOAuthAccessToken(db, tokenHash, accountId));
}

/** The storage side of the access check (`authenticateCall`): personal access tokens and OAuth access tokens. */
export function createAccessRepository(db: Database): AccessPort {
  return {
    lookup: (tokenHash, accountId) => lookupBearerToken(db, tokenHash, accountId),
    tokenUsed: async (grant) => {
      if (grant.kind === 'personal_access_token') await touchPersonalAccessToken(db, grant.tokenId);
    },
  };
}
