/**
 * The whole flow of SPEC.md "Authentication" with a real OAuth client library
 * (openid-client) against the auth app on a port: authorize → login → consent →
 * code → token → the API → refresh (rotation; reuse revokes the chain) → code
 * replay (revokes its tokens) → revocation endpoint (RFC 7009).
 */
import * as oauth from 'openid-client';
import { loginOf, startAuthHarness, type AuthHarness } from './support/auth-harness.js';
import { Browser } from './support/browser.js';
import { authorizeAndRedeem, demoClient } from './support/oauth-client.js';
import { startApiOn, type ApiOnSameDatabase } from './support/api-server.js';

const ALL_SCOPES = 'me:Read request:Create request:Read request:Update';
const INVALID_GRANT = expect.objectContaining({ error: 'invalid_grant', status: 400 });

describe('the OAuth authorization code flow, end to end with openid-client', () => {
  let h: AuthHarness;
  let api: ApiOnSameDatabase;
  let config: oauth.Configuration;
  beforeAll(async () => {
    h = await startAuthHarness();
    api = await startApiOn(h);
    config = await demoClient(h);
  });
  afterAll(async () => {
    await api.close();
    await h.close();
  });

  const active = async (token: string) => (await oauth.tokenIntrospection(config, token)).active;
  const admin = () => loginOf(h.demo.admin);
  const redirectUri = () => h.demo.oauth_client.redirect_uri;

  it('is found by RFC 8414 discovery only: OpenID Connect discovery finds no OpenID provider', async () => {
    expect(config.serverMetadata().issuer).toBe(h.issuer);
    expect(config.serverMetadata().scopes_supported).not.toContain('openid');
    const { client_id, client_secret } = h.demo.oauth_client;
    await expect(oauth.discovery(new URL(h.issuer), client_id, undefined, oauth.ClientSecretPost(client_secret), { execute: [oauth.allowInsecureRequests] }))
      .rejects.toMatchObject({ cause: expect.objectContaining({ status: 404 }) });
  });

  it('issues tokens for a code, rotates refresh tokens, revokes on reuse and replay, and revokes at the revocation endpoint', async () => {
    const browser = new Browser(h.issuer);
    // authorize → login → consent → code → token
    const first = await authorizeAndRedeem(config, browser, admin(), { login: true, consent: true }, redirectUri());
    expect(first.callback.searchParams.get('state')).toBeTruthy();
    expect(first.tokens).toMatchObject({ token_type: 'bearer', expires_in: 3600, access_token: expect.any(String), refresh_token: expect.any(String) });
    expect(first.tokens.scope).toBe(ALL_SCOPES);
    expect(await api.me(first.tokens.access_token)).toBe(200);
    expect(await oauth.tokenIntrospection(config, first.tokens.access_token)).toMatchObject({ active: true, client_id: h.demo.oauth_client.client_id, scope: ALL_SCOPES });

    // refresh: a new pair; the old refresh token again revokes the whole chain
    const refreshed = await oauth.refreshTokenGrant(config, first.tokens.refresh_token!);
    expect(refreshed.access_token).not.toBe(first.tokens.access_token);
    expect(refreshed.refresh_token).not.toBe(first.tokens.refresh_token);
    expect(refreshed.expires_in).toBe(3600);
    expect(await active(refreshed.access_token)).toBe(true);
    await expect(oauth.refreshTokenGrant(config, first.tokens.refresh_token!)).rejects.toEqual(INVALID_GRANT);
    expect(await active(refreshed.access_token)).toBe(false);
    expect(await active(first.tokens.access_token)).toBe(false);
    await expect(oauth.refreshTokenGrant(config, refreshed.refresh_token!)).rejects.toEqual(INVALID_GRANT);
    expect(await api.me(refreshed.access_token)).toBe(401);

    // the grant is gone, so the person is asked again (still signed in); a replayed code revokes its tokens
    const second = await authorizeAndRedeem(config, browser, admin(), { login: false, consent: true }, redirectUri());
    expect(await api.me(second.tokens.access_token)).toBe(200);
    const code = second.callback.searchParams.get('code')!;
    const replay = await h.token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri(), code_verifier: second.verifier });
    expect(replay).toEqual({ status: 400, body: { error: 'invalid_grant', error_description: 'grant request is invalid' } });
    expect(await active(second.tokens.access_token)).toBe(false);
    expect(await api.me(second.tokens.access_token)).toBe(401);

    // revocation endpoint: the next API call is refused
    const third = await authorizeAndRedeem(config, browser, admin(), { login: false, consent: true }, redirectUri());
    expect(await api.me(third.tokens.access_token)).toBe(200);
    await oauth.tokenRevocation(config, third.tokens.access_token);
    expect(await active(third.tokens.access_token)).toBe(false);
    expect(await api.me(third.tokens.access_token)).toBe(401);
  });
});
