import type { AccountRecord } from './account-access.js';
import type { Role } from './roles.js';

/** The authenticated caller of one request: who, in which account, with what rights. */
export interface AccessContext {
  person: { id: number; name: string; accountId: string };
  account: AccountRecord;
  roles: Role[];
  scopes: string[];
  token: { kind: 'personal_access_token' | 'oauth'; id: number; clientId?: string };
}
