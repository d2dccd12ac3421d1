/**
 * `GET /me` and GraphQL `me` (SPEC.md "GraphQL API authentication" rule 3): the
 * person behind the token, with their roles in the account of the call; needs me:Read.
 */
import { notFound } from '../errors/domain-error.js';
import type { AccountRecord } from '../identity/account-access.js';
import type { AccessContext } from '../identity/access-context.js';
import { assertAllowed } from '../scopes/evaluate-scopes.js';
import type { Role } from '../identity/roles.js';
import type { Repositories } from '../ports/unit-of-work.js';
import type { PersonView } from './person-view.js';

export interface Me {
  person: PersonView;
  roles: Role[];
  currentAccount: AccountRecord;
}

export async function getMe(access: AccessContext, repos: Pick<Repositories, 'people'>): Promise<Me> {
  assertAllowed(access, 'me', 'Read');
  const person = access.person.profile ?? (await repos.people.findOwnView(access.person.id));
  if (!person) throw notFound();
  return { person, roles: access.roles, currentAccount: access.account };
}
