/**
 * Connections are recognised by convention (issue 12): a field whose named return type ends in
 * `Connection`. Each must be paginated with `first` or `last`, an integer in 1..maxPageSize,
 * with messages in the style of GitHub's GraphQL API.
 */
import { getNamedType, GraphQLError, type GraphQLField } from 'graphql';

export const LIMIT_ERROR_CODE = 'GRAPHQL_VALIDATION_FAILED';

export function isConnectionField(field: Pick<GraphQLField<unknown, unknown>, 'type'>): boolean {
  return getNamedType(field.type).name.endsWith('Connection');
}

/** `first`/`last` as far as they are known; `undefined` = given by a variable whose value is not known yet. */
export interface PageArguments {
  first: number | null | undefined;
  last: number | null | undefined;
  /** Whether the argument is present at all (a literal or a variable). */
  hasFirst: boolean;
  hasLast: boolean;
}

/** What is wrong with a connection's pagination, or null; unknown values (undefined) pass until they are known. */
export function paginationProblem(fieldName: string, args: PageArguments, maxPageSize: number): string | null {
  const first = args.hasFirst ? args.first : null;
  const last = args.hasLast ? args.last : null;
  if (first === null && last === null) {
    return `You must provide a \`first\` or \`last\` value to properly paginate the \`${fieldName}\` connection.`;
  }
  if (first != null && last != null) return `Passing both \`first\` and \`last\` to paginate the \`${fieldName}\` connection is not supported.`;
  for (const [name, value] of [['first', first], ['last', last]] as const) {
    if (value == null) continue;
    if (value > maxPageSize) return `Requesting ${value} records on the \`${fieldName}\` connection exceeds the \`${name}\` limit of ${maxPageSize} records.`;
    if (value < 1) return `\`${name}\` on the \`${fieldName}\` connection cannot be less than 1 (got ${value}).`;
  }
  return null;
}

/** The page size a connection may reach: the larger of first/last (only one is allowed; 0 when neither). */
export function pageSizeOf(args: Record<string, unknown>): number {
  const sizes = [args['first'], args['last']].filter((value): value is number => typeof value === 'number');
  return Math.max(0, ...sizes);
}

/** A limit error: refused before execution, with the code of GraphQL validation errors. */
export function limitError(message: string, extra: Record<string, unknown> = {}): GraphQLError {
  return new GraphQLError(message, { extensions: { code: LIMIT_ERROR_CODE, ...extra, http: { status: 400 } } });
}
