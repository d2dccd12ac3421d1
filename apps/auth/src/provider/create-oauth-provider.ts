/**
 * The OAuth 2.0 authorization server (SPEC.md "Authentication"; issue 10):
 * oidc-provider configured for plain OAuth 2.0 with confidential clients from
 * the database, opaque tokens in PostgreSQL, the lifetimes of SPEC.md, refresh
 * token rotation, PKCE, and the auth app's own login and consent pages.
 * Decisions in docs/decisions/019-oauth-provider.md.
 */
import { generateKeyPairSync } from 'node:crypto';
import Provider, { type Configuration, type JWK, type KoaContextWithOIDC } from 'oidc-provider';
import type { Logger, OutageWatch, TrustProxy } from '@tessera/http';
import { errorPageHtml } from '../pages/error-page.js';
import type { AuthServices } from '../services.js';
import { useHashedClientSecrets } from './client-secret.js';
import { loadExistingGrantFrom } from './existing-grant.js';
import { answerOutages } from './provider-outages.js';
import { ALL_SCOPE_ACTIONS, checkRequestedScope } from './oauth-scopes.js';

export interface OAuthProviderConfig {
  /** The issuer identifier, e.g. http://localhost:3001. */
  issuer: string;
  /** Sign the cookies; the first signs, all verify. */
  cookieKeys: string[];
  /** Whose X-Forwarded-* headers to believe; oidc-provider trusts them only when this is set. */
  trustProxy?: TrustProxy | undefined;
}

export interface OAuthProviderDependencies {
  /** The artifacts' adapter, the people who sign in and their stored grants (services.ts). */
  services: Pick<AuthServices, 'oauthAdapter' | 'findPerson' | 'findGrant'>;
  logger: Logger;
  /** The app's outage watch: a database that cannot be reached is 503 temporarily_unavailable, logged once. */
  outages?: OutageWatch;
}

/** SPEC.md "Other constants", in seconds. */
export const TOKEN_LIFETIMES = { AuthorizationCode: 600, AccessToken: 3600, RefreshToken: 14 * 24 * 3600 } as const;

export const OAUTH_ROUTES = { authorization: '/authorize', token: '/token', revocation: '/revoke', introspection: '/introspect', jwks: '/jwks' } as const;

export function createOAuthProvider(config: OAuthProviderConfig, { services, logger, outages }: OAuthProviderDependencies): Provider {
  const secure = config.issuer.startsWith('https:');
  const cookie = { httpOnly: true, sameSite: 'lax' as const, secure };
  const configuration: Configuration = {
    adapter: services.oauthAdapter,
    routes: OAUTH_ROUTES,
    jwks: { keys: [signingKeyNeverUsed()] },
    responseTypes: ['code'],
    // SPEC.md: redirect_uri is required on the authorization request and on the code exchange,
    // also for an application with a single registered URI.
    allowOmittingSingleRegisteredRedirectUri: false,
    scopes: [...ALL_SCOPE_ACTIONS],
    claims: { openid: ['sub'] },
    // Runs for every authorization request: an omitted scope is the application's; more is invalid_scope.
    extraParams: { scope: checkRequestedScope },
    clientDefaults: { grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'client_secret_post', id_token_signed_response_alg: 'ES256' },
    clientBasedCORS: () => false,
    cookies: { keys: config.cookieKeys, long: cookie, short: cookie },
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      // An application may revoke only its own tokens (RFC 7009 §2.1).
      revocation: { enabled: true, allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId },
      introspection: {
        enabled: true,
        // An application may introspect only its own tokens.
        allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
      },
    },
    pkce: { required: (_ctx, client) => client.clientAuthMethod === 'none' },
    ttl: { ...TOKEN_LIFETIMES, Grant: TOKEN_LIFETIMES.RefreshToken, Interaction: 3600, Session: 14 * 24 * 3600 },
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    loadExistingGrant: loadExistingGrantFrom(services.findGrant),
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, id) {
      const person = /^\d{1,10}$/.test(id) ? await services.findPerson(Number(id)) : null;
      return person ? { accountId: String(person.id), claims: () => ({ sub: String(person.id) }) } : undefined;
    },
    async renderError(ctx: KoaContextWithOIDC, out) {
      ctx.type = 'html';
      ctx.set('Cache-Control', 'no-store');
      ctx.body = errorPageHtml(String(out.error), out.error_description === undefined ? undefined : String(out.error_description));
    },
  };
  const provider = new Provider(config.issuer, configuration);
  provider.proxy = config.trustProxy !== undefined && config.trustProxy !== false;
  useHashedClientSecrets(provider);
  answerOutages(provider, logger, outages);
  return provider;
}

/**
 * oidc-provider wants a signing key. Nothing is signed with it: access tokens are
 * opaque, no `openid` scope is allowed (no ID tokens), responses are not JWTs.
 * A key made at boot keeps its public development key out of the metadata.
 */
function signingKeyNeverUsed(): JWK {
  return generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' }) as JWK;
}
