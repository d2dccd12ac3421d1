/**
 * The fields of a person, declared once (docs/decisions/031; the mechanism is
 * records/record-fields.ts): REST `POST`/`PATCH /v1/people`, the
 * `GET /v1/people` collection rules, the REST answer's schema and the
 * `tessera person create` command derive from it. `checkPersonInput` adds the
 * value rules a declaration does not state (an e-mail address, a BCP 47 tag,
 * an IANA zone, the roles), so the command and REST share one set of rules.
 * Whether the e-mail is taken is the use case's lookup.
 */
import type { FieldError } from '../errors/domain-error.js';
import { ROLES, type Role } from '../identity/roles.js';
import { checkRecordInput } from '../records/check-record-input.js';
import { TEAM_MEMBERS_MAX } from '../teams/team-fields.js';
import { declareRecord, type RecordInput, type WriteMode } from '../records/record-fields.js';
import { isTimeZone } from '../records/time-zone.js';

export const PERSON_NAME_MAX = 128;
export const PRIMARY_EMAIL_MAX = 254;
export const LOCALE_MAX = 16;
export const TIME_ZONE_MAX = 64;
export const DEFAULT_LOCALE = 'en-US';
export const DEFAULT_TIME_ZONE = 'UTC';

const ALL = { default: true, sort: true, filter: true } as const;
const LISTED = { default: true, filter: true } as const;

export const PERSON_RECORD = declareRecord('a person', {
  name: { type: 'text', max: PERSON_NAME_MAX, write: 'change', required: true, description: 'Name', collection: ALL },
  primary_email: {
    type: 'text', max: PRIMARY_EMAIL_MAX, write: 'change', required: true, description: 'Primary e-mail address',
    note: 'Unique across every account, whatever its case; null for an end user reading somebody else (docs/decisions/033)', collection: ALL,
  },
  locale: { type: 'text', max: LOCALE_MAX, write: 'change', notBlank: true, description: 'Language tag (BCP 47)', note: `Default: ${DEFAULT_LOCALE}`, collection: LISTED },
  time_zone: { type: 'text', max: TIME_ZONE_MAX, write: 'change', notBlank: true, description: 'IANA time zone', note: `Default: ${DEFAULT_TIME_ZONE}`, collection: LISTED },
  disabled: {
    type: 'boolean', write: 'change', notBlank: true, description: 'Disabled', note: 'A disabled person cannot sign in and their tokens stop working; default false', collection: LISTED,
  },
  roles: {
    type: 'json', write: 'change', graphql: false, description: `Roles in the account of the call, a list of: ${ROLES.join(', ')}`, note: 'Default: none (an end user); given, it replaces the roles',
    collection: { default: true },
  },
  team_ids: {
    type: 'references', target: 'Team', max: TEAM_MEMBERS_MAX, set: true, write: 'change', read: false,
    description: 'Teams of the account of the call the person is a member of',
    note: 'Default none; each team changed fires team.update. Read them at /v1/people/:id/teams',
  },
  // Read-only: what the service sets.
  id: { type: 'integer', notBlank: true, graphql: false, description: 'The person id', collection: ALL },
  organization_id: { type: 'reference', target: 'Organization', graphql: false, description: 'Organization of the person', collection: { default: true, filter: true } },
  account: { type: 'json', notBlank: true, graphql: false, description: 'Account the person belongs to (`id`, `name`): the account of the call or its directory account', collection: { default: true } },
  created_at: { type: 'datetime', notBlank: true, description: 'When the person was created', collection: ALL },
  updated_at: { type: 'datetime', notBlank: true, description: 'When the person last changed', collection: ALL },
});

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
