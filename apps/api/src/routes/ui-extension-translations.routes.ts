/**
 * The translations of a UI extension's phrases (a Tessera extension of
 * SPEC.md "UI extension versions API", whose localized_html they feed):
 * `GET /v1/ui_extensions/:id/translations?locale=<tag>` reads one locale's
 * set; `PUT /v1/ui_extensions/:id/translations/:locale` with
 * `{"<phrase>": "<text>", …}` replaces it whole. A bad locale or entry is a 422
 * naming it; a malformed id, or another account's extension, is not found.
 */
import { z } from 'zod';
import { defineRoute, type RouteTable } from '@tessera/http';
import type { ApiServices } from '../services.js';
import { pathParser } from './integrations-path.js';
import { UI_EXTENSION_VERSIONS_TAG } from './ui-extension-versions.routes.js';
import { extensionParams, localeParams, translationsSchema } from './ui-extension-versions.schema.js';

const extensionPath = pathParser(extensionParams);
const localeQuery = z.object({ locale: z.string().describe('A BCP 47 language tag, e.g. nl or nl-BE; required') });
const translationSetSchema = z.object({ locale: z.string().describe('The locale in canonical form'), translations: translationsSchema });

/** The locale stays raw: the use case names what is wrong with it in a 422. */
const rawLocale = (value: unknown): string => (typeof value === 'string' ? value : Array.isArray(value) ? String(value[0] ?? '') : '');

export function uiExtensionTranslationsRoutes(services: ApiServices): RouteTable {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/ui_extensions/:id/translations',
      operationId: 'getUiExtensionTranslations',
      tag: UI_EXTENSION_VERSIONS_TAG,
      summary: "One locale's translations of a UI extension's phrases",
      description: 'Any role in the account. The exact locale\'s set only; localized_html of an nl-BE caller also falls back to nl.',
      needs: { scope: 'ui_extension:Read' },
      input: {
        params: extensionParams,
        query: localeQuery,
        parse: ({ params, query }) => ({ id: extensionPath(params).id, locale: query['locale'] === undefined ? undefined : rawLocale(query['locale']) }),
      },
      responses: { 200: { description: 'The locale and its phrase → text pairs', schema: translationSetSchema } },
      errors: [404, 422],
      handler: async ({ res, access, input: { id, locale } }) => {
        res.json(await services.getUiExtensionTranslations(access, id, locale));
      },
    }),
    defineRoute({
      method: 'put',
      path: '/v1/ui_extensions/:id/translations/:locale',
      operationId: 'replaceUiExtensionTranslations',
      tag: UI_EXTENSION_VERSIONS_TAG,
      summary: "Replace one locale's translations of a UI extension's phrases",
      description: 'Administrators only. The body is the whole set for the locale: phrases left out lose their translation. Phrases are trimmed with whitespace collapsed; phrases and texts are at most 1000 characters, at most 1000 entries.',
      needs: { role: 'administrator', scope: 'ui_extension:Update', answer: 'ui_extension:Read' },
      input: {
        params: localeParams,
        body: { schema: translationsSchema, mediaTypes: ['application/json'] },
        parse: ({ params, body }) => ({ id: extensionPath({ id: params['id'] }).id, locale: params['locale'] ?? '', body }),
      },
      responses: { 200: { description: 'The locale and its phrase → text pairs as stored', schema: translationSetSchema } },
      errors: [404, 422],
      handler: async ({ res, access, input: { id, locale, body } }) => {
        res.json(await services.replaceUiExtensionTranslations(access, id, locale, body));
      },
    }),
  ];
}
