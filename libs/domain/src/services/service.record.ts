/**
 * A service (issue 31; ../shared/RECORDS.md "service"), a record of the engine
 * (docs/decisions/039): `/v1/services`, GraphQL's `Service`, `service.create` /
 * `service.update`. A service is provided by an organization of the account; its teams are
 * the defaults of its service instances. The name is unique in the account.
 */
import { CATALOGUE_WRITERS } from '../catalogue/catalogue-writers.js';
import { FACETS, defineRecord } from '../record-engine/define-record.js';

const { all: ALL, listed: LISTED } = FACETS;

export const SERVICE = defineRecord({
  noun: 'service',
  fields: {
    name: { type: 'text', max: 80, write: 'change', required: true, description: 'Name', note: 'Unique in the account', collection: ALL },
    provider_id: { type: 'reference', target: 'Organization', write: 'change', required: true, description: 'Organization that provides the service', collection: LISTED },
    support_team_id: { type: 'reference', target: 'Team', write: 'change', description: 'Support team', note: 'The default support team of its service instances', collection: LISTED },
    first_line_team_id: { type: 'reference', target: 'Team', write: 'change', description: 'First line team', note: 'The default first line team of its service instances', collection: LISTED },
    description: { type: 'text', max: 4000, write: 'change', description: 'Description' },
    keywords: { type: 'text', max: 255, write: 'change', description: 'Keywords, for finding the service', collection: LISTED },
    disabled: { type: 'boolean', write: 'change', nullable: false, description: 'Whether the service is disabled', note: 'Default: false', collection: LISTED },
  },
  defaults: { disabled: false },
  unique: 'name',
  writers: CATALOGUE_WRITERS,
  describe: {
    create: '`name` (unique in the account) and `provider_id`, an organization of the account, are needed; no teams, enabled by default. Fires service.create.',
    update: 'Name, provider, support and first line teams, description, keywords and disabled. Fires service.update; a change that changes nothing fires nothing.',
  },
});
