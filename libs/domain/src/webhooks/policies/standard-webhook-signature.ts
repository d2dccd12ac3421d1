/**
 * One entry of the Standard Webhooks `webhook-signature` header, over
 * `<webhook-id>.<webhook-timestamp>.<body>`:
 * - an HMAC secret (`hs*`): `v1,<base64 HMAC-SHA256>`, always SHA-256, whatever the `hs*` size;
 * - an Ed25519 key: `v1a,<base64 Ed25519 signature>` (the asymmetric scheme).
 * RSA and ECDSA keys have no Standard Webhooks scheme: their messages carry the JWT only.
 */
import { createHmac, sign } from 'node:crypto';
import type { OpenedKey } from './signing-keys.js';

export function standardWebhookSignature(key: OpenedKey, content: string): string | null {
  if (key.kind === 'hmac') return `v1,${createHmac('sha256', key.secret).update(content).digest('base64')}`;
  if (key.kind === 'ed25519') return `v1a,${sign(null, Buffer.from(content), key.key).toString('base64')}`;
  return null;
}
