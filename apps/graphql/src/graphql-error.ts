/**
 * The one mapping from domain error codes to GraphQL errors: `extensions.code` in the style of
 * Apollo and GitHub's GraphQL API (BAD_USER_INPUT, RATE_LIMITED), keeping UNAUTHORIZED, FORBIDDEN
 * and NOT_FOUND, which clients of this endpoint already read. Before execution (the context:
 * token, account) the answer also takes the REST status and headers (401 + WWW-Authenticate,
 * 429 + Retry-After); during execution it stays 200 with the error beside the data, as GraphQL
 * answers a field that failed. Exhaustive: a new domain code does not compile until it is mapped
 * here. The table is in docs/decisions/009-errors-per-transport.md.
 */
import { GraphQLError } from 'graphql';
import { unmappedErrorCode, type DomainError, type ErrorCode } from '@tessera/domain';
import { RATE_LIMIT_DOCUMENTATION_URL, retryAfterOf, toHttpError } from '@tessera/http';

export type GraphqlErrorCode = 'BAD_USER_INPUT' | 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT' | 'RATE_LIMITED' | 'SERVICE_UNAVAILABLE';

export function graphqlCodeOf(code: ErrorCode): GraphqlErrorCode {
  switch (code) {
    case 'BAD_PARAMETER':
    case 'VALIDATION_FAILED':
      return 'BAD_USER_INPUT';
    case 'UNAUTHORIZED':
      return 'UNAUTHORIZED';
    case 'FORBIDDEN':
      return 'FORBIDDEN';
    case 'NOT_FOUND':
      return 'NOT_FOUND';
    case 'CONFLICT':
      return 'CONFLICT';
    case 'TOO_MANY_REQUESTS':
      return 'RATE_LIMITED';
    case 'UNAVAILABLE':
      return 'SERVICE_UNAVAILABLE';
    default:
      return unmappedErrorCode(code);
  }
}

export interface GraphqlErrorShape {
  message: string;
  extensions: Record<string, unknown> & { code: GraphqlErrorCode };
}

/** The message and extensions a client sees for a domain error, wherever it was thrown. */
export function graphqlErrorShapeOf(error: DomainError): GraphqlErrorShape {
  const code = graphqlCodeOf(error.code);
  switch (error.code) {
    case 'BAD_PARAMETER':
    case 'UNAUTHORIZED':
    case 'FORBIDDEN':
    case 'CONFLICT':
      return { message: error.message, extensions: { code } };
    case 'NOT_FOUND':
      // As on REST, the reason may name records of other accounts: it stays in the log.
      return { message: 'Not Found', extensions: { code } };
    case 'VALIDATION_FAILED':
      // The `{path, message}` pairs of REFERENCE.md's mutation payloads, so a mutation can move them there as they are.
      return { message: 'Validation Failed', extensions: { code, errors: error.errors.map(([field, message]) => ({ path: [field], message })) } };
    case 'TOO_MANY_REQUESTS':
      return { message: 'Too Many Requests', extensions: { code, retryAfter: retryAfterOf(error), documentationUrl: RATE_LIMIT_DOCUMENTATION_URL } };
    case 'UNAVAILABLE':
      return { message: error.message, extensions: { code, retryAfter: retryAfterOf(error) } };
    default:
      return unmappedErrorCode(error.code);
  }
}

/** A domain error raised before execution: the answer also takes the REST status and headers. */
export function toGraphqlRequestError(error: DomainError): GraphQLError {
  const { message, extensions } = graphqlErrorShapeOf(error);
  const { status, headers } = toHttpError(error);
  return new GraphQLError(message, { extensions: { ...extensions, http: { status, headers: new Map(Object.entries(headers)) } } });
}
