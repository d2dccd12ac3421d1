/**
 * How one oidc-provider payload becomes a row of `oauth_artifacts` and back
 * (oauth-contract: keyed by digest, no credential in the payload).
 */
import { hashToken, type EpochMicros } from '@tessera/domain';

/** What oidc-provider hands its adapter: a plain JSON object of claims. */
export type OAuthPayload = Record<string, unknown> & {
  jti?: string;
  grantId?: string;
  uid?: string;
  userCode?: string;
  accountId?: string;
  clientId?: string;
  consumed?: number;
};

export interface ArtifactColumns {
  model: string;
  id_hash: string;
  payload: Record<string, unknown>;
  grant_id: string | null;
  uid_hash: string | null;
  user_code_hash: string | null;
  account_id: string | null;
  client_id: string | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * The stored copy leaves out the id (`jti`), `consumed` (the consumed_at column
 * holds it) and an Interaction's `session.cookie`, which is the session's id,
 * the value of the session cookie. oidc-provider never reads that copy back.
 */
function storedPayload(model: string, payload: OAuthPayload): Record<string, unknown> {
  const { jti: _jti, consumed: _consumed, ...rest } = payload;
  if (model === 'Interaction' && rest['session'] && typeof rest['session'] === 'object') {
    const { cookie: _cookie, ...session } = rest['session'] as Record<string, unknown>;
    rest['session'] = session;
  }
  return rest;
}

export function artifactColumns(model: string, id: string, payload: OAuthPayload): ArtifactColumns {
  const uid = text(payload.uid);
  const userCode = text(payload.userCode);
  return {
    model,
    id_hash: hashToken(id),
    payload: storedPayload(model, payload),
    // A Grant row carries its own id, so a person's grants lead to their tokens.
    grant_id: model === 'Grant' ? id : text(payload.grantId),
    uid_hash: uid ? hashToken(uid) : null,
    user_code_hash: userCode ? hashToken(userCode) : null,
    account_id: text(payload.accountId),
    client_id: text(payload.clientId),
  };
}

export interface StoredArtifact {
  payload: Record<string, unknown>;
  consumed: number | null;
  /** `created_at`: when the row was first stored, by the database's clock. */
  stored_at: EpochMicros;
}

// Beside the payload rather than in it: oidc-provider gets its own claims only, and never saves this back.
const storedAtOfPayload = new WeakMap<object, EpochMicros>();

/** The payload as oidc-provider expects it back: `jti` when known, `consumed` in epoch seconds. */
export function payloadOf(row: StoredArtifact, id: string | undefined): OAuthPayload {
  const payload: OAuthPayload = {
    ...row.payload,
    ...(id === undefined ? {} : { jti: id }),
    ...(row.consumed === null ? {} : { consumed: Number(row.consumed) }),
  };
  storedAtOfPayload.set(payload, Number(row.stored_at));
  return payload;
}

/**
 * When the row of a payload this store's `find` returned was first stored, to the
 * microsecond by the database's clock (the clock of `authorizations_revoked_at`):
 * the issue time revocation checks compare, where oidc-provider's `iat` has whole
 * seconds only. Undefined for a payload that did not come from this store.
 */
export function oauthArtifactStoredAt(payload: object): EpochMicros | undefined {
  return storedAtOfPayload.get(payload);
}
