/**
 * Collection responses (REFERENCE.md "REST conventions"): the page of records
 * reduced to the selected fields, `X-Pagination-*` headers and a `Link` header
 * with `first`, `prev` (not on the first page) and `next` (not on the last).
 * Links start from `self`, the collection's URL under the configured public
 * base URL: never from `Host` or `X-Forwarded-*`, which any client can forge.
 */
import type { Request, Response } from 'express';
import type { CollectionQuery } from '@tessera/validation';

export function sendCollection<T extends object>(
  req: Request,
  res: Response,
  query: CollectionQuery,
  page: { rows: T[]; total: number },
  present: (row: T) => Record<string, unknown>,
  self: string,
): void {
  const totalPages = Math.max(1, Math.ceil(page.total / query.perPage));
  res.set({
    'X-Pagination-Per-Page': String(query.perPage),
    'X-Pagination-Current-Page': String(query.page),
    'X-Pagination-Total-Pages': String(totalPages),
    'X-Pagination-Total-Entries': String(page.total),
    Link: linkHeader(self, req, query, totalPages),
  });
  res.json(page.rows.map((row) => pickFields(present(row), query.fields)));
}

export function pickFields(record: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const field of fields) if (field in record) picked[field] = record[field];
  if ('nodeID' in record) picked['nodeID'] = record['nodeID'];
  return picked;
}

function linkHeader(self: string, req: Request, query: CollectionQuery, totalPages: number): string {
  const at = (page: number) => {
    const params = new URLSearchParams(queryStringOf(req.originalUrl));
    params.set('page', String(page));
    params.set('per_page', String(query.perPage));
    return `${self}?${params.toString()}`;
  };
  const links = [`<${at(1)}>; rel="first"`];
  if (query.page > 1) links.push(`<${at(Math.min(query.page - 1, totalPages))}>; rel="prev"`);
  if (query.page < totalPages) links.push(`<${at(query.page + 1)}>; rel="next"`);
  links.push(`<${at(totalPages)}>; rel="last"`);
  return links.join(', ');
}

function queryStringOf(url: string): string {
  const at = url.indexOf('?');
  return at === -1 ? '' : url.slice(at + 1);
}
