/**
 * `/v1/cis`: the configuration items of the account of the call (issue 22). Reads need
 * ci:Read; writes ci:Create / ci:Update and the administrator or agent role
 * (docs/decisions/034), checked by the use case for REST and GraphQL alike. Each write
 * publishes ci.create / ci.update.
 */
import { CONFIGURATION_ITEM_RECORD, presentConfigurationItem } from '@tessera/domain';
import { PAGINATION_HEADERS, collectionQuerySchema, defineRoute, sendCollection, type RouteTable } from '@tessera/http';
import { collectionSpecOf, parseCollectionQuery, type CollectionSpec, type PageSizeLimits } from '@tessera/validation';
import { z } from 'zod';
import type { ApiServices } from '../services.js';
import { ciInputs, configurationItemFieldsSchema, configurationItemSchema, idParams, recordIdParam } from './cmdb.schema.js';

/** Fields, defaults, sorts and filters as the CI's field declaration (CONFIGURATION_ITEM_RECORD) gives them. */
export const CONFIGURATION_ITEMS: CollectionSpec = collectionSpecOf(CONFIGURATION_ITEM_RECORD);

export const CMDB_WRITERS_NOTE = 'The administrator or agent role in the account (docs/decisions/034)';

export function cisRoutes(services: ApiServices, apiUrl: string, pageSize: PageSizeLimits): RouteTable {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/cis',
      operationId: 'listConfigurationItems',
      tag: 'configuration items',
      summary: 'Configuration items of the account',
      needs: { scope: 'ci:Read' },
      input: { query: collectionQuerySchema(CONFIGURATION_ITEMS, pageSize), parse: ({ query }) => parseCollectionQuery(query, CONFIGURATION_ITEMS, pageSize) },
      responses: { 200: { description: 'One page of configuration items, with the selected fields', schema: z.array(configurationItemFieldsSchema), headers: PAGINATION_HEADERS } },
      errors: [400],
      handler: async ({ req, res, access, input: query }) => {
        sendCollection(req, res, query, await services.listConfigurationItems(access, query), presentConfigurationItem, `${apiUrl}/cis`);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/cis/:id',
      operationId: 'getConfigurationItem',
      tag: 'configuration items',
      summary: 'One configuration item, with every field',
      needs: { scope: 'ci:Read' },
      input: { params: idParams('configuration item'), parse: ({ params }) => ({ id: recordIdParam(params['id']) }) },
      responses: { 200: { description: 'The configuration item', schema: configurationItemSchema } },
      errors: [404],
      handler: async ({ res, access, input }) => {
        res.json(presentConfigurationItem(await services.getConfigurationItem(access, input.id)));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/cis',
      operationId: 'createConfigurationItem',
      tag: 'configuration items',
      summary: 'Create a configuration item',
      description:
        'Only `name` is needed; status in_production, rule set hardware, no label, support team or service instance by default. ' +
        'The label is unique in the account; the support team and service instances must be records of the account. Fires ci.create.',
      needs: { scope: 'ci:Create', answer: 'ci:Read', note: CMDB_WRITERS_NOTE },
      input: ciInputs.create,
      responses: { 201: { description: 'The new configuration item, with every field', schema: configurationItemSchema } },
      errors: [422],
      handler: async ({ res, access, input }) => {
        res.status(201).json(presentConfigurationItem(await services.createConfigurationItem(access, input)));
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/v1/cis/:id',
      operationId: 'updateConfigurationItem',
      tag: 'configuration items',
      summary: 'Change a configuration item',
      description:
        'Name, label, status, source, source id, support team and service instances (`service_instance_ids` replaces the list, in its order: the first is the one the events intake takes). ' +
        'Fires ci.update; a change that changes nothing fires nothing.',
      needs: { scope: 'ci:Update', answer: 'ci:Read', note: CMDB_WRITERS_NOTE },
      input: ciInputs.update,
      responses: { 200: { description: 'The configuration item, with every field, after the change', schema: configurationItemSchema } },
      errors: [404, 422],
      handler: async ({ res, access, input: { id, body } }) => {
        res.json(presentConfigurationItem(await services.updateConfigurationItem(access, id, body)));
      },
    }),
  ];
}
