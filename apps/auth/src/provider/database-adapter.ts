/**
 * The `adapter` oidc-provider gets: the Postgres store of @tessera/persistence
 * for its artifacts, plus what only the auth app knows (below). It is a storage
 * adapter, so it reads persistence itself; the app gets it through services.ts only.
 * - `Client` rows come from `oauth_applications`, read on every lookup, so a
 *   disabled or deleted application, or a disabled integration, is refused at once;
 * - a grant, code, access or refresh token is invisible once its application
 *   is disabled or its integration's authorizations were revoked at or after
 *   its row was stored, compared to the microsecond (`isAuthorizationCurrent`,
 *   decision 013; issue 18 item 12);
 * - the loser of a race to consume a code or refresh token gets `invalid_grant`
 *   and the grant is revoked, as oidc-provider does for a replay.
 */
import { errors, type Adapter, type AdapterPayload } from 'oidc-provider';
import { isAuthorizationCurrent } from '@tessera/domain';
import { findOAuthClient, oauthArtifactStoredAt, OAuthArtifactConsumedError, type Database, type OAuthClientView } from '@tessera/persistence';

type StoreAdapter = Adapter;
export type StoreAdapterClass = new (model: string) => StoreAdapter;

/** What a grant's revocation removes besides the Grant itself (oidc-provider's `revoke`). */
const GRANT_MODELS = ['AccessToken', 'RefreshToken', 'AuthorizationCode'];
/** Artifacts that stand for a person's authorization of an application. */
const AUTHORIZATION_MODELS = new Set(['Grant', 'AuthorizationCode', 'AccessToken', 'RefreshToken']);

export function clientMetadataOf(client: OAuthClientView): AdapterPayload | undefined {
  if (client.applicationDisabled || client.integration.disabled) return undefined;
  return {
    client_id: client.clientId,
    // The digest: compareClientSecret (client-secret.ts) hashes what the client presents.
    client_secret: client.clientSecretHash,
    client_name: client.name,
    redirect_uris: client.redirectUris,
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_post',
    ...(client.integration.allowedActions.length > 0 ? { scope: client.integration.allowedActions.join(' ') } : {}),
  };
}

/**
 * Whether an artifact of this application still stands. Its issue time is when its row
 * was stored, by the database's clock, to the microsecond: oidc-provider's `iat` is whole
 * seconds, so a grant saved in the revocation's own second would count as revoked and
 * the person would see the consent page again and again. A store that keeps no row
 * time (oidc-provider's memory adapter, in the benchmark) is judged by `iat`.
 */
export async function isArtifactCurrent(db: Database, payload: AdapterPayload): Promise<boolean> {
  const clientId = payload.clientId;
  if (typeof clientId !== 'string') return false;
  const client = await findOAuthClient(db, clientId);
  if (!client || client.applicationDisabled) return false;
  const issuedAt = oauthArtifactStoredAt(payload) ?? (typeof payload.iat === 'number' ? payload.iat * 1_000_000 : undefined);
  if (issuedAt === undefined) return false;
  return isAuthorizationCurrent(issuedAt, client.integration);
}

export function createDatabaseAdapter(db: Database, Store: StoreAdapterClass): new (model: string) => Adapter {
  const stores = new Map<string, StoreAdapter>();
  const storeFor = (model: string) => {
    let store = stores.get(model);
    if (!store) stores.set(model, (store = new Store(model)));
    return store;
  };

  async function revokeGrant(grantId: unknown): Promise<void> {
    if (typeof grantId !== 'string') return;
    await Promise.all([...GRANT_MODELS.map((model) => storeFor(model).revokeByGrantId(grantId)), storeFor('Grant').destroy(grantId)]);
  }

  class ClientAdapter implements Adapter {
    async find(id: string) {
      const client = await findOAuthClient(db, id);
      return client ? clientMetadataOf(client) : undefined;
    }
    async upsert(): Promise<void> {
      throw new Error('applications are managed through the integrations API');
    }
    async findByUid() {
      return undefined;
    }
    async findByUserCode() {
      return undefined;
    }
    async consume(): Promise<void> {}
    async destroy(): Promise<void> {}
    async revokeByGrantId(): Promise<void> {}
  }

  class ArtifactAdapter implements Adapter {
    private readonly store: StoreAdapter;
    constructor(private readonly model: string) {
      this.store = storeFor(model);
    }
    upsert(id: string, payload: AdapterPayload, expiresIn: number) {
      return this.store.upsert(id, payload, expiresIn);
    }
    async find(id: string) {
      const payload = await this.store.find(id);
      if (!payload || !AUTHORIZATION_MODELS.has(this.model)) return payload ?? undefined;
      return (await isArtifactCurrent(db, payload)) ? payload : undefined;
    }
    findByUid(uid: string) {
      return this.store.findByUid(uid);
    }
    findByUserCode(userCode: string) {
      return this.store.findByUserCode(userCode);
    }
    async consume(id: string) {
      try {
        await this.store.consume(id);
      } catch (error) {
        if (!(error instanceof OAuthArtifactConsumedError)) throw error;
        await revokeGrant((await this.store.find(id))?.grantId);
        throw new errors.InvalidGrant(this.model === 'RefreshToken' ? 'refresh token already used' : 'authorization code already consumed');
      }
    }
    destroy(id: string) {
      return this.store.destroy(id);
    }
    revokeByGrantId(grantId: string) {
      return this.store.revokeByGrantId(grantId);
    }
  }

  return function DatabaseAdapter(model: string): Adapter {
    return model === 'Client' ? new ClientAdapter() : new ArtifactAdapter(model);
  } as unknown as new (model: string) => Adapter;
}
