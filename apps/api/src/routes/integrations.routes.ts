/**
 * `/v1/integrations` and `/v1/integrations/:id` (Tessera's extension of SPEC.md
 * "Integration scope": the record behind OAuth applications). Administrators
 * only, with `integration:<operation>`; another account's integration is not found.
 */
import { z } from 'zod';
import { INTEGRATION_RECORD, presentIntegration } from '@tessera/domain';
import { PAGINATION_HEADERS, collectionQuerySchema, defineRoute, sendCollection, writeInput, zodInput, type RouteTable } from '@tessera/http';
import { collectionSpecOf, parseCollectionQuery, type CollectionSpec, type PageSizeLimits } from '@tessera/validation';
import type { ApiServices } from '../services.js';
import { integrationBody, integrationFieldsSchema, integrationParams, integrationSchema } from './integrations.schema.js';

const INTEGRATIONS: CollectionSpec = collectionSpecOf(INTEGRATION_RECORD);

export const INTEGRATIONS_TAG = 'integrations';
export const ADMINISTRATORS = 'Integrations are settings of the account: administrators manage them.';

export function integrationsRoutes(services: ApiServices, apiUrl: string, pageSize: PageSizeLimits): RouteTable {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/integrations',
      operationId: 'listIntegrations',
      tag: INTEGRATIONS_TAG,
      summary: 'Integrations of the account',
      description: ADMINISTRATORS,
      needs: { role: 'administrator', scope: 'integration:Read' },
      input: { query: collectionQuerySchema(INTEGRATIONS, pageSize), parse: ({ query }) => parseCollectionQuery(query, INTEGRATIONS, pageSize) },
      responses: { 200: { description: 'One page of integrations, with the selected fields', schema: z.array(integrationFieldsSchema), headers: PAGINATION_HEADERS } },
      errors: [400],
      handler: async ({ req, res, access, input: query }) => {
        sendCollection(req, res, query, await services.listIntegrations(access, query), presentIntegration, `${apiUrl}/integrations`);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/integrations/:id',
      operationId: 'getIntegration',
      tag: INTEGRATIONS_TAG,
      summary: 'One integration, with every field',
      description: `${ADMINISTRATORS} Its scopes and OAuth applications are the collections under it.`,
      needs: { role: 'administrator', scope: 'integration:Read' },
      input: zodInput({ params: integrationParams }),
      responses: { 200: { description: 'The integration', schema: integrationSchema } },
      errors: [404],
      handler: async ({ res, access, input: { params } }) => {
        res.json(presentIntegration(await services.getIntegration(access, params.id)));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/integrations',
      operationId: 'createIntegration',
      tag: INTEGRATIONS_TAG,
      summary: 'Create an integration',
      description: `${ADMINISTRATORS} A name the account already uses is a 409.`,
      needs: { role: 'administrator', scope: 'integration:Create', answer: 'integration:Read' },
      input: writeInput(integrationBody),
      responses: { 201: { description: 'The new integration', schema: integrationSchema } },
      errors: [409, 422],
      handler: async ({ res, access, input: { body } }) => {
        res.status(201).json(presentIntegration(await services.createIntegration(access, body)));
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/v1/integrations/:id',
      operationId: 'updateIntegration',
      tag: INTEGRATIONS_TAG,
      summary: 'Change an integration',
      description: `${ADMINISTRATORS} Disabling it revokes every OAuth token and grant of its applications: people must authorize again.`,
      needs: { role: 'administrator', scope: 'integration:Update', answer: 'integration:Read' },
      input: writeInput({ params: integrationParams, ...integrationBody }),
      responses: { 200: { description: 'The integration, after the change', schema: integrationSchema } },
      errors: [404, 409, 422],
      handler: async ({ res, access, input: { params, body } }) => {
        res.json(presentIntegration(await services.updateIntegration(access, params.id, body)));
      },
    }),
  ];
}
