/**
 * `GET /v1/people` and `GET /v1/people/:id` (issue 22): people of the account of
 * the call and, for a support domain, of its directory account (SPEC.md
 * "Directory account"), with their roles in the account of the call; needs
 * person:Read. The record engine reads them as the person's definition says
 * (person.record.ts: `directory`, `accountValues`, and primary e-mails as `visible`).
 */
import type { CollectionQuery, Page } from '../collections/collection-query.js';
import type { AccessContext } from '../identity/access-context.js';
import type { Repositories } from '../ports/unit-of-work.js';
import { getRecord, listRecords, type RecordQuery } from '../record-engine/record-use-cases.js';
import type { PersonDirectoryView } from './person-directory-view.js';
import { PERSON } from './person.record.js';

type PeopleReads = Pick<Repositories, 'records'>;

/** A page of the people the caller sees; `linked` to a team (`team_ids`): only its members among those of the account of the call. */
export async function listPeople(access: AccessContext, query: CollectionQuery & Pick<RecordQuery, 'linked'>, repos: PeopleReads): Promise<Page<PersonDirectoryView>> {
  return (await listRecords(PERSON, access, query, repos)) as unknown as Page<PersonDirectoryView>;
}

export async function getPerson(access: AccessContext, id: number, repos: PeopleReads): Promise<PersonDirectoryView> {
  return (await getRecord(PERSON, access, id, repos)) as unknown as PersonDirectoryView;
}
