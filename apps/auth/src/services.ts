/**
 * The auth app's composition root: the use cases its pages call and what its
 * oidc-provider needs of the database, built once per app on one pool. Routes
 * and provider hooks get these; none of them reads persistence itself (lint
 * enforces it: only this file, app.ts, main.ts and the provider's storage
 * adapter may import @tessera/persistence).
 */
import {
  createPersonalAccessToken, getAccessAndSecurity, revokeApplicationAuthorization, revokePersonalAccessToken, signIn,
} from '@tessera/domain';
import {
  createOAuthAdapter, findGrantFor, findOAuthClient, oauthAuthorizationRepository, personalAccessTokenRepository, ping, signInRepository, type Database,
} from '@tessera/persistence';
import { createDatabaseAdapter, type StoreAdapterClass } from './provider/database-adapter.js';

export interface AuthServicesOptions {
  /** Where oidc-provider's artifacts live; default PostgreSQL. The benchmark passes another to compare. */
  store?: StoreAdapterClass;
}

export function createAuthServices(db: Database, { store }: AuthServicesOptions = {}) {
  const people = signInRepository(db);
  const tokens = personalAccessTokenRepository(db);
  const authorizations = oauthAuthorizationRepository(db);
  return {
    /** The database answers: for /healthz. */
    ping: () => ping(db),
    signIn: (email: string, password: string) => signIn(email, password, people),
    /** A person who may sign in, by id (oidc-provider's findAccount, a profile session). */
    findPerson: (id: number) => people.findById(id),
    /** An OAuth application as the login and consent pages name it. */
    findApplication: (clientId: string) => findOAuthClient(db, clientId),
    /** The newest live grant of a person for an application, from any browser. */
    findGrant: (personId: string, clientId: string) => findGrantFor(db, personId, clientId),
    accessAndSecurity: (personId: number) => getAccessAndSecurity(personId, { people, tokens, authorizations }),
    createPersonalAccessToken: (personId: number, form: Record<string, unknown>) => createPersonalAccessToken(personId, form, tokens),
    revokePersonalAccessToken: (personId: number, tokenId: number) => revokePersonalAccessToken(personId, tokenId, tokens),
    revokeApplicationAuthorization: (personId: number, clientId: string) => revokeApplicationAuthorization(personId, clientId, authorizations),
    /** oidc-provider's `adapter`: its artifacts in the store, with the auth app's checks (database-adapter.ts). */
    oauthAdapter: createDatabaseAdapter(db, store ?? (createOAuthAdapter(db) as unknown as StoreAdapterClass)),
  };
}

export type AuthServices = ReturnType<typeof createAuthServices>;
