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
