/**
 * The store's side of GraphQL reads (implemented in libs/persistence/src/connections):
 * pages of one account's records, pages under many parents at once, records by id.
 * Each method is one SQL statement, whatever the number of parents or ids.
 */
import type { RecordReader } from '../record-engine/record-readers.js';
import type { RequestReadScope } from '../requests/request-read-scope.js';
import type { AccountId } from '../tenancy/account-id.js';
import type { PageRequest, StoredPage } from './connection-page.js';
import type { GraphNodes, NestedEdge, NestedEdges, NodeKind } from './graph-nodes.js';

/** Whose records a read may return: the account of the call, and what its request scope allows. */
export interface GraphReadScope {
  accountId: AccountId;
  /** People valid in the account: its own and its directory account's. */
  peopleAccounts: readonly string[];
  requests: RequestReadScope;
  /** The node types of the records of the engine whose notes the caller may read (their `<noun>:Read`). */
  recordNotes: readonly string[];
  /** The caller, for the records of the engine with a read rule (define-record.ts `readers`). */
  reader: RecordReader;
}

/** Field name → the values one of which a record's field must have, or a flag it must equal. */
export type NodeFilter = Readonly<Record<string, readonly (string | number)[] | boolean | undefined>>;

export interface GraphReads {
  /** `view`: one of the type's predefined filters (GraphReadRule `views`). */
  page<K extends NodeKind>(kind: K, scope: GraphReadScope, filter: NodeFilter, request: PageRequest, view?: string): Promise<StoredPage<GraphNodes[K]>>;
  /** One page per parent id (a parent with nothing under it gets an empty page). */
  nestedPages<E extends NestedEdge>(edge: E, scope: GraphReadScope, parentIds: readonly number[], request: PageRequest): Promise<Map<number, StoredPage<NestedEdges[E]>>>;
  /** The records of these ids the scope may read, in any order; the others are left out. */
  byIds<K extends NodeKind>(kind: K, scope: GraphReadScope, ids: readonly number[]): Promise<Array<GraphNodes[K]>>;
}
