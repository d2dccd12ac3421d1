/**
 * GraphQL's read use cases: a root connection, the connections under a page of parents,
 * records by id. Each checks what REST checks for the same records (graph-read-rules.ts)
 * and reads only the account of the call, with the request visibility of
 * request-read-scope.ts.
 */
import { validationFailed } from '../errors/domain-error.js';
import type { AccessContext } from '../identity/access-context.js';
import { peopleAccountsOf } from '../identity/account-access.js';
import { decodeNodeId } from '../node-id.js';
import { recordReader } from '../record-engine/record-readers.js';
import { RECORDS } from '../record-engine/registry.js';
import { requestReadScope } from '../requests/request-read-scope.js';
import { assertAllowed, evaluateScopes } from '../scopes/evaluate-scopes.js';
import { pageRequest, toConnection, type Connection, type ConnectionOrder, type PageArgs, type PageRequest } from './connection-page.js';
import type { GraphNodes, NestedEdge, NestedEdges, NodeKind } from './graph-nodes.js';
import { GRAPH_READ_RULES } from './graph-read-rules.js';
import type { GraphReads, GraphReadScope, NodeFilter } from './graph-reads.js';

/** A filter as a client sends it: `{ field: { values: [...] } }` or `{ flag: true }`. */
export type FilterInput = Readonly<Record<string, { values?: readonly string[] | null } | boolean | null | undefined>>;

export interface ConnectionArgs extends PageArgs {
  filter?: FilterInput | null;
  order?: ConnectionOrder | null;
  /** One of the type's predefined filters (GraphReadRule `views`); default its first. */
  view?: string | null;
}

const MAX_FILTER_VALUES = 100;

const NESTED_KIND: Readonly<Record<NestedEdge, NodeKind>> = {
  'Person.teams': 'Team',
  'Team.members': 'Person',
  'Request.notes': 'Note',
  'ServiceInstance.configurationItems': 'ConfigurationItem',
  'ConfigurationItem.serviceInstances': 'ServiceInstance',
  'Contract.cis': 'ConfigurationItem',
  'KnowledgeArticle.serviceInstances': 'ServiceInstance',
  'Risk.organizations': 'Organization',
  'Risk.services': 'Service',
  'Risk.projects': 'Project',
  'Problem.notes': 'Note',
  'Risk.notes': 'Note',
  'Broadcast.teams': 'Team',
  'Broadcast.organizations': 'Organization',
  'Task.predecessors': 'Task',
  'Task.approvers': 'Person',
  'Workflow.notes': 'Note',
  'Task.notes': 'Note',
  'Release.notes': 'Note',
  'ProjectTask.predecessors': 'ProjectTask',
  'ProjectTask.assignments': 'Person',
  'Project.notes': 'Note',
  'ProjectTask.notes': 'Note',
  'Problem.requests': 'Request',
  'Workflow.requests': 'Request',
  'Project.requests': 'Request',
};

export function graphReadScope(access: AccessContext): GraphReadScope {
  return {
    accountId: access.account.id,
    peopleAccounts: peopleAccountsOf(access.account),
    requests: requestReadScope(access, access.account.id, access.roles),
    recordNotes: RECORDS.filter((def) => def.notes && evaluateScopes(access.scopes, { recordType: def.noun, operation: 'Read' }, { accountId: access.account.id, roles: access.roles }).allowed).map((def) => def.node),
    reader: recordReader(access),
  };
}

