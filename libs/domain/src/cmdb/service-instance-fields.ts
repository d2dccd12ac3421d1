/**
 * The fields of a service instance, declared once (docs/decisions/031; the mechanism is
 * records/record-fields.ts): REST `POST`/`PATCH /v1/service_instances`, the
 * `GET /v1/service_instances` collection rules, the REST answer's schema and the GraphQL
 * inputs of `serviceInstanceCreate` and `serviceInstanceUpdate` derive from it. Whether a
 * referenced record is one of the account of the call, and whether a name is taken, are the
 * use case's lookups.
 */
import { declareRecord, type RecordInput } from '../records/record-fields.js';

export const SERVICE_INSTANCE_NAME_MAX = 190;
export const SERVICE_INSTANCE_CIS_MAX = 1000;

const ALL = { default: true, sort: true, filter: true } as const;
const LISTED = { default: true, filter: true } as const;

export const SERVICE_INSTANCE_RECORD = declareRecord('a service instance', {
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
  // Read-only: what the service sets.
  id: { type: 'integer', notBlank: true, graphql: false, description: 'The service instance id', collection: ALL },
  created_at: { type: 'datetime', notBlank: true, description: 'When the service instance was created', collection: ALL },
  updated_at: { type: 'datetime', notBlank: true, description: 'When the service instance last changed', collection: ALL },
});

type SiFields = typeof SERVICE_INSTANCE_RECORD.fields;
export type ServiceInstanceCreateInput = RecordInput<SiFields, 'create'>;
export type ServiceInstanceUpdateInput = RecordInput<SiFields, 'change'>;
