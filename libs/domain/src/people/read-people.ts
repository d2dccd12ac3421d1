/**
 * `GET /v1/people` and `GET /v1/people/:id` (issue 22): people of the account of
 * the call and, for a support domain, of its directory account (SPEC.md
 * "Directory account"), with their roles in the account of the call; needs
 * person:Read. Primary e-mails as the person's definition says (person.record.ts `visible`).
 */
import type { CollectionQuery, Page } from '../collections/collection-query.js';
import { notFound } from '../errors/domain-error.js';
import type { AccessContext } from '../identity/access-context.js';
import { peopleAccountsOf } from '../identity/account-access.js';
import type { Repositories } from '../ports/unit-of-work.js';
import { assertAllowed } from '../scopes/evaluate-scopes.js';
import { assertVisibleQuery, visibleView } from '../record-engine/record-visibility.js';
import type { PeopleReadScope, PersonDirectoryView } from './person-directory-view.js';
import { PERSON } from './person.record.js';

type PeopleReads = Pick<Repositories, 'people'>;

export function peopleReadScope(access: AccessContext): PeopleReadScope {
  assertAllowed(access, 'person', 'Read');
  return { accountId: access.account.id, peopleAccounts: peopleAccountsOf(access.account) };
}

const masked = (access: AccessContext, view: PersonDirectoryView): PersonDirectoryView => visibleView(PERSON, access, view);

export function listPeople(access: AccessContext, query: CollectionQuery, repos: PeopleReads): Promise<Page<PersonDirectoryView>> {
  return listPeopleIn(access, peopleReadScope(access), query, repos);
}

/** A page of people of a scope of the caller's (peopleReadScope, or narrowed to a team's members), e-mails as the caller may see them. */
export async function listPeopleIn(access: AccessContext, scope: PeopleReadScope, query: CollectionQuery, repos: PeopleReads): Promise<Page<PersonDirectoryView>> {
  assertVisibleQuery(PERSON, access, [...query.filters.map((filter) => filter.field), ...query.sort.map((term) => term.field)]);
  const page = await repos.people.listViews(scope, query);
  return { rows: page.rows.map((view) => masked(access, view)), total: page.total };
}

export async function getPerson(access: AccessContext, id: number, repos: PeopleReads): Promise<PersonDirectoryView> {
  const view = await repos.people.findView(peopleReadScope(access), id);
  if (!view) throw notFound();
  return masked(access, view);
}
