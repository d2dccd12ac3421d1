/**
 * `configurationItemCreate`, `configurationItemUpdate`, `serviceInstanceCreate` and
 * `serviceInstanceUpdate` (issue 22): through the same use cases as REST's `/v1/cis` and
 * `/v1/service_instances`, so they publish the same ci.* and service_instance.* events and
 * need the same roles (docs/decisions/034). Inputs are derived from the records'
 * declarations (record-input.ts) and name references by node ID; payloads are shaped as
 * requestCreate's (mutations.module.ts): the record, or `errors { path message }` for every
 * problem of the input.
 */
import { CONFIGURATION_ITEM_RECORD, SERVICE_INSTANCE_RECORD, notFound } from '@tessera/domain';
import type { ConfigurationItemCreateInput, ConfigurationItemUpdateInput, ServiceInstanceCreateInput, ServiceInstanceUpdateInput } from '@tessera/domain';
import { caller, type GraphqlContext } from './graphql-context.js';
import { NAMES_NOTHING, OF_THE_PAYLOAD, nodeIdOf, payload, readInput } from './mutations.module.js';
import { inputFields, inputFieldsSdl } from './record-input.js';
import type { SchemaModule } from './schema-module.js';

const CI_CREATE = inputFields(CONFIGURATION_ITEM_RECORD, 'create');
const CI_CHANGE = inputFields(CONFIGURATION_ITEM_RECORD, 'change');
const SI_CREATE = inputFields(SERVICE_INSTANCE_RECORD, 'create');
const SI_CHANGE = inputFields(SERVICE_INSTANCE_RECORD, 'change');

type Args = { input: Record<string, unknown> };

/** The record a change names: NOT_FOUND for an ID whose number no record can have, as for one that does not exist; null when it is not an ID of the type. */
function recordIdOf(raw: unknown, type: string): number | null {
  const id = nodeIdOf(raw, type);
  if (id === NAMES_NOTHING) throw notFound();
  return id;
}

export const cmdbMutationsModule: SchemaModule = {
  typeDefs: /* GraphQL */ `
    "A new configuration item: only name is needed."
    input ConfigurationItemCreateInput {
      ${inputFieldsSdl(CONFIGURATION_ITEM_RECORD, 'create')}
    }

    "The fields to change; a field left out keeps its value."
    input ConfigurationItemUpdateInput {
      "The ConfigurationItem ID."
      id: ID!
      ${inputFieldsSdl(CONFIGURATION_ITEM_RECORD, 'change')}
    }

    "A new service instance: only name is needed."
    input ServiceInstanceCreateInput {
      ${inputFieldsSdl(SERVICE_INSTANCE_RECORD, 'create')}
    }

    "The fields to change; a field left out keeps its value."
    input ServiceInstanceUpdateInput {
      "The ServiceInstance ID."
      id: ID!
      ${inputFieldsSdl(SERVICE_INSTANCE_RECORD, 'change')}
    }

    type ConfigurationItemCreatePayload {
      "Null when errors is not empty."
      configurationItem: ConfigurationItem
      errors: [MutationError!]!
    }

    type ConfigurationItemUpdatePayload {
      configurationItem: ConfigurationItem
      errors: [MutationError!]!
    }

    type ServiceInstanceCreatePayload {
      "Null when errors is not empty."
      serviceInstance: ServiceInstance
      errors: [MutationError!]!
    }

    type ServiceInstanceUpdatePayload {
      serviceInstance: ServiceInstance
      errors: [MutationError!]!
    }

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
    ...Object.fromEntries(
      ['ConfigurationItemCreatePayload', 'ConfigurationItemUpdatePayload'].flatMap((type) => [[`${type}.configurationItem`, OF_THE_PAYLOAD], [`${type}.errors`, OF_THE_PAYLOAD]]),
    ),
    ...Object.fromEntries(
      ['ServiceInstanceCreatePayload', 'ServiceInstanceUpdatePayload'].flatMap((type) => [[`${type}.serviceInstance`, OF_THE_PAYLOAD], [`${type}.errors`, OF_THE_PAYLOAD]]),
    ),
  },
  resolvers: {
    Mutation: {
      configurationItemCreate: async (_parent: unknown, { input }: Args, context: GraphqlContext) => {
        const access = caller(context);
        const { values, errors } = readInput(input, CI_CREATE);
        if (errors.length > 0) return { configurationItem: null, errors };
        return payload(CI_CREATE, { configurationItem: null }, async () => ({
          configurationItem: await context.services.createConfigurationItem(access, values as ConfigurationItemCreateInput),
        }));
      },
      configurationItemUpdate: async (_parent: unknown, { input }: Args, context: GraphqlContext) => {
        const access = caller(context);
        const id = recordIdOf(input['id'], 'ConfigurationItem');
        const { values, errors } = readInput(input, CI_CHANGE);
        if (id === null) errors.unshift({ path: ['input', 'id'], message: 'Not the ID of a ConfigurationItem' });
        if (errors.length > 0 || id === null) return { configurationItem: null, errors };
        return payload(CI_CHANGE, { configurationItem: null }, async () => ({
          configurationItem: await context.services.updateConfigurationItem(access, id, values as ConfigurationItemUpdateInput),
        }));
      },
      serviceInstanceCreate: async (_parent: unknown, { input }: Args, context: GraphqlContext) => {
        const access = caller(context);
        const { values, errors } = readInput(input, SI_CREATE);
        if (errors.length > 0) return { serviceInstance: null, errors };
        return payload(SI_CREATE, { serviceInstance: null }, async () => ({
          serviceInstance: await context.services.createServiceInstance(access, values as ServiceInstanceCreateInput),
        }));
      },
      serviceInstanceUpdate: async (_parent: unknown, { input }: Args, context: GraphqlContext) => {
        const access = caller(context);
        const id = recordIdOf(input['id'], 'ServiceInstance');
        const { values, errors } = readInput(input, SI_CHANGE);
        if (id === null) errors.unshift({ path: ['input', 'id'], message: 'Not the ID of a ServiceInstance' });
        if (errors.length > 0 || id === null) return { serviceInstance: null, errors };
        return payload(SI_CHANGE, { serviceInstance: null }, async () => ({
          serviceInstance: await context.services.updateServiceInstance(access, id, values as ServiceInstanceUpdateInput),
        }));
      },
    },
  },
};
