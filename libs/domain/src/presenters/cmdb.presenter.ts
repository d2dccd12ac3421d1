/**
 * The configuration item and service instance JSON of `/v1/cis` and `/v1/service_instances`
 * (their declarations' read fields): each reference as `{id, name, nodeID}`, lists of them in
 * order, the record's `nodeID`.
 */
import type { ConfigurationItemView, NamedRef, ServiceInstanceView } from '../cmdb/cmdb-views.js';
import { encodeNodeId } from '../node-id.js';

const ref = (type: string, value: NamedRef | null) => value && { id: value.id, name: value.name, nodeID: encodeNodeId(type, value.id) };

export function presentConfigurationItem(view: ConfigurationItemView): Record<string, unknown> {
  return {
    id: view.id,
    name: view.name,
    label: view.label,
    status: view.status,
    rule_set: view.rule_set,
    source: view.source,
    source_id: view.source_id,
    support_team: ref('Team', view.support_team),
    service_instances: view.service_instances.map((si) => ref('ServiceInstance', si)),
    created_at: view.created_at,
    updated_at: view.updated_at,
    nodeID: encodeNodeId('ConfigurationItem', view.id),
  };
}

export function presentServiceInstance(view: ServiceInstanceView): Record<string, unknown> {
  return {
    id: view.id,
    name: view.name,
    service: ref('Service', view.service),
    first_line_team: ref('Team', view.first_line_team),
    support_team: ref('Team', view.support_team),
    configuration_items: view.configuration_items.map((ci) => ref('ConfigurationItem', ci)),
    created_at: view.created_at,
    updated_at: view.updated_at,
    nodeID: encodeNodeId('ServiceInstance', view.id),
  };
}
