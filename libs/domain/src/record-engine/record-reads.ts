/**
 * The reads of every record of the engine (docs/decisions/039), REST and GraphQL alike: `<noun>:Read`,
 * the definition's row readers (056) and field visibility (033); a record of another account, or one
 * the caller may not read, is not found.
 */
import type { CollectionQuery, Page } from '../collections/collection-query.js';
import { notFound } from '../errors/domain-error.js';
import type { AccessContext } from '../identity/access-context.js';
import type { Repositories } from '../ports/unit-of-work.js';
import { assertAllowed } from '../scopes/evaluate-scopes.js';
import { collectionViews, type RecordDefinition } from './define-record.js';
import { recordReader } from './record-readers.js';
import type { RecordLinked, RecordView } from './record-store.repository.js';
import { assertVisibleQuery, visibleView } from './record-visibility.js';
import { recordOfNode } from './registry.js';

type Reads = Pick<Repositories, 'records'>;

/**
 * A record's collection query; `view`: one of its predefined filters (define-record.ts collectionViews:
 * default its collection's, a record with `current` its active ones); `linked`: those linked to a record (RecordLinked).
 */
export type RecordQuery = CollectionQuery & { view?: string; linked?: RecordLinked };

export async function listRecords(def: RecordDefinition, access: AccessContext, query: RecordQuery, repos: Reads): Promise<Page<RecordView>> {
  assertAllowed(access, def.noun, 'Read');
  const { view, linked, ...collection } = query;
  assertVisibleQuery(def, access, [...collection.filters.map((filter) => filter.field), ...collection.sort.map((term) => term.field)]);
  const page = await repos.records.page(def, access.account.id, collection, view ?? collectionViews(def)[0], linked, recordReader(access));
  return { ...page, rows: page.rows.map((view) => visibleView(def, access, view)) };
}

/**
 * The records a link list of a record holds (`GET /v1/risks/:id/organizations`), with the collection
 * conventions of their own collection: the record's Read and theirs; one of another account, or
 * none, is not found.
 */
export async function listLinkedRecords(def: RecordDefinition, field: string, access: AccessContext, id: number, query: RecordQuery, repos: Reads): Promise<Page<RecordView>> {
  const target = recordOfNode((def.fields.fields[field] as { target: string }).target)!;
  assertAllowed(access, def.noun, 'Read');
  if (!(await repos.records.find(def, access.account.id, id, recordReader(access)))) throw notFound();
  return listRecords(target, access, { ...query, view: 'all', linked: { field, id, owner: def } }, repos);
}

export async function getRecord(def: RecordDefinition, access: AccessContext, id: number, repos: Reads): Promise<RecordView> {
  assertAllowed(access, def.noun, 'Read');
  const view = await repos.records.find(def, access.account.id, id, recordReader(access));
  if (!view) throw notFound();
  return visibleView(def, access, view);
}
