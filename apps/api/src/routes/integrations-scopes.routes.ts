/**
 * SPEC.md "Integration scopes API (beta)": `GET /v1/integrations/:id/scopes`
 * (default fields id, effect, actions) and `/v1/integrations/:id/scopes/:scope_id`
 * (every field); and the management the spec does not show: POST, PATCH,
 * DELETE. Administrators only; any change revokes the integration's OAuth
 * authorizations (the person must authorize again).
 */
import { z } from 'zod';
import { INTEGRATION_SCOPE_RECORD, presentIntegrationScope } from '@tessera/domain';
import { PAGINATION_HEADERS, collectionQuerySchema, defineRoute, sendCollection, writeInput, zodInput, type RouteTable } from '@tessera/http';
import { collectionSpecOf, parseCollectionQuery, type CollectionSpec, type PageSizeLimits } from '@tessera/validation';
import type { ApiServices } from '../services.js';
import { pathParser } from './integrations-path.js';
import { ADMINISTRATORS, INTEGRATIONS_TAG } from './integrations.routes.js';
import { integrationParams, scopeBody, scopeFieldsSchema, scopeParams, scopeSchema } from './integrations.schema.js';

const SCOPES: CollectionSpec = collectionSpecOf(INTEGRATION_SCOPE_RECORD);

const REVOKES = 'Any change revokes every OAuth token and grant of the integration: people must authorize again.';
const integrationPath = pathParser(integrationParams);

export function integrationScopesRoutes(services: ApiServices, apiUrl: string, pageSize: PageSizeLimits): RouteTable {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/integrations/:id/scopes',
      operationId: 'listIntegrationScopes',
      tag: INTEGRATIONS_TAG,
      summary: 'Scopes of an integration (beta)',
      description: ADMINISTRATORS,
      needs: { role: 'administrator', scope: 'integration:Read' },
      input: {
        params: integrationParams,
        query: collectionQuerySchema(SCOPES, pageSize),
        parse: ({ params, query }) => ({ id: integrationPath(params).id, query: parseCollectionQuery(query, SCOPES, pageSize) }),
      },
      responses: { 200: { description: 'One page of scopes, with the selected fields', schema: z.array(scopeFieldsSchema), headers: PAGINATION_HEADERS } },
      errors: [400, 404],
      handler: async ({ req, res, access, input: { id, query } }) => {
        sendCollection(req, res, query, await services.listIntegrationScopes(access, id, query), presentIntegrationScope, `${apiUrl}/integrations/${id}/scopes`);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/integrations/:id/scopes/:scope_id',
      operationId: 'getIntegrationScope',
      tag: INTEGRATIONS_TAG,
      summary: 'One scope of an integration, with every field (beta)',
      description: ADMINISTRATORS,
      needs: { role: 'administrator', scope: 'integration:Read' },
      input: zodInput({ params: scopeParams }),
      responses: { 200: { description: 'The scope', schema: scopeSchema } },
      errors: [404],
      handler: async ({ res, access, input: { params } }) => {
        res.json(presentIntegrationScope(await services.getIntegrationScope(access, params.id, params.scope_id)));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/integrations/:id/scopes',
      operationId: 'createIntegrationScope',
      tag: INTEGRATIONS_TAG,
      summary: 'Add a scope to an integration',
      description: `${ADMINISTRATORS} ${REVOKES}`,
      needs: { role: 'administrator', scope: 'integration:Update', answer: 'integration:Read' },
      input: writeInput({ params: integrationParams, ...scopeBody }),
      responses: { 201: { description: 'The new scope, with every field', schema: scopeSchema } },
      errors: [404, 422],
      handler: async ({ res, access, input: { params, body } }) => {
        res.status(201).json(presentIntegrationScope(await services.createIntegrationScope(access, params.id, body)));
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/v1/integrations/:id/scopes/:scope_id',
      operationId: 'updateIntegrationScope',
      tag: INTEGRATIONS_TAG,
      summary: 'Change a scope of an integration',
      description: `${ADMINISTRATORS} ${REVOKES} Setting a field to the value it has is no change.`,
      needs: { role: 'administrator', scope: 'integration:Update', answer: 'integration:Read' },
      input: writeInput({ params: scopeParams, ...scopeBody }),
      responses: { 200: { description: 'The scope, after the change', schema: scopeSchema } },
      errors: [404, 422],
      handler: async ({ res, access, input: { params, body } }) => {
        res.json(presentIntegrationScope(await services.updateIntegrationScope(access, params.id, params.scope_id, body)));
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/v1/integrations/:id/scopes/:scope_id',
      operationId: 'deleteIntegrationScope',
      tag: INTEGRATIONS_TAG,
      summary: 'Remove a scope from an integration',
      description: `${ADMINISTRATORS} ${REVOKES}`,
      needs: { role: 'administrator', scope: 'integration:Update' },
      input: zodInput({ params: scopeParams }),
      responses: { 204: { description: 'Removed; no body' } },
      errors: [404],
      handler: async ({ res, access, input: { params } }) => {
        await services.deleteIntegrationScope(access, params.id, params.scope_id);
        res.status(204).end();
      },
    }),
  ];
}
