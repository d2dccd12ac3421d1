/**
 * A broadcast (issue 31; ../shared/RECORDS.md "broadcast"), a record of the engine
 * (docs/decisions/039, 043): `/v1/broadcasts`, GraphQL's `Broadcast`, `broadcast.create` /
 * `broadcast.update`. A message shown to the people of its visibility from its start until its
 * end, or until it is disabled; `GET /v1/broadcasts` lists those shown now.
 */
import { FACETS, NOW, defineRecord } from '../record-engine/define-record.js';
import { BROADCAST_READERS } from './broadcast-readers.js';
import { BROADCAST_WRITERS } from './broadcast-writers.js';

const { all: ALL, listed: LISTED } = FACETS;

const MESSAGE_TYPES = ['outage', 'available', 'warning', 'info'] as const;
const VISIBILITIES = [
  'all_of_account', 'account_specialists', 'covered_for_any', 'covered_for', 'customers', 'members_of_skill_pools',
  'members_of_teams', 'organizations_and_descendants', 'organizations', 'sites',
] as const;
const AUDIENCE_MAX = 1000;

export const BROADCAST = defineRecord({
  noun: 'broadcast',
  fields: {
    message: { type: 'text', maxBytes: 65_536, write: 'change', required: true, description: 'Message', collection: LISTED },
    message_type: { type: 'enum', values: MESSAGE_TYPES, write: 'change', required: true, description: 'Message type (its icon)', collection: ALL },
    start_at: { type: 'datetime', write: 'change', notBlank: true, description: 'When the broadcast starts', note: 'Default: now', collection: ALL },
    end_at: {
      type: 'datetime', notBefore: 'start_at', write: 'change', description: 'When the broadcast ends',
      note: 'Never before the start; none: until it is disabled', collection: ALL,
    },
    time_zone: {
      type: 'text', max: 64, format: 'time-zone', write: 'change', description: 'Time zone in which its start and end are shown',
      note: 'An IANA name such as Europe/Amsterdam; none: UTC', collection: LISTED,
    },
    visibility: { type: 'enum', values: VISIBILITIES, write: 'change', notBlank: true, description: 'Who sees it', note: 'Default: all_of_account', collection: ALL },
    disabled: { type: 'boolean', write: 'change', nullable: false, description: 'Whether the broadcast is no longer shown', note: 'Default: false', collection: LISTED },
    team_ids: {
      type: 'references', target: 'Team', max: AUDIENCE_MAX, write: 'change', description: 'Teams whose members see it (visibility members_of_teams)',
      note: 'Given, it replaces them; default: none',
    },
    organization_ids: {
      type: 'references', target: 'Organization', max: AUDIENCE_MAX, write: 'change',
      description: 'Organizations whose people see it (visibility organizations, organizations_and_descendants)', note: 'Given, it replaces them; default: none',
    },
    request_id: { type: 'reference', target: 'Request', write: 'change', description: 'Request group end users may subscribe to', collection: LISTED },
  },
  defaults: { start_at: NOW, visibility: 'all_of_account', disabled: false },
  links: {
    team_ids: { table: 'broadcast_teams', self: 'broadcast_id', other: 'team_id', position: 'self' },
    organization_ids: { table: 'broadcast_organizations', self: 'broadcast_id', other: 'organization_id', position: 'self' },
  },
  current: { from: 'start_at', until: 'end_at', unless: 'disabled' },
  writers: BROADCAST_WRITERS,
  readers: BROADCAST_READERS,
  describe: {
    create:
      '`message` and `message_type` are needed; it starts now, is seen by all of the account and is not disabled by default. ' +
      '`end_at` is never before `start_at`; none: shown until disabled. Teams, organizations and the request must be records of the account. ' +
      'Fires broadcast.create.',
    update: 'Every field of the broadcast (`team_ids` and `organization_ids` replace the lists). Fires broadcast.update; a change that changes nothing fires nothing.',
  },
});
