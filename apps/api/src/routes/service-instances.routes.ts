/**
 * `/v1/service_instances`: the service instances of the account of the call (issue 22).
 * Reads need service_instance:Read; writes service_instance:Create / service_instance:Update
 * and the administrator or agent role (docs/decisions/034), checked by the use case for REST
 * and GraphQL alike. Each write publishes service_instance.create / service_instance.update.
 */
import { SERVICE_INSTANCE_RECORD, presentServiceInstance } from '@tessera/domain';
import { PAGINATION_HEADERS, collectionQuerySchema, defineRoute, sendCollection, type RouteTable } from '@tessera/http';
import { collectionSpecOf, parseCollectionQuery, type CollectionSpec, type PageSizeLimits } from '@tessera/validation';
import { z } from 'zod';
import type { ApiServices } from '../services.js';
import { CMDB_WRITERS_NOTE } from './cis.routes.js';
import { idParams, recordIdParam, serviceInstanceFieldsSchema, serviceInstanceInputs, serviceInstanceSchema } from './cmdb.schema.js';

/** Fields, defaults, sorts and filters as the service instance's field declaration (SERVICE_INSTANCE_RECORD) gives them. */
export const SERVICE_INSTANCES: CollectionSpec = collectionSpecOf(SERVICE_INSTANCE_RECORD);

export function serviceInstancesRoutes(services: ApiServices, apiUrl: string, pageSize: PageSizeLimits): RouteTable {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/service_instances',
      operationId: 'listServiceInstances',
      tag: 'service instances',
      summary: 'Service instances of the account',
      needs: { scope: 'service_instance:Read' },
      input: { query: collectionQuerySchema(SERVICE_INSTANCES, pageSize), parse: ({ query }) => parseCollectionQuery(query, SERVICE_INSTANCES, pageSize) },
      responses: { 200: { description: 'One page of service instances, with the selected fields', schema: z.array(serviceInstanceFieldsSchema), headers: PAGINATION_HEADERS } },
      errors: [400],
      handler: async ({ req, res, access, input: query }) => {
        sendCollection(req, res, query, await services.listServiceInstances(access, query), presentServiceInstance, `${apiUrl}/service_instances`);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/service_instances/:id',
      operationId: 'getServiceInstance',
      tag: 'service instances',
      summary: 'One service instance, with every field',
      needs: { scope: 'service_instance:Read' },
      input: { params: idParams('service instance'), parse: ({ params }) => ({ id: recordIdParam(params['id']) }) },
      responses: { 200: { description: 'The service instance', schema: serviceInstanceSchema } },
      errors: [404],
      handler: async ({ res, access, input }) => {
        res.json(presentServiceInstance(await services.getServiceInstance(access, input.id)));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/service_instances',
      operationId: 'createServiceInstance',
      tag: 'service instances',
      summary: 'Create a service instance',
      description:
        'Only `name` is needed (unique in the account); no service, teams or configuration items by default. ' +
        'The service, teams and configuration items must be records of the account. Fires service_instance.create.',
      needs: { scope: 'service_instance:Create', answer: 'service_instance:Read', note: CMDB_WRITERS_NOTE },
      input: serviceInstanceInputs.create,
      responses: { 201: { description: 'The new service instance, with every field', schema: serviceInstanceSchema } },
      errors: [422],
      handler: async ({ res, access, input }) => {
        res.status(201).json(presentServiceInstance(await services.createServiceInstance(access, input)));
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/v1/service_instances/:id',
      operationId: 'updateServiceInstance',
      tag: 'service instances',
      summary: 'Change a service instance',
      description:
        'Name, service, first line team, support team and configuration items (`configuration_item_ids` replaces them). ' +
        'Fires service_instance.update; a change that changes nothing fires nothing.',
      needs: { scope: 'service_instance:Update', answer: 'service_instance:Read', note: CMDB_WRITERS_NOTE },
      input: serviceInstanceInputs.update,
      responses: { 200: { description: 'The service instance, with every field, after the change', schema: serviceInstanceSchema } },
      errors: [404, 422],
      handler: async ({ res, access, input: { id, body } }) => {
        res.json(presentServiceInstance(await services.updateServiceInstance(access, id, body)));
      },
    }),
  ];
}
