/**
 * The auth app's own error answers on its OAuth paths, in the shape OAuth clients parse
 * (SPEC.md "Errors", RFC 6749 §5.2): `{error, error_description}`, never REST's `{message}`.
 * - a domain error, or the database unreachable (the outage watch): its OAuth code for that endpoint (`toOAuthError`);
 * - a body the parsers refused (4xx): invalid_request with that status;
 * - anything else: 500 server_error with an `error_id`, the original logged under it;
 * - no route: 404 invalid_request, the answer oidc-provider gives to a route it does not serve.
 * Every answer is `Cache-Control: no-store`, like the token endpoint's own (RFC 6749 §5.1).
 * The other paths (`/healthz`, `/metrics`, pages) keep libs/http's REST answers.
 */
import { STATUS_CODES } from 'node:http';
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { isDomainError } from '@tessera/domain';
import { answerErrors, logUnhandledError, oauthError, oauthServerError, toOAuthError, type Logger, type OAuthEndpoint, type OAuthError, type OutageWatch } from '@tessera/http';

/**
 * Where oidc-provider will be mounted (SPEC.md "OAuth endpoints"); `/token` covers its sub-paths too.
 * Revocation (RFC 7009 §2.2.1) and introspection (RFC 7662 §2.3) answer in the token endpoint's
 * shape, also when the outage watch turns a call away before oidc-provider sees it.
 */
export const OAUTH_PATHS = ['/authorize', '/token', '/introspect', '/revoke'];

function endpointOf(req: Request): OAuthEndpoint {
  return req.baseUrl === '/authorize' ? 'authorization' : 'token';
}

function send(res: Response, answer: OAuthError): void {
  res.status(answer.status).set({ ...answer.headers, 'Cache-Control': 'no-store' }).json(answer.body);
}

export const oauthNotFound: RequestHandler = (_req, res) => {
  send(res, { ...oauthError('invalid_request', 'unrecognized route or not allowed method'), status: 404 });
};

export function oauthErrorHandler(logger: Logger, outages?: OutageWatch): ErrorRequestHandler {
  // The database unreachable reaches the answer as its domain error: 503 temporarily_unavailable with Retry-After, the outage logged once.
  return answerErrors(outages, (error, req, res) => {
    if (isDomainError(error)) {
      send(res, toOAuthError(error, endpointOf(req)));
      return;
    }
    const status: unknown = (error as { status?: unknown } | null)?.status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      send(res, { ...oauthError('invalid_request', STATUS_CODES[status] ?? 'Bad Request'), status: STATUS_CODES[status] ? status : 400 });
      return;
    }
    send(res, oauthServerError(logUnhandledError(logger, error, { requestId: req.id })));
  });
}
