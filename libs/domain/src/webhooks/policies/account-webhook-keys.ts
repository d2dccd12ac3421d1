/**
 * `GET /v1/accounts/:account/webhook-keys.json` (decision 026): the JWKS of an
 * account, public, so a receiver fetches the keys that verify its messages
 * from the issuer it reads in the JWT (`iss` is `<API_PUBLIC_URL>/v1/accounts/<id>`)
 * instead of copying PEM files. It lists the public keys of the account's
 * enabled `rs*`, `es*` and `ed25519` policies, each current key and each key
 * still in its overlap window after a roll, as RFC 7517 JWKs with `kid`, `alg`
 * and `use: "sig"`. HMAC secrets are never in it (they are not public), nor are
 * a disabled policy's keys (it signs nothing). An unknown account, or an id
 * that cannot be one, is not found.
 */
import { createPublicKey, type JsonWebKey } from 'node:crypto';
import { notFound } from '../../errors/domain-error.js';
import { ACCOUNT_ID_PATTERN } from '../../identity/account-access.js';
import type { Repositories } from '../../ports/unit-of-work.js';
import { isAsymmetric, joseAlg } from './jwt-alg.js';
import type { PublishedKey } from './published-key.js';

export interface WebhookJwk extends JsonWebKey {
  kid: string;
  alg: string;
  use: 'sig';
}

export interface WebhookKeySet {
  keys: WebhookJwk[];
}

export async function accountWebhookKeys(accountId: string, repos: Pick<Repositories, 'accounts' | 'webhookPolicies'>): Promise<WebhookKeySet> {
  if (!ACCOUNT_ID_PATTERN.test(accountId)) throw notFound();
  const account = await repos.accounts.find(accountId);
  if (!account) throw notFound();
  const published = await repos.webhookPolicies.publishedKeys(account.id);
  return { keys: published.flatMap((key) => jwkOf(key) ?? []) };
}

/** The JWK of a stored public key; null for one that is not a public key of its algorithm (never written by the service). */
function jwkOf(key: PublishedKey): WebhookJwk | null {
  if (!isAsymmetric(key.jwt_alg)) return null;
  try {
    const { kty, crv, x, y, n, e } = createPublicKey(key.public_key_pem).export({ format: 'jwk' });
    const parts = Object.fromEntries(Object.entries({ kty, crv, x, y, n, e }).filter(([, value]) => value !== undefined));
    return { ...parts, kid: key.key_id, alg: joseAlg(key.jwt_alg), use: 'sig' };
  } catch {
    return null;
  }
}
