/**
 * `configurationItemCreate`, `configurationItemUpdate`, `serviceInstanceCreate` and
 * `serviceInstanceUpdate` (issue 22): through the same use cases as REST's `/v1/cis` and
 * `/v1/service_instances`, so they publish the same ci.* and service_instance.* events and
 * need the same roles (docs/decisions/034). Inputs are derived from the records'
 * declarations (record-input.ts) and name references by node ID; payloads are those of
 * every record mutation (record-mutations.ts): the record, or `errors { path message }` for
 * every problem of the input.
 */
import { CONFIGURATION_ITEM_RECORD, SERVICE_INSTANCE_RECORD } from '@tessera/domain';
import type { ConfigurationItemCreateInput, ConfigurationItemUpdateInput, ServiceInstanceCreateInput, ServiceInstanceUpdateInput } from '@tessera/domain';
import { inputFields, inputTypesSdl } from './record-input.js';
import { createResolver, payloadNeeds, payloadTypesSdl, updateResolver } from './record-mutations.js';
import type { SchemaModule } from './schema-module.js';

const CI_CREATE = inputFields(CONFIGURATION_ITEM_RECORD, 'create');
const CI_CHANGE = inputFields(CONFIGURATION_ITEM_RECORD, 'change');
const SI_CREATE = inputFields(SERVICE_INSTANCE_RECORD, 'create');
const SI_CHANGE = inputFields(SERVICE_INSTANCE_RECORD, 'change');

export const cmdbMutationsModule: SchemaModule = {
  typeDefs: /* GraphQL */ `
    ${inputTypesSdl('ConfigurationItem', CONFIGURATION_ITEM_RECORD, 'A new configuration item: only name is needed.')}

    ${inputTypesSdl('ServiceInstance', SERVICE_INSTANCE_RECORD, 'A new service instance: only name is needed.')}

    ${payloadTypesSdl('ConfigurationItem', 'configurationItem')}

    ${payloadTypesSdl('ServiceInstance', 'serviceInstance')}

    extend type Mutation {
      "Creates a configuration item; fires ci.create. Needs the administrator or agent role."
      configurationItemCreate(input: ConfigurationItemCreateInput!): ConfigurationItemCreatePayload!
      "Changes a configuration item; fires ci.update when something changed. Needs the administrator or agent role."
      configurationItemUpdate(input: ConfigurationItemUpdateInput!): ConfigurationItemUpdatePayload!
      "Creates a service instance; fires service_instance.create. Needs the administrator or agent role."
      serviceInstanceCreate(input: ServiceInstanceCreateInput!): ServiceInstanceCreatePayload!
      "Changes a service instance; fires service_instance.update when something changed. Needs the administrator or agent role."
      serviceInstanceUpdate(input: ServiceInstanceUpdateInput!): ServiceInstanceUpdatePayload!
    }
  `,
  needs: {
    'Mutation.configurationItemCreate': { action: 'ci:Create', answer: 'ci:Read' },
    'Mutation.configurationItemUpdate': { action: 'ci:Update', answer: 'ci:Read' },
    'Mutation.serviceInstanceCreate': { action: 'service_instance:Create', answer: 'service_instance:Read' },
    'Mutation.serviceInstanceUpdate': { action: 'service_instance:Update', answer: 'service_instance:Read' },
    ...payloadNeeds('ConfigurationItem', 'configurationItem'),
    ...payloadNeeds('ServiceInstance', 'serviceInstance'),
  },
  resolvers: {
    Mutation: {
      configurationItemCreate: createResolver('configurationItem', CI_CREATE, (context, access, values) =>
        context.services.createConfigurationItem(access, values as ConfigurationItemCreateInput)),
      configurationItemUpdate: updateResolver('configurationItem', 'ConfigurationItem', CI_CHANGE, (context, access, id, values) =>
        context.services.updateConfigurationItem(access, id, values as ConfigurationItemUpdateInput)),
      serviceInstanceCreate: createResolver('serviceInstance', SI_CREATE, (context, access, values) =>
        context.services.createServiceInstance(access, values as ServiceInstanceCreateInput)),
      serviceInstanceUpdate: updateResolver('serviceInstance', 'ServiceInstance', SI_CHANGE, (context, access, id, values) =>
        context.services.updateServiceInstance(access, id, values as ServiceInstanceUpdateInput)),
    },
  },
};
