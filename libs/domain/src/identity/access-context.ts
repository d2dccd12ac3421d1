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
}

/** The authenticated caller of one request: who, in which account, with what rights. */
export interface AccessContext {
  person: AccessPerson;
  account: AccountRecord;
  roles: Role[];
  scopes: string[];
  token: { kind: 'personal_access_token' | 'oauth'; id: number; clientId?: string };
}
