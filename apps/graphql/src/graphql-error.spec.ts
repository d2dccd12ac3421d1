import { DomainError, ERROR_CODES, notFound, tooManyRequests, unauthorized, unavailable, validationFailed, type ErrorCode } from '@tessera/domain';
import { RATE_LIMIT_DOCUMENTATION_URL } from '@tessera/http';
import { graphqlCodeOf, graphqlErrorShapeOf, toGraphqlRequestError } from './graphql-error.js';

/** A code the domain might add tomorrow: the mapper must not compile with it until it has a case. */
type FutureCode = ErrorCode | 'PAYMENT_REQUIRED';

describe('graphqlErrorShapeOf — the GraphQL mapping of every domain code', () => {
  it.each<[ErrorCode, string]>([
    ['BAD_PARAMETER', 'BAD_USER_INPUT'],
    ['VALIDATION_FAILED', 'BAD_USER_INPUT'],
    ['UNAUTHORIZED', 'UNAUTHORIZED'],
    ['FORBIDDEN', 'FORBIDDEN'],
    ['NOT_FOUND', 'NOT_FOUND'],
    ['CONFLICT', 'CONFLICT'],
    ['TOO_MANY_REQUESTS', 'RATE_LIMITED'],
    ['UNAVAILABLE', 'SERVICE_UNAVAILABLE'],
  ])('maps %s to the code %s', (domainCode, code) => {
    expect(graphqlErrorShapeOf(new DomainError(domainCode, 'why')).extensions.code).toBe(code);
  });

  it('maps every code the domain has', () => {
    for (const code of ERROR_CODES) expect(typeof graphqlErrorShapeOf(new DomainError(code, 'why')).message).toBe('string');
  });

  it('carries the message and the retry seconds of UNAVAILABLE', () => {
    expect(graphqlErrorShapeOf(unavailable('The SCSS compiler is busy; try again later', 2))).toEqual({
      message: 'The SCSS compiler is busy; try again later', extensions: { code: 'SERVICE_UNAVAILABLE', retryAfter: 2 },
    });
  });

  it('carries the field errors of a validation failure as {path, message}', () => {
    expect(graphqlErrorShapeOf(validationFailed([['subject', "Subject can't be blank"]]))).toEqual({
      message: 'Validation Failed',
      extensions: { code: 'BAD_USER_INPUT', errors: [{ path: ['subject'], message: "Subject can't be blank" }] },
    });
  });

  it('hides the reason of a not-found, as REST does', () => {
    expect(graphqlErrorShapeOf(notFound('Person 7 of account acme'))).toEqual({ message: 'Not Found', extensions: { code: 'NOT_FOUND' } });
  });

  it('tells a rate-limited client when to come back and where the limits are documented', () => {
    expect(graphqlErrorShapeOf(tooManyRequests(12)).extensions).toEqual({ code: 'RATE_LIMITED', retryAfter: 12, documentationUrl: RATE_LIMIT_DOCUMENTATION_URL });
  });

  it('gives an error raised before execution the REST status and headers', () => {
    const unauthenticated = toGraphqlRequestError(unauthorized('The bearer token is unknown, expired or revoked'));
    expect(unauthenticated.message).toBe('The bearer token is unknown, expired or revoked');
    expect(unauthenticated.extensions['code']).toBe('UNAUTHORIZED');
    expect(unauthenticated.extensions['http']).toEqual({ status: 401, headers: new Map([['WWW-Authenticate', 'Bearer']]) });
    expect(toGraphqlRequestError(tooManyRequests(4)).extensions['http']).toEqual({ status: 429, headers: new Map([['Retry-After', '4']]) });
  });

  it('does not compile with a code it has no case for, and refuses it at run time', () => {
    const future = 'PAYMENT_REQUIRED' as FutureCode;
    // @ts-expect-error a code without a GraphQL mapping is a compile error
    expect(() => graphqlCodeOf(future)).toThrow('PAYMENT_REQUIRED');
  });
});
