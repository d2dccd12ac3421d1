/**
 * A person (issue 22), one definition of the record engine (docs/decisions/039, 048, 055):
 * `/v1/people` (recordRoutes, with its published operation names), GraphQL's person mutations
 * and `tessera person create`'s checks derive from it, and the engine's rules a person follows:
 * the primary e-mail unique across every account in lower case and seen by the staff and the
 * person themselves (decision 033), their roles in the account of the call, people of the
 * account and of its directory account (a directory person is changed there only), and
 * `team_ids`, links that are the teams' (decision 035). GraphQL's `Person` type and `people`
 * connection stay the people's own, shared with `me` (`graphqlType: 'own'`); the engine makes
 * the person mutations.
 */
import { ROLES } from '../identity/roles.js';
import { FACETS, defineRecord } from '../record-engine/define-record.js';
import { TEAM_MEMBERS_MAX } from '../teams/team.record.js';
import { personValueProblems } from './person-checks.js';

export const PERSON_NAME_MAX = 128;
export const PRIMARY_EMAIL_MAX = 254;
export const LOCALE_MAX = 16;
export const TIME_ZONE_MAX = 64;
export const DEFAULT_LOCALE = 'en-US';
export const DEFAULT_TIME_ZONE = 'UTC';

/** Who reads a person's primary e-mail, as the people's reads say it. */
export const EMAIL_RULE = 'An end user (no role in the account) sees their own primary e-mail only, and may not filter or sort on it (docs/decisions/033).';

/** Why a person of the directory account, seen from a support domain, is not changed there. */
export const MANAGED_IN_DIRECTORY = 'This person belongs to the directory account and is managed there';

export const PERSON = defineRecord({
  noun: 'person',
  plural: 'people',
  fields: {
    name: { type: 'text', max: PERSON_NAME_MAX, write: 'change', required: true, description: 'Name', collection: FACETS.all },
    primary_email: {
      type: 'text', max: PRIMARY_EMAIL_MAX, write: 'change', required: true, description: 'Primary e-mail address', example: 'ada.lovelace@example.com',
      note: 'Unique across every account, whatever its case; null for an end user reading somebody else (docs/decisions/033)', collection: FACETS.all,
    },
    locale: { type: 'text', max: LOCALE_MAX, write: 'change', notBlank: true, description: 'Language tag (BCP 47)', note: `Default: ${DEFAULT_LOCALE}`, collection: FACETS.listed },
    time_zone: { type: 'text', max: TIME_ZONE_MAX, write: 'change', notBlank: true, description: 'IANA time zone', note: `Default: ${DEFAULT_TIME_ZONE}`, collection: FACETS.listed },
    disabled: {
      type: 'boolean', write: 'change', notBlank: true, description: 'Disabled', note: 'A disabled person cannot sign in and their tokens stop working; default false', collection: FACETS.listed,
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
    organization_id: { type: 'reference', target: 'Organization', graphql: false, description: 'Organization of the person', collection: { default: true, filter: true } },
    account: { type: 'json', notBlank: true, graphql: false, description: 'Account the person belongs to (`id`, `name`): the account of the call or its directory account', collection: { default: true } },
  },
  defaults: { locale: DEFAULT_LOCALE, time_zone: DEFAULT_TIME_ZONE, disabled: false },
  // It identifies a person at sign-in: one person in every account, whatever its case (migration 1's index).
  unique: 'primary_email',
  uniqueness: { across: 'every', compare: 'lower', taken: (email) => `Primary email has already been taken: ${email}` },
  check: personValueProblems,
  links: { team_ids: { table: 'team_memberships', self: 'person_id', other: 'team_id', position: 'none', owner: 'other' } },
  missing: { team_ids: (ids) => `Team ids ${ids} do not match any team of the account` },
  visible: { primary_email: { to: 'role', own: 'id' } },
  directory: { rule: MANAGED_IN_DIRECTORY, field: 'account' },
  accountValues: { roles: { table: 'person_roles', self: 'person_id', value: 'role' } },
  writers: { roles: ['administrator'], rule: 'This needs the administrator role in the account' },
  describe: {
    create: 'Only `name` and `primary_email` are needed; locale en-US, time zone UTC, enabled and no role (an end user) by default. The primary e-mail is unique across every account, whatever its case. Fires person.create.',
    update:
      'Name, primary e-mail, locale, time zone, disabled, and roles in the account of the call. Disabling a person or removing a role takes effect on their next call. ' +
      'Fires person.update; a change that changes nothing fires nothing. A person of the directory account is changed in the directory account only (403).',
  },
  graphqlType: 'own',
  operations: {
    list: { operationId: 'listPeople', summary: 'People of the account, and of its directory account for a support domain', description: EMAIL_RULE },
    get: { description: EMAIL_RULE },
  },
});
