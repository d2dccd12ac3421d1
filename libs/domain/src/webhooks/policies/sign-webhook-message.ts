/**
 * Signs one delivery attempt of a webhook message (REFERENCE.md "Webhooks";
 * decision 015). Every attempt is signed afresh: a new timestamp, the same
 * delivery id.
 *
 * - Always: the Standard Webhooks headers `webhook-id` (the delivery id) and
 *   `webhook-timestamp` (seconds), so a receiver can drop replays and repeats.
 * - The message comes as the JSON text it is stored as, and goes into the body
 *   (or the JWT's claims) as it is: never parsed and written again.
 * - No policy: the body is the JSON message.
 * - A policy: the body is `{"jwt":"<compact JWS>"}` with the claims `data`
 *   (the message), `iss` (the account URL), `aud` (jwt_audience, when set),
 *   `jti` (the delivery id), `sub` (the webhook id), `iat`, `nbf` and `exp`
 *   (jwt_claim_expires_in minutes later, DEFAULT_JWT_EXPIRES_IN_MINUTES when unset).
 *   `none` gives an unsecured JWT (`alg: none`).
 * - `hs*` also gets `webhook-signature: v1,<base64 HMAC-SHA256 of
 *   "<webhook-id>.<webhook-timestamp>.<body>">` keyed by the policy secret;
 *   `ed25519` gets `v1a,<base64 Ed25519 signature of the same>` (Standard
 *   Webhooks' asymmetric scheme) and an EdDSA JWT.
 * - The JWT names its key (`kid`) when the policy's key has an id. While a key
 *   is rolled (decision 026) the JWT is signed by the current key only, and
 *   `webhook-signature` lists one signature per key, the current one first,
 *   space-separated: a receiver that knows either key accepts the message.
 * - A disabled policy signs nothing: the attempt fails and says why, rather
 *   than sending unsigned what the receiver expects signed.
 */
import { ed25519Jws, hmacJws, jwsHeaderSegment, privateKeyJws, unsecuredJws } from './compact-jws.js';
import { hashBits, joseAlg, type KeyedJwtAlg } from './jwt-alg.js';
import type { SealingKey } from './sealing-key.js';
import { openedSigningKey, type OpenedKey } from './signing-keys.js';
import type { SigningPolicy } from './signing-policy.js';
import { standardWebhookSignature } from './standard-webhook-signature.js';

/** `exp` of a policy without jwt_claim_expires_in: the replay window Standard Webhooks suggests. */
export const DEFAULT_JWT_EXPIRES_IN_MINUTES = 5;

export interface SigningContext {
  webhookId: number;
  deliveryId: string;
  /** The account URL: the `iss` claim. */
  issuer: string;
  now: Date;
  sealingKey: SealingKey;
}

export interface SignedWebhookMessage {
  body: string;
  headers: Record<string, string>;
}

/** A message that cannot be signed with its policy; the message says why. */
export class WebhookSigningError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSigningError';
  }
}

