/**
 * `POST /v1/people` and `PATCH /v1/people/:id` and GraphQL's person mutations: the record
 * engine's writes of the person's definition (person.record.ts; docs/decisions/048), typed as
 * the people's answers read them.
 */
import type { AccessContext } from '../identity/access-context.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { createRecord, updateRecord } from '../record-engine/record-use-cases.js';
import type { PersonDirectoryView } from './person-directory-view.js';
import type { PersonCreateInput, PersonUpdateInput } from './person-fields.js';
import { PERSON } from './person.record.js';

type Writes = UnitOfWork<'records' | 'auditLines' | 'jobs' | 'now'>;

export const createPersonInAccount = async (access: AccessContext, input: PersonCreateInput, uow: Writes) =>
  (await createRecord(PERSON, access, input, uow)) as unknown as PersonDirectoryView;

export const updatePerson = async (access: AccessContext, id: number, input: PersonUpdateInput, uow: Writes) =>
  (await updateRecord(PERSON, access, id, input, uow)) as unknown as PersonDirectoryView;
