/**
 * oidc-provider's adapter interface on PostgreSQL (issue 10, decision 018).
 * The interface is declared here rather than imported: persistence does not
 * depend on oidc-provider (ARCHITECTURE.md), the auth app passes the class
 * returned by `createOAuthAdapter(db)` as its `adapter` option.
 */
import { hashToken } from '@tessera/domain';
import type { Database } from '../database.js';
import { epochMicros } from '../epoch-micros.js';
import { prepared } from '../prepared.js';
import { artifactColumns, payloadOf, type OAuthPayload, type StoredArtifact } from './artifact-row.js';
import { OAuthArtifactConsumedError } from './oauth-artifact-consumed-error.js';

export type { OAuthPayload } from './artifact-row.js';
export { oauthArtifactStoredAt } from './artifact-row.js';

export interface OAuthAdapter {
  upsert(id: string, payload: OAuthPayload, expiresIn?: number): Promise<void>;
  find(id: string): Promise<OAuthPayload | undefined>;
  /** A Session by its uid. Its payload has no `jti`: only the digest of the id is stored. */
  findByUid(uid: string): Promise<OAuthPayload | undefined>;
  /** A DeviceCode by its user code (device flow; likewise without `jti`). */
  findByUserCode(userCode: string): Promise<OAuthPayload | undefined>;
  /** Throws OAuthArtifactConsumedError unless this call is the one that consumed it. */
  consume(id: string): Promise<void>;
  destroy(id: string): Promise<void>;
  revokeByGrantId(grantId: string): Promise<void>;
}

export type OAuthAdapterClass = new (model: string) => OAuthAdapter;

/** What a grant's revocation removes (oidc-provider's grantable models); the Grant itself, sessions and interactions stay. */
export const GRANT_BOUND_MODELS: readonly string[] = [
  'AccessToken', 'AuthorizationCode', 'RefreshToken', 'DeviceCode', 'BackchannelAuthenticationRequest', 'PreAuthorizedCode',
];

const TABLE = 'oauth_artifacts';
// The database's clock for both writing and reading expiry, the one the sweep uses.
const LIVE = '(expires_at is null or expires_at > now())';
const CONSUMED_EPOCH = 'floor(extract(epoch from consumed_at))::bigint as consumed';
const STORED_AT = `${epochMicros('created_at')} as stored_at`;

export function createOAuthAdapter(db: Database): OAuthAdapterClass {
  const live = (model: string) => db(TABLE).where({ model }).whereRaw(LIVE);
  const first = async (query: ReturnType<typeof live>, id: string | undefined) => {
    const row = (await prepared(query.first<StoredArtifact>('payload', db.raw(CONSUMED_EPOCH), db.raw(STORED_AT)))) as StoredArtifact | undefined;
    return row ? payloadOf(row, id) : undefined;
  };

  return class PostgresOAuthAdapter implements OAuthAdapter {
    constructor(readonly model: string) {}

    async upsert(id: string, payload: OAuthPayload, expiresIn?: number): Promise<void> {
      const row = artifactColumns(this.model, id, payload);
      const seconds = typeof expiresIn === 'number' && Number.isFinite(expiresIn) ? expiresIn : null;
      const consumed = typeof payload.consumed === 'number' ? payload.consumed : null;
      await prepared(
        db(TABLE)
          .insert({
            ...row,
            expires_at: db.raw('now() + make_interval(secs => ?::double precision)', [seconds]),
            consumed_at: db.raw('to_timestamp(?::double precision)', [consumed]),
          })
          .onConflict(['model', 'id_hash'])
          .merge(['payload', 'grant_id', 'uid_hash', 'user_code_hash', 'account_id', 'client_id', 'expires_at', 'consumed_at']),
      );
    }

    find(id: string): Promise<OAuthPayload | undefined> {
      return first(live(this.model).where({ id_hash: hashToken(id) }), id);
    }

    findByUid(uid: string): Promise<OAuthPayload | undefined> {
      return first(live(this.model).where({ uid_hash: hashToken(uid) }).orderBy('created_at', 'desc'), undefined);
    }

    findByUserCode(userCode: string): Promise<OAuthPayload | undefined> {
      return first(live(this.model).where({ user_code_hash: hashToken(userCode) }).orderBy('created_at', 'desc'), undefined);
    }

    async consume(id: string): Promise<void> {
      const rows = await prepared(
        live(this.model).where({ id_hash: hashToken(id) }).whereNull('consumed_at').update({ consumed_at: db.fn.now() }, ['model']),
      );
      if (rows.length !== 1) throw new OAuthArtifactConsumedError(this.model);
    }

    async destroy(id: string): Promise<void> {
      await db(TABLE).where({ model: this.model, id_hash: hashToken(id) }).delete();
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db(TABLE).where({ grant_id: grantId }).whereIn('model', GRANT_BOUND_MODELS).delete();
    }
  };
}
