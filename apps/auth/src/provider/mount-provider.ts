/**
 * Hands oidc-provider the requests of its own paths and leaves the rest to
 * Express (pages, health, metrics, REST 404s). RFC 8414 metadata is built from
 * the document oidc-provider makes for OpenID discovery, whose own path is not
 * served: the server is not an OpenID provider (authorization-server-metadata.ts).
 * Redirects of /authorize follow SPEC.md (authorize-redirects.ts); a JSON body
 * on /token reaches it form-encoded (json-token-body.ts).
 */
import type { RequestHandler } from 'express';
import type Provider from 'oidc-provider';
import { authorizationServerMetadata } from './authorization-server-metadata.js';
import { authorizeRedirects } from './authorize-redirects.js';
import { isJsonBody, jsonAsForm } from './json-token-body.js';

const DISCOVERY = '/.well-known/openid-configuration';
export const AUTHORIZATION_SERVER_METADATA = '/.well-known/oauth-authorization-server';
const PROVIDER_PATHS = /^\/(authorize|token|revoke|introspect|jwks)(\/|$)/;

export function providerPaths(provider: Provider): RequestHandler {
  // A method or sub-path oidc-provider does not serve: 404 in OAuth's shape rather than Koa's text.
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.status === 404 && ctx.body === undefined) {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { error: 'invalid_request', error_description: 'unrecognized route or not allowed method' };
      ctx.status = 404;
    }
  });
  provider.use(async (ctx, next) => {
    await next();
    // Only a request for the RFC 8414 path reaches oidc-provider's discovery route (below).
    if (ctx.path === DISCOVERY && ctx.status === 200) ctx.body = authorizationServerMetadata(ctx.body as Record<string, unknown>);
  });
  provider.use(authorizeRedirects);
  const callback = provider.callback();
  const fromJson = jsonAsForm((req, res) => void callback(req, res));
  return (req, res, next) => {
    if (req.path === AUTHORIZATION_SERVER_METADATA) {
      req.url = DISCOVERY + req.url.slice(AUTHORIZATION_SERVER_METADATA.length);
      return void callback(req, res);
    }
    if (req.path === '/token' && isJsonBody(req)) return fromJson(req, res, next);
    if (PROVIDER_PATHS.test(req.path)) return void callback(req, res);
    next();
  };
}
