/**
 * The weight of the operation a request runs, once its variables are known (before execution):
 * - every connection's `first`/`last` checked with variable values (literals were checked by
 *   pagination-rule.ts during validation);
 * - nodes, SPEC.md rule 1: over every connection, the product of the first/last values down the
 *   path to it (people(first:100){ teams(first:10) } = 100 + 100x10 = 1,100);
 * - cost, SPEC.md rule 3: the requests each connection needs if it reaches its first/last (a root
 *   connection 1, a nested one the product of its parents' page sizes), summed, /100, rounded,
 *   at least 1 (people(100){teams(100){members(100)}} = 1 + 100 + 10,000 requests → 101).
 * - a field taking a list of IDs (`nodes(ids: [...])`) weighs as a connection whose page size is
 *   the list's length: what lies below it is looked up once per ID (issue 30 item 4). A list longer
 *   than MAX_LISTED_IDS is refused here, as BAD_USER_INPUT, before anything is charged.
 * Both are computed by graphql-query-complexity (fragments, inline fragments, @skip/@include),
 * each connection estimated from its own page size and what its children weigh per node.
 */
import { GraphQLError, type DocumentNode, type GraphQLSchema } from 'graphql';
import { getComplexity, type ComplexityEstimator } from 'graphql-query-complexity';
import { isConnectionField, limitError, pageSizeOf, paginationProblem } from './connection-fields.js';

/** The most IDs a field taking a list of them (`nodes(ids:)`) is given. */
export const MAX_LISTED_IDS = 100;

export interface QueryWeight {
  nodes: number;
  requests: number;
  /** Points charged: max(1, round(requests / 100)). */
  cost: number;
}

export interface WeighOptions {
  schema: GraphQLSchema;
  document: DocumentNode;
  operationName: string | null | undefined;
  variables: Record<string, unknown> | undefined;
  maxPageSize: number;
  maxNodes: number;
  /** graphql-query-complexity's bound on the selections it walks (fragments expanded). */
  maxSelections: number;
}

/** The weight, or a limit error (GRAPHQL_VALIDATION_FAILED, HTTP 400) when the operation is refused. */
export function weighOperation(options: WeighOptions): QueryWeight {
  let pagination: string | null = null;
  let tooManyIds: string | null = null;
  const connection = (perNode: (size: number, child: number) => number): ComplexityEstimator => ({ field, node, args, childComplexity }) => {
    const listed = idListLength(args);
    if (listed !== null && listed > MAX_LISTED_IDS) tooManyIds ??= `${node.name.value}: at most ${MAX_LISTED_IDS} IDs, got ${listed}`;
    if (listed !== null) return perNode(listed, childComplexity);
    if (!isConnectionField(field)) return childComplexity;
    pagination ??= paginationProblem(
      node.name.value,
      { first: asPageValue(args['first']), last: asPageValue(args['last']), hasFirst: 'first' in args, hasLast: 'last' in args },
      options.maxPageSize,
    );
    return perNode(pageSizeOf(args), childComplexity);
  };
  const measure = (estimator: ComplexityEstimator): number => {
    try {
      return getComplexity({
        schema: options.schema,
        query: options.document,
        operationName: options.operationName ?? undefined,
        variables: options.variables ?? {},
        estimators: [estimator],
        maxQueryNodes: options.maxSelections + 1,
      });
    } catch (error) {
      // Bad variables (as graphql-js words them, the code execution would give) and documents
      // too large to weigh (graphql-query-complexity's own limit on selections).
      if (error instanceof GraphQLError && error.message.startsWith('Variable "$')) {
        throw new GraphQLError(error.message, { extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } } });
      }
      if (error instanceof GraphQLError) throw limitError(error.message);
      throw error;
    }
  };
  const requests = measure(connection((size, child) => 1 + size * child));
  if (tooManyIds) throw new GraphQLError(tooManyIds, { extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } } });
  if (pagination) throw limitError(pagination);
  const nodes = measure(connection((size, child) => size + size * child));
  if (nodes > options.maxNodes) {
    throw limitError(`Individual calls cannot request more than ${options.maxNodes.toLocaleString('en-US')} total nodes.`);
  }
  return { nodes, requests, cost: Math.max(1, Math.round(requests / 100)) };
}

const asPageValue = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/** The number of IDs a field is asked for (`ids: [...]`), or null when it takes no list of IDs. */
const idListLength = (args: Record<string, unknown>): number | null => (Array.isArray(args['ids']) ? args['ids'].length : null);
