/**
 * The fields of a person, declared once in its definition (person.record.ts): REST
 * `POST`/`PATCH /v1/people`, the `GET /v1/people` collection rules, the REST answer's
 * schema and the `tessera person create` command derive from it. `checkPersonInput` adds the
 * value rules a declaration does not state (person-checks.ts, the definition's `check`), so the
 * command and the record engine share one set of rules. Whether the e-mail is taken is the
 * command's lookup.
 */
import type { FieldError } from '../errors/domain-error.js';
import type { Role } from '../identity/roles.js';
import { checkRecordInput, inDeclarationOrder } from '../records/check-record-input.js';
import type { RecordInput, WriteMode } from '../records/record-fields.js';
import { PERSON } from './person.record.js';

export { PERSON_NAME_MAX, PRIMARY_EMAIL_MAX, LOCALE_MAX, TIME_ZONE_MAX, DEFAULT_LOCALE, DEFAULT_TIME_ZONE } from './person.record.js';

export const PERSON_RECORD = PERSON.fields;

type PersonFields = typeof PERSON_RECORD.fields;
export type PersonCreateInput = RecordInput<PersonFields, 'create'>;
export type PersonUpdateInput = RecordInput<PersonFields, 'change'>;

/** A person's values after their checks: texts trimmed, defaults not applied. */
export interface CheckedPersonInput {
  name?: string;
  primary_email?: string;
  locale?: string;
  time_zone?: string;
  disabled?: boolean;
  roles?: Role[];
  team_ids?: number[];
}

/** Every problem of a person's values, in the declaration's order; the checked values, roles as a set. */
export function checkPersonInput(input: Readonly<Record<string, unknown>>, mode: WriteMode): { values: CheckedPersonInput; errors: FieldError[] } {
  const { values, errors } = checkRecordInput(PERSON_RECORD, input, mode);
  const flagged = new Set(errors.map(([field]) => field));
  const problems = PERSON.check(Object.fromEntries(Object.entries(values).filter(([field]) => !flagged.has(field))));
  const roles = values['roles'];
  if (!flagged.has('roles') && !problems.some(([field]) => field === 'roles') && roles !== undefined) values['roles'] = [...new Set((roles as Role[] | null) ?? [])];
  return { values: values as CheckedPersonInput, errors: inDeclarationOrder(PERSON_RECORD, [...errors, ...problems]) };
}
