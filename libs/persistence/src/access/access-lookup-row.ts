/**
 * The part of every access lookup that does not depend on the kind of token: the
 * person (and what `GET /me` shows of them), their account, the account of the call
 * and their roles there. Each token lookup selects these columns beside its own and
 * joins from `p` (the person) as below, so a lookup stays one round trip.
 */
import type { AccessLookup, AccountId, Role, TokenGrant } from '@tessera/domain';

/** Columns read from `p`, `o`, `pa`, `ta` of `PERSON_JOINS`. */
export const PERSON_COLUMNS = `
  p.id as person_id, p.name, p.account_id, p.primary_email, p.organization_id, p.disabled,
  p.locale, p.created_at, p.updated_at, o.name as organization_name,
  pa.name as person_account_name, pa.directory_account_id as person_account_directory,
  exists (select 1 from accounts sd where sd.directory_account_id = p.account_id) as in_directory,
  ta.id as target_id, ta.name as target_name, ta.directory_account_id as target_directory,
  coalesce((select array_agg(r.role order by r.role) from person_roles r where r.person_id = p.id and r.account_id = ta.id), '{}') as roles`;

/** Joins after `people p`; the one binding is the account of the call (or null). */
export const PERSON_JOINS = `
  join accounts pa on pa.id = p.account_id
  left join organizations o on o.id = p.organization_id
  left join accounts ta on ta.id = ?`;

/** A row as `PERSON_COLUMNS` reads it (the target's columns are null when it is). */
export interface PersonRow {
  person_id: number;
  name: string;
  account_id: AccountId;
  primary_email: string;
  organization_id: number | null;
  disabled: boolean;
  locale: string;
  created_at: Date;
  updated_at: Date;
  /** Set whenever organization_id is. */
  organization_name: string;
  person_account_name: string;
  person_account_directory: string | null;
  in_directory: boolean;
  target_id: AccountId | null;
  target_name: string;
  target_directory: string | null;
  roles: string[];
}

/** The lookup of a row carrying `PERSON_COLUMNS`, around the token's own part of the grant. */
export function accessLookupOf(row: PersonRow, token: Omit<TokenGrant, 'person'>): AccessLookup {
  return {
    grant: {
      ...token,
      person: {
        id: row.person_id, name: row.name, accountId: row.account_id, primaryEmail: row.primary_email,
        organizationId: row.organization_id, inDirectoryAccount: row.in_directory, disabled: row.disabled,
        profile: {
          id: row.person_id, name: row.name, primary_email: row.primary_email, locale: row.locale,
          account: { id: row.account_id, name: row.person_account_name },
          organization: row.organization_id ? { id: row.organization_id, name: row.organization_name } : null,
          created_at: row.created_at, updated_at: row.updated_at,
        },
      },
    },
    personAccount: { id: row.account_id, name: row.person_account_name, directoryAccountId: row.person_account_directory },
    account: row.target_id ? { id: row.target_id, name: row.target_name, directoryAccountId: row.target_directory } : null,
    roles: row.roles as Role[],
  };
}
