import type { Role } from '../identity/roles.js';

/**
 * A person as `GET /v1/people` reads them: a person of the account of the call
 * or of its directory account, with their roles in the account of the call.
 * `primary_email` is null when the caller may not see it (person-email-visibility.ts).
 */
export interface PersonDirectoryView {
  id: number;
  name: string;
  primary_email: string | null;
  locale: string;
  time_zone: string;
  disabled: boolean;
  roles: Role[];
  account: { id: string; name: string };
  organization: { id: number; name: string } | null;
  created_at: Date;
  updated_at: Date;
}

/** Whose people a read sees: the account of the call, and its directory account for a support domain. */
export interface PeopleReadScope {
  /** The account of the call: whose roles are read. */
  accountId: string;
  /** The accounts whose people are visible (peopleAccountsOf). */
  peopleAccounts: readonly string[];
  /** Only the members of this team of the account of the call (`GET /v1/teams/:id/members`). */
  teamId?: number;
}
