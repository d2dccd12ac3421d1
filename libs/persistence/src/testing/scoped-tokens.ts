/**
 * Tokens of a seeded person carrying chosen scopes, for the specs that show each API
 * enforcing them: the same scope lines, as a personal access token or as an OAuth access
 * token of an integration, so the REST and GraphQL specs mint them alike.
 */
import { generatePersonalAccessToken, hashToken } from '@tessera/domain';
import type { Database } from '../database.js';
import { insertPersonalAccessToken } from '../access/personal-access-token.repository.js';
import { insertTestOAuthApplication, mintOAuthAccessToken, type TestApplication, type TestApplicationSpec } from './oauth-access-tokens.js';

async function personIdOf(db: Database, email: string): Promise<number> {
  return (await db('people').where({ primary_email: email }).first('id')).id as number;
}

/** A personal access token of the person whose primary e-mail is `email`, with `scopes` and no expiry. */
export async function personalAccessTokenWith(db: Database, email: string, scopes: string[]): Promise<string> {
  const token = generatePersonalAccessToken();
  await insertPersonalAccessToken(db, { personId: await personIdOf(db, email), name: 'scopes', tokenHash: hashToken(token), scopes, expiresAt: null });
  return token;
}

/** An OAuth access token of that person for a new application whose integration has `scopes`; `scope`, when given, narrows the token. */
export async function oauthAccessTokenWith(db: Database, email: string, scopes: TestApplicationSpec['scopes'], scope?: string): Promise<{ token: string; application: TestApplication }> {
  const application = await insertTestOAuthApplication(db, { scopes });
  const { token } = await mintOAuthAccessToken(db, { personId: await personIdOf(db, email), clientId: application.clientId, ...(scope === undefined ? {} : { scope }) });
  return { token, application };
}
