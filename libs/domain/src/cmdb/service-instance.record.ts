/**
 * A service instance (issue 22), a record of the engine (docs/decisions/039):
 * `/v1/service_instances`, GraphQL's `ServiceInstance`, `service_instance.create` /
 * `service_instance.update`. Its name is unique in the account; its configuration items are
 * listed by id, each placed after its other service instances.
 */
import { FACETS, defineRecord } from '../record-engine/define-record.js';
import type { RecordInput } from '../records/record-fields.js';
import { CMDB_WRITERS } from './cmdb-writers.js';

const SERVICE_INSTANCE_NAME_MAX = 190;
const SERVICE_INSTANCE_CIS_MAX = 1000;

const { all: ALL, listed: LISTED } = FACETS;

const FIELDS = {
  name: { type: 'text', max: SERVICE_INSTANCE_NAME_MAX, write: 'change', required: true, description: 'Name', note: 'Unique in the account', collection: ALL },
  service_id: { type: 'reference', target: 'Service', write: 'change', description: 'Service the instance provides', note: 'Default: none', graphql: false, collection: LISTED },
  first_line_team_id: {
    type: 'reference', target: 'Team', write: 'change', description: 'First line team',
    note: 'The team a request of the instance goes to first (README "Events intake")', collection: LISTED,
  },
  support_team_id: { type: 'reference', target: 'Team', write: 'change', description: 'Support team', note: 'The team a request goes to when there is no first line team', collection: LISTED },
  configuration_item_ids: {
    type: 'references', target: 'ConfigurationItem', max: SERVICE_INSTANCE_CIS_MAX, write: 'change', description: 'Configuration items that are part of the instance',
    note: 'Given, it replaces them; a CI newly linked comes after its other service instances; default: none', collection: { default: true },
  },
} as const;

export const SERVICE_INSTANCE = defineRecord({
  noun: 'service_instance',
  fields: FIELDS,
  unique: 'name',
  links: { configuration_item_ids: { table: 'ci_service_instances', self: 'service_instance_id', other: 'ci_id', position: 'other' } },
  writers: CMDB_WRITERS,
  describe: {
    create:
      'Only `name` is needed (unique in the account); no service, teams or configuration items by default. ' +
      'The service, teams and configuration items must be records of the account. Fires service_instance.create.',
    update:
      'Name, service, first line team, support team and configuration items (`configuration_item_ids` replaces them). ' +
      'Fires service_instance.update; a change that changes nothing fires nothing.',
  },
});

type Fields = typeof SERVICE_INSTANCE.fields.fields;
export type ServiceInstanceCreateInput = RecordInput<Fields, 'create'>;
export type ServiceInstanceUpdateInput = RecordInput<Fields, 'change'>;
