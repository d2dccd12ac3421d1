import { badParameter, conflict, DomainError, ERROR_CODES, forbidden, notFound, tooManyRequests, unauthorized, unavailable, validationFailed, type ErrorCode } from '@tessera/domain';
import { OAUTH_ERROR_CODES, oauthError, oauthErrorCodeOf, oauthServerError, oauthStatusOf, toOAuthError, type OAuthErrorCode } from './oauth-error.js';

/** A code the domain might add tomorrow: the mapper must not compile with it until it has a case. */
type FutureCode = ErrorCode | 'PAYMENT_REQUIRED';

/** RFC 6749 §4.1.2.1 (authorization endpoint) and §5.2 (token endpoint), plus the two server errors SPEC.md lists. */
const AUTHORIZATION_ERRORS: OAuthErrorCode[] = ['invalid_request', 'invalid_client', 'unauthorized_client', 'access_denied', 'unsupported_response_type', 'invalid_scope', 'server_error', 'temporarily_unavailable'];
const TOKEN_ERRORS: OAuthErrorCode[] = ['invalid_request', 'invalid_client', 'invalid_grant', 'unauthorized_client', 'unsupported_grant_type', 'invalid_scope', 'server_error', 'temporarily_unavailable'];

describe('toOAuthError — the OAuth mapping of every domain code (RFC 6749 §4.1.2.1, §5.2)', () => {
  it.each(ERROR_CODES.map((code) => [code]))('maps %s to an error each endpoint is allowed to send', (code) => {
    expect(AUTHORIZATION_ERRORS).toContain(oauthErrorCodeOf(code, 'authorization'));
    expect(TOKEN_ERRORS).toContain(oauthErrorCodeOf(code, 'token'));
  });

  it.each<[string, DomainError, string, string, number]>([
    ['a bad parameter', badParameter("Parameter 'grant_type' is required"), 'invalid_request', 'invalid_request', 400],
    ['failed validation', validationFailed([['redirect_uri', 'is not registered']]), 'invalid_request', 'invalid_request', 400],
    ['a client that could not be authenticated', unauthorized('client authentication failed'), 'invalid_client', 'invalid_client', 401],
    ['a refusal', forbidden('the application is disabled'), 'access_denied', 'unauthorized_client', 400],
    ['a grant that does not exist', notFound(), 'invalid_request', 'invalid_grant', 400],
    ['a code used twice', conflict('the code was already used'), 'invalid_request', 'invalid_grant', 400],
  ])('answers %s with %s on /authorize and %s on /token', (_case, error, onAuthorize, onToken, status) => {
    expect(toOAuthError(error, 'authorization').body.error).toBe(onAuthorize);
    const answer = toOAuthError(error, 'token');
    expect(answer.body.error).toBe(onToken);
    expect(answer.status).toBe(status);
    expect(Object.keys(answer.body).sort()).toEqual(['error', 'error_description']);
  });

  it('describes a validation failure by its fields, and hides the reason of a not-found', () => {
    expect(toOAuthError(validationFailed([['redirect_uri', 'is not registered'], ['state', 'is too long']]), 'token').body.error_description).toBe('redirect_uri: is not registered; state: is too long');
    expect(toOAuthError(notFound('Grant 5 of account acme'), 'token').body.error_description).toBe('Not Found');
  });

  it('answers a spent rate limit with temporarily_unavailable, 429 and Retry-After', () => {
    expect(toOAuthError(tooManyRequests(30), 'token')).toEqual({
      status: 429,
      body: { error: 'temporarily_unavailable', error_description: 'Too Many Requests' },
      headers: { 'Retry-After': '30' },
    });
  });

  it('answers UNAVAILABLE with temporarily_unavailable, 503 and Retry-After', () => {
    expect(toOAuthError(unavailable('Busy', 2), 'token')).toEqual({
      status: 503, body: { error: 'temporarily_unavailable', error_description: 'Busy' }, headers: { 'Retry-After': '2' },
    });
  });

  it('keeps error_description to the characters RFC 6749 allows (printable ASCII without " and \\)', () => {
    const { error_description } = toOAuthError(badParameter('Unknown scope "me:Réad" \\ \n'), 'token').body;
    expect(error_description).toMatch(/^[\x20\x21\x23-\x5b\x5d-\x7e]*$/);
    expect(error_description).toBe("Unknown scope 'me:R?ad' / ?");
  });

  it('gives each OAuth error its status: 401 for invalid_client, 500 and 503 for the server errors, else 400', () => {
    const statuses = Object.fromEntries(OAUTH_ERROR_CODES.map((code) => [code, oauthStatusOf(code)]));
    expect(statuses).toEqual({
      invalid_request: 400, invalid_client: 401, invalid_grant: 400, unauthorized_client: 400, unsupported_grant_type: 400,
      unsupported_response_type: 400, invalid_scope: 400, access_denied: 400, server_error: 500, temporarily_unavailable: 503,
    });
    expect(oauthError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token')).toEqual({
      status: 400,
      body: { error: 'unsupported_grant_type', error_description: 'grant_type must be authorization_code or refresh_token' },
      headers: {},
    });
  });

  it('answers a failure it must not show with server_error, 500 and the error id only', () => {
    expect(oauthServerError('0f3c')).toEqual({ status: 500, body: { error: 'server_error', error_description: 'Internal Server Error', error_id: '0f3c' }, headers: {} });
  });

  it('does not compile with a code it has no case for, and refuses it at run time', () => {
    const future = 'PAYMENT_REQUIRED' as FutureCode;
    // @ts-expect-error a code without an OAuth mapping is a compile error
    expect(() => oauthErrorCodeOf(future, 'token')).toThrow('PAYMENT_REQUIRED');
  });
});
