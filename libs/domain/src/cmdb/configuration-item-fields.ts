/**
 * The fields of a configuration item, declared once (docs/decisions/031; the mechanism is
 * records/record-fields.ts): REST `POST`/`PATCH /v1/cis`, the `GET /v1/cis` collection rules,
 * the REST answer's schema and the GraphQL inputs of `configurationItemCreate` and
 * `configurationItemUpdate` derive from it. Whether a referenced record is one of the account
 * of the call, and whether a label is taken, are the use case's lookups.
 */
import { declareRecord, type RecordInput } from '../records/record-fields.js';

export const CI_NAME_MAX = 190;
export const CI_LABEL_MAX = 190;
export const CI_SOURCE_MAX = 30;
export const CI_SOURCE_ID_MAX = 128;
/** A CI linked to more service instances than this is a modelling mistake, not a CMDB. */
export const CI_SERVICE_INSTANCES_MAX = 100;
export const CI_STATUSES = ['in_stock', 'in_production', 'being_repaired', 'archived'] as const;
export const DEFAULT_CI_STATUS = 'in_production';
export const CI_RULE_SETS = ['hardware', 'software', 'license', 'other'] as const;
export const DEFAULT_CI_RULE_SET = 'hardware';

const ALL = { default: true, sort: true, filter: true } as const;
const LISTED = { default: true, filter: true } as const;

export const CONFIGURATION_ITEM_RECORD = declareRecord('a configuration item', {
  name: { type: 'text', max: CI_NAME_MAX, write: 'change', required: true, description: 'Name', note: 'How a software CI is named by the events intake (`ci`)', collection: ALL },
  label: { type: 'text', max: CI_LABEL_MAX, write: 'change', description: 'Label', note: 'Unique in the account; how the events intake names a CI (`ci`)', collection: ALL },
  status: { type: 'enum', values: CI_STATUSES, write: 'change', notBlank: true, description: 'Status', note: `Default: ${DEFAULT_CI_STATUS}`, collection: ALL },
  rule_set: { type: 'enum', values: CI_RULE_SETS, write: 'create', notBlank: true, description: 'Rule set', note: `Set when the CI is created; default: ${DEFAULT_CI_RULE_SET}`, graphql: 'ruleSet', collection: ALL },
  source: { type: 'text', max: CI_SOURCE_MAX, write: 'change', description: 'Source of the CI (the tool that keeps it)', note: 'With `source_id`, how the events intake names a CI', collection: LISTED },
  source_id: { type: 'text', max: CI_SOURCE_ID_MAX, write: 'change', description: 'The id of the CI in its source', graphql: 'sourceID', collection: LISTED },
  support_team_id: { type: 'reference', target: 'Team', write: 'change', description: 'Team that supports the CI', collection: LISTED },
  service_instance_ids: {
    type: 'references', target: 'ServiceInstance', max: CI_SERVICE_INSTANCES_MAX, write: 'change', description: 'Service instances the CI is part of, in order',
    note: 'The first is the one the events intake takes for an event naming the CI; default: none', collection: { default: true },
  },
  // Read-only: what the service sets.
  id: { type: 'integer', notBlank: true, graphql: false, description: 'The configuration item id', collection: ALL },
  created_at: { type: 'datetime', notBlank: true, description: 'When the CI was created', collection: ALL },
  updated_at: { type: 'datetime', notBlank: true, description: 'When the CI last changed', collection: ALL },
});

type CiFields = typeof CONFIGURATION_ITEM_RECORD.fields;
export type ConfigurationItemCreateInput = RecordInput<CiFields, 'create'>;
export type ConfigurationItemUpdateInput = RecordInput<CiFields, 'change'>;
export type CiStatus = (typeof CI_STATUSES)[number];
export type CiRuleSet = (typeof CI_RULE_SETS)[number];
