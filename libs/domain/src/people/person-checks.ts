/**
 * The value rules of a person that the declaration does not state (person.record.ts `check`):
 * an e-mail address, a BCP 47 language tag, an IANA time zone, role names. The record engine
 * applies them to `POST`/`PATCH /v1/people` and GraphQL's person mutations, and
 * `tessera person create` to its values (person-fields.ts), so both refuse alike.
 */
import type { FieldError } from '../errors/domain-error.js';
import { ROLES } from '../identity/roles.js';
import { isTimeZone } from '../records/time-zone.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const LOCALE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/** The problems of the values given that their declaration did not refuse. */
export function personValueProblems(given: Readonly<Record<string, unknown>>): FieldError[] {
  const errors: FieldError[] = [];
  const { primary_email: email, locale, time_zone: zone, roles } = given;
  if (typeof email === 'string' && !EMAIL.test(email)) errors.push(['primary_email', `Primary email '${email.slice(0, 80)}' is not an e-mail address`]);
  if (typeof locale === 'string' && !LOCALE.test(locale)) errors.push(['locale', `Locale '${locale.slice(0, 20)}' is not a language tag such as en-US`]);
  if (typeof zone === 'string' && !isTimeZone(zone)) errors.push(['time_zone', `Time zone '${zone.slice(0, 64)}' is not an IANA time zone such as Europe/Amsterdam`]);
  if (roles === undefined || roles === null) return errors;
  if (!Array.isArray(roles) || roles.some((role) => typeof role !== 'string')) errors.push(['roles', 'Roles must be a list of role names']);
  else {
    const unknown = roles.filter((role) => !(ROLES as readonly string[]).includes(role));
    if (unknown.length > 0) errors.push(['roles', `Roles are ${ROLES.join(', ')}; not ${unknown.map((role) => String(role).slice(0, 40)).join(', ')}`]);
  }
  return errors;
}
