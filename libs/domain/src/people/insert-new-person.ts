/**
 * What every creation of a person writes, in the caller's transaction: the person (with a
 * password digest or none), their roles in the account, one audit line and `person.create`
 * through the one outbox. `POST /v1/people` (write-people.ts) and `tessera person create`
 * (create-person.ts) both end here, after their own checks.
 */
import { validationFailed } from '../errors/domain-error.js';
import type { Role } from '../identity/roles.js';
import { recordChange, type RecordChange } from '../outbox/record-change.js';
import type { Transaction } from '../ports/unit-of-work.js';
import type { AccountId } from '../tenancy/account-id.js';
import type { PersonFieldsRow } from './person-write.repository.js';

export interface NewPerson {
  account: AccountId;
  fields: PersonFieldsRow;
  roles: readonly Role[];
  /** `scrypt$…` (identity/password.ts); null: the person signs in with no password. */
  passwordHash: string | null;
  actor: RecordChange['actor'];
  source: string | null;
}

export async function insertNewPerson(tx: Pick<Transaction, 'personWrites' | 'auditLines' | 'jobs'>, person: NewPerson): Promise<number> {
  const { account, fields, roles } = person;
  const id = await tx.personWrites.insert(account, fields, person.passwordHash);
  if (id === null) throw validationFailed([['primary_email', `Primary email has already been taken: ${fields.primary_email}`]]);
  if (roles.length > 0) await tx.personWrites.replaceRoles(account, id, roles);
  await recordChange(tx, {
    account, record: { type: 'Person', id }, action: 'create', actor: person.actor,
    source: person.source, sourceId: null, changes: { ...fields, roles }, events: [{ name: 'person.create' }],
  });
  return id;
}
