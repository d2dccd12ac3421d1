/**
 * A configuration item (issue 22), a record of the engine (docs/decisions/039): `/v1/cis`,
 * GraphQL's `ConfigurationItem`, `ci.create` / `ci.update`. Its service instances are an
 * ordered list: the first is the one the events intake takes for an event naming the CI.
 */
import { FACETS, defineRecord } from '../record-engine/define-record.js';
import type { RecordInput } from '../records/record-fields.js';
import { CMDB_WRITERS } from './cmdb-writers.js';

const CI_NAME_MAX = 190;
const CI_LABEL_MAX = 190;
const CI_SOURCE_MAX = 30;
const CI_SOURCE_ID_MAX = 128;
/** A CI linked to more service instances than this is a modelling mistake, not a CMDB. */
const CI_SERVICE_INSTANCES_MAX = 100;
const CI_STATUSES = ['in_stock', 'in_production', 'being_repaired', 'archived'] as const;
const DEFAULT_CI_STATUS = 'in_production';
const CI_RULE_SETS = ['hardware', 'software', 'license', 'other'] as const;
const DEFAULT_CI_RULE_SET = 'hardware';

const { all: ALL, listed: LISTED } = FACETS;

const FIELDS = {
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
} as const;

export const CONFIGURATION_ITEM = defineRecord({
  noun: 'ci',
  node: 'ConfigurationItem',
  what: 'configuration item',
  path: 'cis',
  table: 'configuration_items',
  fields: FIELDS,
  defaults: { status: DEFAULT_CI_STATUS, rule_set: DEFAULT_CI_RULE_SET },
  unique: 'label',
  links: { service_instance_ids: { table: 'ci_service_instances', self: 'ci_id', other: 'service_instance_id', position: 'self' } },
  writers: CMDB_WRITERS,
  describe: {
    create:
      'Only `name` is needed; status in_production, rule set hardware, no label, support team or service instance by default. ' +
      'The label is unique in the account; the support team and service instances must be records of the account. Fires ci.create.',
    update:
      'Name, label, status, source, source id, support team and service instances (`service_instance_ids` replaces the list, in its order: the first is the one the events intake takes). ' +
      'Fires ci.update; a change that changes nothing fires nothing.',
  },
});

type Fields = typeof CONFIGURATION_ITEM.fields.fields;
export type ConfigurationItemCreateInput = RecordInput<Fields, 'create'>;
export type ConfigurationItemUpdateInput = RecordInput<Fields, 'change'>;