/** `messageJson`: the message as JSON text (a stored delivery's, or `JSON.stringify` of a WebhookMessage). */
export async function signWebhookMessage(
  policy: SigningPolicy | null,
  messageJson: string,
  context: SigningContext,
): Promise<SignedWebhookMessage> {
  const timestamp = Math.floor(context.now.getTime() / 1000);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'webhook-id': context.deliveryId,
    'webhook-timestamp': String(timestamp),
  };
  if (policy === null) return { body: messageJson, headers };
  if (policy.disabled) throw new WebhookSigningError(`webhook policy ${policy.id} is disabled: the message was not signed nor sent`);

  const claims = claimsJson(messageJson, {
    iss: context.issuer,
    ...(policy.jwtAudience ? { aud: policy.jwtAudience } : {}),
    jti: context.deliveryId,
    sub: String(context.webhookId),
    iat: timestamp,
    nbf: timestamp,
    exp: timestamp + 60 * (policy.jwtClaimExpiresIn ?? DEFAULT_JWT_EXPIRES_IN_MINUTES),
  });
  if (policy.jwtAlg === 'none') return { body: JSON.stringify({ jwt: unsecuredJws(claims) }), headers };
  if (policy.sealedKey === null) throw new WebhookSigningError(`webhook policy ${policy.id} has no key for ${policy.jwtAlg}`);

  const { key, header } = preparedKey(policy, context.sealingKey) ?? (await prepareKey(policy, policy.jwtAlg, policy.sealedKey, context.sealingKey));
  const jwt =
    key.kind === 'hmac'
      ? hmacJws(header, claims, key.secret, hashBits(policy.jwtAlg as Exclude<KeyedJwtAlg, 'ed25519'>))
      : key.kind === 'ed25519'
        ? ed25519Jws(header, claims, key.key)
        : privateKeyJws(header, claims, key.key, hashBits(policy.jwtAlg as Exclude<KeyedJwtAlg, 'ed25519'>));
  // A compact JWS is base64url and dots: nothing in it to escape.
  const body = `{"jwt":"${jwt}"}`;
  const content = `${context.deliveryId}.${timestamp}.${body}`;
  const current = standardWebhookSignature(key, content);
  if (policy.retiringKeys === undefined || policy.retiringKeys.length === 0) {
    if (current !== null) headers['webhook-signature'] = current;
    return { body, headers };
  }
  const retiring = policy.retiringKeys.filter((old) => old.retiresAt.getTime() > context.now.getTime());
  const opened = await Promise.all(retiring.map((old) => openKey(policy.id, old.jwtAlg, old.sealedKey, context.sealingKey, old.keyId)));
  const signatures = [current, ...opened.map((each) => standardWebhookSignature(each, content))].filter((signature) => signature !== null);
  if (signatures.length > 0) headers['webhook-signature'] = signatures.join(' ');
  return { body, headers };
}

/**
 * A policy's current key, opened, with its JWS header's segment: kept per policy object (the
 * worker's webhook cache hands the same object to every delivery of a webhook version), so a
 * delivery neither builds the key cache's lookup string nor encodes the header again. Checked
 * against the fields it was made from, in case a caller changes the object.
 */
interface PreparedKey {
  alg: KeyedJwtAlg;
  sealedKey: string;
  keyId: string | null;
  sealingKey: SealingKey;
  key: OpenedKey;
  header: string;
}

const prepared = new WeakMap<SigningPolicy, PreparedKey>();

function preparedKey(policy: SigningPolicy, sealingKey: SealingKey): PreparedKey | null {
  const kept = prepared.get(policy);
  return kept !== undefined && kept.sealedKey === policy.sealedKey && kept.alg === policy.jwtAlg && kept.keyId === (policy.keyId ?? null) && kept.sealingKey === sealingKey ? kept : null;
}

async function prepareKey(policy: SigningPolicy, alg: KeyedJwtAlg, sealedKey: string, sealingKey: SealingKey): Promise<PreparedKey> {
  const key = await openKey(policy.id, alg, sealedKey, sealingKey);
  const keyId = policy.keyId ?? null;
  const entry: PreparedKey = { alg, sealedKey, keyId, sealingKey, key, header: jwsHeaderSegment({ alg: joseAlg(alg), typ: 'JWT', ...(keyId ? { kid: keyId } : {}) }) };
  prepared.set(policy, entry);
  return entry;
}

/** The claims as JSON text, `data` (the message text as it is) first, as they were always written. */
function claimsJson(messageJson: string, others: Record<string, string | number>): string {
  return `{"data":${messageJson},${JSON.stringify(others).slice(1)}`;
}

async function openKey(policyId: number, alg: KeyedJwtAlg, sealedKey: string, sealingKey: SealingKey, keyId?: string): Promise<OpenedKey> {
  try {
    return await openedSigningKey(alg, sealedKey, sealingKey);
  } catch (error) {
    const which = keyId === undefined ? 'its key' : `its retiring key ${keyId}`;
    throw new WebhookSigningError(`webhook policy ${policyId}: ${which} cannot be opened (${(error as Error).message})`);
  }
}
