/**
 * `/v1/integrations/:id/applications[/:app_id]`: the OAuth applications of an
 * integration. A new application's client secret is in the 201 answer only;
 * disabling one revokes the integration's OAuth authorizations.
 */
import { z } from 'zod';
import { OAUTH_APPLICATION_RECORD, presentCreatedOAuthApplication, presentOAuthApplication } from '@tessera/domain';
import { PAGINATION_HEADERS, collectionQuerySchema, defineRoute, sendCollection, writeInput, type RouteTable } from '@tessera/http';
import { collectionSpecOf, parseCollectionQuery, type CollectionSpec, type PageSizeLimits } from '@tessera/validation';
import type { ApiServices } from '../services.js';
import { pathParser } from './integrations-path.js';
import { ADMINISTRATORS, INTEGRATIONS_TAG } from './integrations.routes.js';
import {
  applicationBody, applicationFieldsSchema, applicationParams, applicationSchema, createdApplicationSchema, integrationParams,
} from './integrations.schema.js';

const APPLICATIONS: CollectionSpec = collectionSpecOf(OAUTH_APPLICATION_RECORD);

const integrationPath = pathParser(integrationParams);

export function integrationApplicationsRoutes(services: ApiServices, apiUrl: string, pageSize: PageSizeLimits): RouteTable {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/integrations/:id/applications',
      operationId: 'listIntegrationApplications',
      tag: INTEGRATIONS_TAG,
      summary: 'OAuth applications of an integration',
      description: ADMINISTRATORS,
      needs: { role: 'administrator', scope: 'integration:Read' },
      input: {
        params: integrationParams,
        query: collectionQuerySchema(APPLICATIONS, pageSize),
        parse: ({ params, query }) => ({ id: integrationPath(params).id, query: parseCollectionQuery(query, APPLICATIONS, pageSize) }),
      },
      responses: { 200: { description: 'One page of applications, with the selected fields', schema: z.array(applicationFieldsSchema), headers: PAGINATION_HEADERS } },
      errors: [400, 404],
      handler: async ({ req, res, access, input: { id, query } }) => {
        const page = await services.listIntegrationApplications(access, id, query);
        sendCollection(req, res, query, page, presentOAuthApplication, `${apiUrl}/integrations/${id}/applications`);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/integrations/:id/applications',
      operationId: 'createIntegrationApplication',
      tag: INTEGRATIONS_TAG,
      summary: 'Create an OAuth application of an integration',
      description: `${ADMINISTRATORS} The answer carries the client secret: it is shown this once, and only its digest is stored.`,
      needs: { role: 'administrator', scope: 'integration:Update', answer: 'integration:Read' },
      input: writeInput({ params: integrationParams, ...applicationBody }),
      responses: { 201: { description: 'The new application, with its client id and client secret', schema: createdApplicationSchema } },
      errors: [404, 422],
      handler: async ({ res, access, input: { params, body } }) => {
        res.status(201).json(presentCreatedOAuthApplication(await services.createOAuthApplication(access, params.id, body)));
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/v1/integrations/:id/applications/:app_id',
      operationId: 'updateIntegrationApplication',
      tag: INTEGRATIONS_TAG,
      summary: 'Change an OAuth application of an integration',
      description: `${ADMINISTRATORS} Disabling it revokes every OAuth token and grant of the integration: people must authorize again.`,
      needs: { role: 'administrator', scope: 'integration:Update', answer: 'integration:Read' },
      input: writeInput({ params: applicationParams, ...applicationBody }),
      responses: { 200: { description: 'The application, after the change', schema: applicationSchema } },
      errors: [404, 422],
      handler: async ({ res, access, input: { params, body } }) => {
        res.json(presentOAuthApplication(await services.updateOAuthApplication(access, params.id, params.app_id, body)));
      },
    }),
  ];
}
