/**
 * The fields of a person, declared once in its definition (person.record.ts): REST
 * `POST`/`PATCH /v1/people`, the `GET /v1/people` collection rules, the REST answer's
 * schema and the `tessera person create` command derive from it. `checkPersonInput` adds the
 * value rules a declaration does not state (an e-mail address, a BCP 47 tag,
 * an IANA zone, the roles), so the command and REST share one set of rules.
 * Whether the e-mail is taken is the use case's lookup.
 */
import type { FieldError } from '../errors/domain-error.js';
import { ROLES, type Role } from '../identity/roles.js';
import { checkRecordInput } from '../records/check-record-input.js';
import type { RecordInput, WriteMode } from '../records/record-fields.js';
import { isTimeZone } from '../records/time-zone.js';
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

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const LOCALE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

const ORDER = Object.keys(PERSON_RECORD.fields);
const rank = (field: string) => (ORDER.includes(field) ? ORDER.indexOf(field) : ORDER.length);

/** Every problem of a person's values, in the declaration's order; the checked values. */
export function checkPersonInput(input: Readonly<Record<string, unknown>>, mode: WriteMode): { values: CheckedPersonInput; errors: FieldError[] } {
  const { values, errors } = checkRecordInput(PERSON_RECORD, input, mode);
  const flagged = new Set(errors.map(([field]) => field));
  const email = values['primary_email'];
  if (typeof email === 'string' && !flagged.has('primary_email') && !EMAIL.test(email)) errors.push(['primary_email', `Primary email '${email.slice(0, 80)}' is not an e-mail address`]);
  const locale = values['locale'];
  if (typeof locale === 'string' && !flagged.has('locale') && !LOCALE.test(locale)) errors.push(['locale', `Locale '${locale.slice(0, 20)}' is not a language tag such as en-US`]);
  const zone = values['time_zone'];
  if (typeof zone === 'string' && !flagged.has('time_zone') && !isTimeZone(zone)) errors.push(['time_zone', `Time zone '${zone.slice(0, 64)}' is not an IANA time zone such as Europe/Amsterdam`]);
  if (!flagged.has('roles') && values['roles'] !== undefined) {
    const roles = values['roles'];
    if (roles === null) values['roles'] = [];
    else if (!Array.isArray(roles) || roles.some((role) => typeof role !== 'string')) errors.push(['roles', 'Roles must be a list of role names']);
    else {
      const unknown = roles.filter((role) => !(ROLES as readonly string[]).includes(role));
      if (unknown.length > 0) errors.push(['roles', `Roles are ${ROLES.join(', ')}; not ${unknown.map((role) => String(role).slice(0, 40)).join(', ')}`]);
      else values['roles'] = [...new Set(roles)];
    }
  }
  return { values: values as CheckedPersonInput, errors: inFieldOrder(errors) };
}

/** Problems in the declaration's order (a stable sort); those of other fields last. */
export function inFieldOrder(errors: readonly FieldError[]): FieldError[] {
  return errors.map((error, index) => ({ error, index })).sort((a, b) => rank(a.error[0]) - rank(b.error[0]) || a.index - b.index).map(({ error }) => error);
}
