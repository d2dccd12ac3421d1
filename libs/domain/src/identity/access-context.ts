import type { PersonView } from '../people/person-view.js';
import type { ScopeStatement } from '../scopes/scope-statement.js';
import type { AccountRecord } from './account-access.js';
import type { Role } from './roles.js';

export interface AccessPerson {
  id: number;
  name: string;
  accountId: string;
  primaryEmail: string;
  organizationId: number | null;
  /** The person's own account is a directory account (it has support domains). */
  inDirectoryAccount: boolean;
  /**
   * The person as `GET /me` shows them, when the access lookup brought it
   * (cached with the rest, and dropped with it when the person, their
   * organization or their account changes).
   */
  profile?: PersonView;
}

/** The authenticated caller of one request: who, in which account, with what rights. */
export interface AccessContext {
  person: AccessPerson;
  account: AccountRecord;
  roles: Role[];
  /** The token's scopes, parsed once when the token was looked up (scopes/scope-statement.ts). */
  scopes: readonly ScopeStatement[];
  token: { kind: 'personal_access_token' | 'oauth'; id: number; clientId?: string };
}
