import type { CiRuleSet, CiStatus } from './configuration-item-fields.js';

/** A record another names, as an answer shows it. */
export interface NamedRef {
  id: number;
  name: string;
}

/** A configuration item as `/v1/cis` reads it: its service instances of the same account, in their order. */
export interface ConfigurationItemView {
  id: number;
  name: string;
  label: string | null;
  status: CiStatus;
  rule_set: CiRuleSet;
  source: string | null;
  source_id: string | null;
  support_team: NamedRef | null;
  service_instances: NamedRef[];
  created_at: Date;
  updated_at: Date;
}

/** A service instance as `/v1/service_instances` reads it: its configuration items of the same account, by id. */
export interface ServiceInstanceView {
  id: number;
  name: string;
  service: NamedRef | null;
  first_line_team: NamedRef | null;
  support_team: NamedRef | null;
  configuration_items: NamedRef[];
  created_at: Date;
  updated_at: Date;
}
