/**
 * Who sees whose primary e-mail (docs/decisions/033), for REST `/v1/people` and
 * GraphQL `people` / `Person.primaryEmail` alike: a person with any role in the
 * account of the call sees the primary e-mail of every person they may read;
 * an end user (no role there) sees their own only, and may not filter or sort
 * people on it (which would reveal it a character at a time).
 */
import { badParameter } from '../errors/domain-error.js';
import type { AccessContext } from '../identity/access-context.js';

type Caller = Pick<AccessContext, 'person' | 'roles'>;

export function seesEveryPrimaryEmail(access: Caller): boolean {
  return access.roles.length > 0;
}

/** The person's primary e-mail as the caller may see it: null when it is somebody else's and the caller is an end user. */
export function visiblePrimaryEmail(access: Caller, person: { id: number; primary_email: string }): string | null {
  return person.id === access.person.id || seesEveryPrimaryEmail(access) ? person.primary_email : null;
}

/** An end user's query of people that filters or sorts on the primary e-mail (`field`, as the transport names it) is refused. */
export function assertEmailQueryAllowed(access: Caller, fieldsUsed: readonly string[], field: string): void {
  if (!seesEveryPrimaryEmail(access) && fieldsUsed.includes(field)) {
    throw badParameter(`Filtering or sorting on ${field} needs a role in the account`);
  }
}
