/**
 * SPEC.md "UI extension versions API": `GET /v1/ui_extensions/:id/versions`
 * (default fields of rule 1, ascending id, `sort` on id, version_nr, status,
 * created_at, updated_at) and `/v1/ui_extensions/:id/versions/:version_id`
 * (every field). Any role in the account, with `ui_extension:Read`.
 */
import { z } from 'zod';
import { UI_EXTENSION_VERSION_RECORD, presentUiExtensionVersion, presentUiExtensionVersionDetail } from '@tessera/domain';
import { PAGINATION_HEADERS, collectionQuerySchema, defineRoute, sendCollection, zodInput, type RouteTable } from '@tessera/http';
import { collectionSpecOf, parseCollectionQuery, type CollectionSpec, type PageSizeLimits } from '@tessera/validation';
import type { ApiServices } from '../services.js';
import { pathParser } from './integrations-path.js';
import { extensionParams, versionFieldsSchema, versionParams, versionSchema } from './ui-extension-versions.schema.js';

export const UI_EXTENSION_VERSIONS_TAG = 'ui_extensions';
const READERS = 'Any role in the account may read the versions of its UI extensions.';

const DECLARED = collectionSpecOf(UI_EXTENSION_VERSION_RECORD);
// SPEC.md rule 1 names the default fields in alphabetical order, and a list answers them in that order.
const VERSIONS: CollectionSpec = { ...DECLARED, defaultFields: [...DECLARED.defaultFields].sort() };

const extensionPath = pathParser(extensionParams);

export function uiExtensionVersionsRoutes(services: ApiServices, apiUrl: string, pageSize: PageSizeLimits): RouteTable {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/ui_extensions/:id/versions',
      operationId: 'listUiExtensionVersions',
      tag: UI_EXTENSION_VERSIONS_TAG,
      summary: 'Versions of a UI extension',
      description: READERS,
      needs: { scope: 'ui_extension:Read' },
      input: {
        params: extensionParams,
        query: collectionQuerySchema(VERSIONS, pageSize),
        parse: ({ params, query }) => ({ id: extensionPath(params).id, query: parseCollectionQuery(query, VERSIONS, pageSize) }),
      },
      responses: { 200: { description: 'One page of versions, with the selected fields', schema: z.array(versionFieldsSchema), headers: PAGINATION_HEADERS } },
      errors: [400, 404],
      handler: async ({ req, res, access, input: { id, query } }) => {
        const page = await services.listUiExtensionVersions(access, id, query);
        sendCollection(req, res, query, page, (version) => presentUiExtensionVersion(version, apiUrl), `${apiUrl}/ui_extensions/${id}/versions`);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/ui_extensions/:id/versions/:version_id',
      operationId: 'getUiExtensionVersion',
      tag: UI_EXTENSION_VERSIONS_TAG,
      summary: 'One version of a UI extension, with every field',
      description: `${READERS} localized_html and the formatted dates follow the caller's locale and time zone.`,
      needs: { scope: 'ui_extension:Read' },
      input: zodInput({ params: versionParams }),
      responses: { 200: { description: 'The version', schema: versionSchema } },
      errors: [404],
      handler: async ({ res, access, input: { params } }) => {
        res.json(presentUiExtensionVersionDetail(await services.getUiExtensionVersion(access, params.id, params.version_id), apiUrl));
      },
    }),
  ];
}
