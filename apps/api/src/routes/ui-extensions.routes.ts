/**
 * REFERENCE.md "UI extensions": `/v1/ui_extensions` (list, get, POST — 200
 * with the created extension, as webhooks answer — and PATCH), and the audit
 * lines of one version (its `view_audit_path`). Reads: any role with
 * `ui_extension:Read`; writes: administrators with `ui_extension:Create` or
 * `:Update`. Another account's extension or version is not found.
 */
import { z } from 'zod';
import { UI_EXTENSION_RECORD, presentUiExtension, presentVersionAuditLine } from '@tessera/domain';
import { PAGINATION_HEADERS, collectionQuerySchema, defineRoute, sendCollection, zodInput, type RouteTable } from '@tessera/http';
import { collectionSpecOf, parseCollectionQuery, type CollectionSpec, type PageSizeLimits } from '@tessera/validation';
import type { ApiServices } from '../services.js';
import { createUiExtensionInput, updateUiExtensionInput } from './ui-extensions-body.js';
import { uiExtensionFieldsSchema, uiExtensionParams, uiExtensionSchema, versionAuditLineSchema, versionAuditParams } from './ui-extensions.schema.js';

const UI_EXTENSIONS: CollectionSpec = collectionSpecOf(UI_EXTENSION_RECORD);

export const UI_EXTENSIONS_TAG = 'ui_extensions';
const WRITERS = 'Administrators only.';

export function uiExtensionsRoutes(services: ApiServices, apiUrl: string, pageSize: PageSizeLimits): RouteTable {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/ui_extensions',
      operationId: 'listUiExtensions',
      tag: UI_EXTENSIONS_TAG,
      summary: 'UI extensions of the account',
      description: 'A list omits html, css, javascript and form_definition unless `fields` names them.',
      needs: { scope: 'ui_extension:Read' },
      input: { query: collectionQuerySchema(UI_EXTENSIONS, pageSize), parse: ({ query }) => parseCollectionQuery(query, UI_EXTENSIONS, pageSize) },
      responses: { 200: { description: 'One page of UI extensions, with the selected fields', schema: z.array(uiExtensionFieldsSchema), headers: PAGINATION_HEADERS } },
      errors: [400],
      handler: async ({ req, res, access, input: query }) => {
        sendCollection(req, res, query, await services.listUiExtensions(access, query), presentUiExtension, `${apiUrl}/ui_extensions`);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/ui_extensions/:id',
      operationId: 'getUiExtension',
      tag: UI_EXTENSIONS_TAG,
      summary: 'One UI extension, with every field',
      description: 'html, css, javascript and form_definition are the active version\'s, or the prepared one\'s while none is active.',
      needs: { scope: 'ui_extension:Read' },
      input: zodInput({ params: uiExtensionParams }),
      responses: { 200: { description: 'The UI extension', schema: uiExtensionSchema } },
      errors: [404],
      handler: async ({ res, access, input: { params } }) => {
        res.json(presentUiExtension(await services.getUiExtension(access, params.id)));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/ui_extensions',
      operationId: 'createUiExtension',
      tag: UI_EXTENSIONS_TAG,
      summary: 'Create a UI extension',
      description: `${WRITERS} name and category are required; any of html, css, javascript or form_definition (or \`activate\`) starts version 1, being prepared. Answers 200, as POST /webhooks does.`,
      needs: { role: 'administrator', scope: 'ui_extension:Create', answer: 'ui_extension:Read' },
      input: createUiExtensionInput,
      responses: { 200: { description: 'The created UI extension', schema: uiExtensionSchema } },
      errors: [409, 422, 503],
      handler: async ({ res, access, input: { body } }) => {
        res.json(presentUiExtension(await services.createUiExtension(access, body)));
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/v1/ui_extensions/:id',
      operationId: 'updateUiExtension',
      tag: UI_EXTENSIONS_TAG,
      summary: 'Change a UI extension',
      description: `${WRITERS} html, css, javascript and form_definition change the version being prepared, or start one; \`activate: true\` then promotes it and starts the next version being prepared, a copy of it. css is SCSS, compiled within a time and a memory limit (422 on css past them; 503 while the compilers are all busy).`,
      needs: { role: 'administrator', scope: 'ui_extension:Update', answer: 'ui_extension:Read' },
      input: updateUiExtensionInput,
      responses: { 200: { description: 'The updated UI extension', schema: uiExtensionSchema } },
      errors: [404, 409, 422, 503],
      handler: async ({ res, access, input: { params, body } }) => {
        res.json(presentUiExtension(await services.updateUiExtension(access, params.id, body)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/ui_extensions/:id/versions/:version_id/audit',
      operationId: 'listUiExtensionVersionAudit',
      tag: UI_EXTENSIONS_TAG,
      summary: 'The audit lines of one version',
      description: 'Every change of the version, oldest first: the version\'s `view_audit_path`.',
      needs: { scope: 'ui_extension:Read' },
      input: zodInput({ params: versionAuditParams }),
      responses: { 200: { description: 'The audit lines', schema: z.array(versionAuditLineSchema) } },
      errors: [404],
      handler: async ({ res, access, input: { params } }) => {
        res.json((await services.listUiExtensionVersionAudit(access, params.id, params.version_id)).map(presentVersionAuditLine));
      },
    }),
  ];
}
