/**
 * OAuth access tokens for tests of the APIs, stored through the auth app's adapter
 * (`createOAuthAdapter`) with the payloads oidc-provider gives it: a Grant and an
 * AccessToken of that grant, issued at a chosen time.
 */
import { randomBytes } from 'node:crypto';
import { hashToken } from '@tessera/domain';
import type { Database } from '../database.js';
import { createOAuthAdapter } from '../oauth/oauth-adapter.js';

export interface OAuthTokenSpec {
  personId: number;
  clientId: string;
  /** The token's `scope`; absent: none named (the integration's scopes apply). */
  scope?: string;
  /** Another token of an existing grant. */
  grantId?: string;
  /** The payload's `iat` and `exp`; default now. Revocation checks use the rows' `created_at` (now) instead. */
  issuedAt?: Date;
  /** Default 3600 (SPEC.md: access tokens live one hour). */
  expiresInSeconds?: number;
  /** Extra claims of the AccessToken payload. */
  claims?: Record<string, unknown>;
}

export interface MintedOAuthToken {
  token: string;
  grantId: string;
}

const opaqueId = () => randomBytes(32).toString('base64url');
const epoch = (date: Date) => Math.floor(date.getTime() / 1000);

const GRANT_TTL = 14 * 86_400;

export async function mintOAuthAccessToken(db: Database, spec: OAuthTokenSpec): Promise<MintedOAuthToken> {
  const Adapter = createOAuthAdapter(db);
  const issuedAt = spec.issuedAt ?? new Date();
  const iat = epoch(issuedAt);
  const expiresIn = spec.expiresInSeconds ?? 3600;
  // What is left of each lifetime now (negative: already expired), as oidc-provider would have passed it.
  const left = (ttl: number) => (issuedAt.getTime() + ttl * 1000 - Date.now()) / 1000;
  const accountId = String(spec.personId);
  const grantId = spec.grantId ?? opaqueId();
  if (!spec.grantId) {
    await new Adapter('Grant').upsert(grantId, { iat, exp: iat + GRANT_TTL, kind: 'Grant', jti: grantId, accountId, clientId: spec.clientId }, left(GRANT_TTL));
  }
  const token = opaqueId();
  const payload = {
    iat, exp: iat + expiresIn, kind: 'AccessToken', jti: token, gty: 'authorization_code', accountId, clientId: spec.clientId, grantId,
    ...(spec.scope === undefined ? {} : { scope: spec.scope }),
    ...spec.claims,
  };
  await new Adapter('AccessToken').upsert(token, payload, left(expiresIn));
  return { token, grantId };
}

export interface TestApplicationSpec {
  /** Default `wdc`. */
  account?: string;
  scopes: Array<{ effect?: 'allow' | 'deny'; actions: string[]; conditions?: string[] }>;
}

export interface TestApplication {
  integrationId: number;
  applicationId: number;
  clientId: string;
  scopeIds: number[];
}

let applications = 0;

/** An integration of its own with these scopes, and one OAuth application in it. */
export async function insertTestOAuthApplication(db: Database, { account = 'wdc', scopes }: TestApplicationSpec): Promise<TestApplication> {
  const suffix = `${process.pid}_${(applications += 1)}_${randomBytes(4).toString('hex')}`;
  const [integration] = await db('integrations').insert({ account_id: account, name: `Test integration ${suffix}` }).returning('id');
  const scopeIds: number[] = [];
  for (const scope of scopes) {
    const [row] = await db('integration_scopes')
      .insert({ account_id: account, integration_id: integration.id, effect: scope.effect ?? 'allow', actions: scope.actions, conditions: scope.conditions ?? [] })
      .returning('id');
    scopeIds.push(row.id);
  }
  const clientId = `tsr_app_test_${suffix}`;
  const [application] = await db('oauth_applications')
    .insert({
      account_id: account, integration_id: integration.id, name: `Test application ${suffix}`, client_id: clientId,
      client_secret_hash: hashToken(opaqueId()), redirect_uris: ['https://client.example/callback'],
    })
    .returning('id');
  return { integrationId: integration.id, applicationId: application.id, clientId, scopeIds };
}
