/**
 * How a collection route documents its query and its pagination headers,
 * derived from the `CollectionSpec` its parser uses and the page-size limits
 * the app configures, so the document cannot drift from what is parsed.
 */
import { z } from 'zod';
import type { CollectionSpec, FilterType, PageSizeLimits } from '@tessera/validation';
import type { ResponseHeaderSpec } from './route-table.js';

const FILTER_SYNTAX = '`v` or `v1,v2` (any of), `!v` or `field!=v` (none of), `>v` (from), `<v` (until), empty for "is empty"';

function filterDescription(type: FilterType): string {
  if (typeof type === 'object') return `One of ${type.enum.map((v) => `\`${v}\``).join(', ')}. ${FILTER_SYNTAX}.`;
  const what = { integer: 'An integer', string: 'A string', boolean: '`true` or `false`', datetime: 'An ISO 8601 datetime', date: 'A date, YYYY-MM-DD' }[type];
  return `${what}. ${FILTER_SYNTAX}.`;
}

export function collectionQuerySchema(spec: CollectionSpec, pageSize: PageSizeLimits): z.ZodObject {
  const filters = Object.fromEntries(
    Object.entries(spec.filters).map(([field, type]) => [field, z.string().optional().describe(filterDescription(type))]),
  );
  return z.object({
    page: z.coerce.number().int().min(1).default(1).describe('Page number, from 1'),
    per_page: z.coerce.number().int().min(1).max(pageSize.max).default(pageSize.default).describe('Records per page'),
    fields: z
      .string()
      .optional()
      .describe(`Comma-separated fields to return (\`id\` always comes). Default: ${spec.defaultFields.join(', ')}. Any of: ${spec.fields.join(', ')}`),
    sort: z.string().optional().describe(`Comma-separated, \`-\` before a field for descending. Default: \`id\`. Any of: ${spec.sortable.join(', ')}`),
    ...filters,
  });
}

const count = (description: string): ResponseHeaderSpec => ({ description, schema: z.int().min(0) });

/** The headers `sendCollection` writes (REFERENCE.md "REST conventions"). */
export const PAGINATION_HEADERS: Readonly<Record<string, ResponseHeaderSpec>> = {
  'X-Pagination-Per-Page': count('Records per page'),
  'X-Pagination-Current-Page': count('This page'),
  'X-Pagination-Total-Pages': count('Pages in the collection'),
  'X-Pagination-Total-Entries': count('Records in the collection'),
  Link: { description: 'URLs of the `first`, `prev` (not on the first page), `next` (not on the last) and `last` pages', schema: z.string() },
};
