/** Service instances and configuration items, each with the other's connection (the CI's first service instance comes first). */
import { GRAPH_READ_RULES } from '@tessera/domain';
import { connectionArgs, connectionSdl } from '../connections/connection-sdl.js';
import { column, dbId, isoDate, nestedConnection, nodeId, reference, rootConnection } from '../connections/connection-resolvers.js';
import type { FieldNeeds } from '../field-needs.js';
import type { SchemaModule } from './schema-module.js';

const OF_THE_SI: FieldNeeds = { parent: 'part of the service instance the parent field returned' };
const OF_THE_CI: FieldNeeds = { parent: 'part of the configuration item the parent field returned' };

const serviceInstances = connectionSdl('ServiceInstance', GRAPH_READ_RULES.ServiceInstance.orderFields, `
  name: StringValues
`);
const configurationItems = connectionSdl('ConfigurationItem', GRAPH_READ_RULES.ConfigurationItem.orderFields, `
  name: StringValues
  label: StringValues
  "hardware, software, license or other."
  ruleSet: StringValues
`);

export const serviceInstanceModule: SchemaModule = {
  typeDefs: /* GraphQL */ `
    type ServiceInstance implements Node {
      id: ID!
      dbId: Int!
      name: String!
      firstLineTeam: Team
      supportTeam: Team
      createdAt: DateTime!
      updatedAt: DateTime!
      configurationItems(${connectionArgs('ConfigurationItem', false)}): ConfigurationItemConnection!
    }

    type ConfigurationItem implements Node {
      id: ID!
      dbId: Int!
      name: String!
      label: String
      "in_stock, in_production, being_repaired or archived."
      status: String!
      ruleSet: String!
      source: String
      sourceID: String
      supportTeam: Team
      createdAt: DateTime!
      updatedAt: DateTime!
      serviceInstances(${connectionArgs('ServiceInstance', false)}): ServiceInstanceConnection!
    }

    ${serviceInstances.typeDefs}
    ${configurationItems.typeDefs}

    extend type Query {
      serviceInstances(${connectionArgs('ServiceInstance', true)}): ServiceInstanceConnection!
      configurationItems(${connectionArgs('ConfigurationItem', true)}): ConfigurationItemConnection!
    }
  `,
  needs: {
    'Query.serviceInstances': { action: 'service_instance:Read' },
    'Query.configurationItems': { action: 'ci:Read' },
    'ServiceInstance.configurationItems': { action: 'ci:Read' },
    'ConfigurationItem.serviceInstances': { action: 'service_instance:Read' },
    'ServiceInstance.firstLineTeam': { action: 'team:Read' },
    'ServiceInstance.supportTeam': { action: 'team:Read' },
    'ConfigurationItem.supportTeam': { action: 'team:Read' },
    ...serviceInstances.needs,
    ...configurationItems.needs,
    ...Object.fromEntries(['id', 'dbId', 'name', 'createdAt', 'updatedAt'].map((field) => [`ServiceInstance.${field}`, OF_THE_SI])),
    ...Object.fromEntries(['id', 'dbId', 'name', 'label', 'status', 'ruleSet', 'source', 'sourceID', 'createdAt', 'updatedAt'].map((field) => [`ConfigurationItem.${field}`, OF_THE_CI])),
  },
  resolvers: {
    Query: {
      serviceInstances: rootConnection('ServiceInstance'),
      configurationItems: rootConnection('ConfigurationItem'),
    },
    ServiceInstance: {
      id: nodeId('ServiceInstance'),
      dbId,
      firstLineTeam: reference('Team', 'first_line_team_id'),
      supportTeam: reference('Team', 'support_team_id'),
      createdAt: isoDate('created_at'),
      updatedAt: isoDate('updated_at'),
      configurationItems: nestedConnection('ServiceInstance.configurationItems'),
    },
    ConfigurationItem: {
      id: nodeId('ConfigurationItem'),
      dbId,
      ruleSet: column('rule_set'),
      sourceID: column('source_id'),
      supportTeam: reference('Team', 'support_team_id'),
      createdAt: isoDate('created_at'),
      updatedAt: isoDate('updated_at'),
      serviceInstances: nestedConnection('ConfigurationItem.serviceInstances'),
    },
  },
};
