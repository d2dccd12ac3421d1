/**
 * The frame of the specs of the OAuth artifact store (src/oauth): a database of their own and the
 * oidc-provider adapter class on it, made by a beforeAll hook registered here (so before the spec's
 * own hooks) and dropped after the spec. Read the fields in tests and hooks.
 */
import { createHash } from 'node:crypto';
import { createOAuthAdapter, type OAuthAdapterClass } from '../oauth/oauth-adapter.js';
import { createTestDatabase, type TestDatabase } from './test-postgres.js';

/** The hex SHA-256 the store keeps of an id, computed here apart from the store's own hashing, so a spec can find a row by it. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export interface OAuthArtifactsDatabase {
  test: TestDatabase;
  Adapter: OAuthAdapterClass;
}

export function oauthArtifactsDatabase(): OAuthArtifactsDatabase {
  const oauth = {} as OAuthArtifactsDatabase;
  beforeAll(async () => {
    oauth.test = await createTestDatabase();
    oauth.Adapter = createOAuthAdapter(oauth.test.db);
  });
  afterAll(() => oauth.test.drop());
  return oauth;
}