function normalizeFilter(kind: NodeKind, input: FilterInput | null | undefined): NodeFilter {
  const allowed = GRAPH_READ_RULES[kind].filters;
  const filter: Record<string, readonly (string | number)[] | boolean> = {};
  for (const [field, value] of Object.entries(input ?? {})) {
    const type = allowed[field];
    if (!type) throw validationFailed([[`filter.${field}`, `Filtering is not allowed on field '${field}'`]]);
    if (value === null || value === undefined) continue;
    if (type === 'flag') {
      if (typeof value !== 'boolean') throw validationFailed([[`filter.${field}`, 'A boolean is expected']]);
      filter[field] = value;
      continue;
    }
    const values = typeof value === 'object' ? value.values : undefined;
    if (!Array.isArray(values)) throw validationFailed([[`filter.${field}`, "A list of 'values' is expected"]]);
    if (values.length > MAX_FILTER_VALUES) throw validationFailed([[`filter.${field}`, `At most ${MAX_FILTER_VALUES} values`]]);
    if (values.some((v) => typeof v !== 'string')) throw validationFailed([[`filter.${field}`, 'The values are strings']]);
    if (type === 'text') filter[field] = values;
    else {
      const wanted = type.slice('node:'.length);
      // An ID naming no record (past the keys records have) matches nothing: it leaves the list.
      filter[field] = values.flatMap((nodeId) => {
        const ref = decodeNodeId(nodeId);
        if (!ref || ref.type !== wanted) throw validationFailed([[`filter.${field}`, `'${nodeId}' is not the ID of a ${wanted}`]]);
        return ref.id === null ? [] : [ref.id];
      });
    }
  }
  return filter;
}

function requestOf(kind: NodeKind, args: ConnectionArgs): PageRequest {
  const rule = GRAPH_READ_RULES[kind];
  return pageRequest(args, args.order, rule.orderFields, rule.defaultOrder);
}

/** A root connection: the account's records of one type (SPEC.md GraphQL endpoint rule 6, `current_account`). */
export async function readConnection<K extends NodeKind>(access: AccessContext, kind: K, args: ConnectionArgs, reads: GraphReads): Promise<Connection<GraphNodes[K]>> {
  GRAPH_READ_RULES[kind].assertReader(access);
  const request = requestOf(kind, args);
  const filter = normalizeFilter(kind, args.filter);
  GRAPH_READ_RULES[kind].assertQuery?.(access, [...Object.keys(filter), request.order.field]);
  const view = viewOf(kind, args.view);
  return toConnection(await reads.page(kind, graphReadScope(access), filter, request, view), request.order);
}

/** The predefined filter a root connection reads; a type without any takes none. */
function viewOf(kind: NodeKind, given: string | null | undefined): string | undefined {
  const views = GRAPH_READ_RULES[kind].views;
  if (views === undefined) {
    if (given !== null && given !== undefined) throw validationFailed([['view', 'This connection has no predefined filter']]);
    return undefined;
  }
  const view = given ?? views[0]!;
  if (!views.includes(view)) throw validationFailed([['view', `One of ${views.join(', ')}`]]);
  return view;
}

/** The connection under each of these parents, in one read; a parent the scope cannot see gets an empty one. */
export async function readNestedConnections<E extends NestedEdge>(
  access: AccessContext,
  edge: E,
  parentIds: readonly number[],
  args: ConnectionArgs,
  reads: GraphReads,
): Promise<Map<number, Connection<NestedEdges[E]>>> {
  const kind = NESTED_KIND[edge];
  // A record's notes are read as the record is: with its noun's Read, not a request's.
  const notesOf = RECORDS.find((def) => def.notes && edge === `${def.node}.notes`);
  if (notesOf) assertAllowed(access, notesOf.noun, 'Read');
  else GRAPH_READ_RULES[kind].assertReader(access);
  const request = requestOf(kind, args);
  if (args.filter && Object.keys(args.filter).length > 0) throw validationFailed([['filter', 'This connection takes no filter']]);
  const pages = await reads.nestedPages(edge, graphReadScope(access), parentIds, request);
  const connections = new Map<number, Connection<NestedEdges[E]>>();
  for (const id of parentIds) {
    connections.set(id, toConnection(pages.get(id) ?? { rows: [], totalCount: 0, hasNextPage: false, hasPreviousPage: false }, request.order));
  }
  return connections;
}

/** Records of one type by id (references and node lookup); ids of other accounts or out of scope are left out. */
export async function readNodesByIds<K extends NodeKind>(access: AccessContext, kind: K, ids: readonly number[], reads: GraphReads): Promise<Array<GraphNodes[K]>> {
  GRAPH_READ_RULES[kind].assertReader(access);
  if (ids.length === 0) return [];
  return reads.byIds(kind, graphReadScope(access), ids);
}
