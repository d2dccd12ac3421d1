/**
 * `GET /v1/accounts/:account/webhook-keys.json` (decision 026): the public keys
 * that verify an account's webhook messages, as a JWKS (RFC 7517). The JWT's
 * `iss` is `<API_PUBLIC_URL>/v1/accounts/<id>`: a receiver appends
 * `/webhook-keys.json` and lets its JWT library pick the key by `kid`. No token
 * (receivers hold none), counted by the caller's address like the other public
 * routes; an unknown account is the usual 404. Caches may keep it for a few
 * minutes: a receiver that meets an unknown `kid` fetches again (jose's remote
 * JWKS does), and a rolled-out key stays listed for its whole overlap window.
 */
import { z } from 'zod';
import { defineRoute, zodInput, type RouteTable } from '@tessera/http';
import type { ApiServices } from '../services.js';

/** Short enough that a new key is seen soon, long enough to spare the api a fetch per message. */
export const WEBHOOK_KEYS_MAX_AGE_SECONDS = 300;

const PARAMS = z.object({ account: z.string().describe('The account id, as in the message’s `account` URL and the JWT’s `iss`') });

const jwkSchema = z
  .object({
    kty: z.enum(['RSA', 'EC', 'OKP']),
    kid: z.string().describe('The key id: the JWT header’s `kid`'),
    alg: z.enum(['RS256', 'RS384', 'RS512', 'ES256', 'ES384', 'ES512', 'EdDSA']),
    use: z.literal('sig'),
    crv: z.string().optional().describe('`EC`: P-256, P-384, P-521; `OKP`: Ed25519'),
    x: z.string().optional(),
    y: z.string().optional(),
    n: z.string().optional(),
    e: z.string().optional(),
  })
  .describe('A public key (RFC 7517)');

const keySetSchema = z
  .object({ keys: z.array(jwkSchema).describe('Current keys and keys still in their overlap window after a roll; never an HMAC secret') })
  .describe('A JSON Web Key Set');

export function accountWebhookKeysRoutes(services: ApiServices): RouteTable {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/accounts/:account/webhook-keys.json',
      operationId: 'getAccountWebhookKeys',
      tag: 'webhook policies',
      summary: 'The public keys that verify the account’s webhook messages (JWKS)',
      description:
        'The public keys of the account’s enabled `rs*`, `es*` and `ed25519` webhook policies, each current key and each key still in its ' +
        'overlap window after a key roll, with `kid`, `alg` and `use: "sig"`. `hs*` secrets are never listed. Cacheable for ' +
        `${WEBHOOK_KEYS_MAX_AGE_SECONDS} s, with an ETag (If-None-Match answers 304).`,
      needs: { public: 'Receivers of webhook messages hold no token; public keys are not secret', rateLimit: 'address' },
      input: zodInput({ params: PARAMS }),
      responses: { 200: { description: 'The JWKS', schema: keySetSchema } },
      errors: [404],
      handler: async ({ res, input: { params } }) => {
        const keys = await services.accountWebhookKeys(params.account);
        // Express adds the ETag and answers a matching If-None-Match with 304.
        res.set('Cache-Control', `public, max-age=${WEBHOOK_KEYS_MAX_AGE_SECONDS}`).json(keys);
      },
    }),
  ];
}
