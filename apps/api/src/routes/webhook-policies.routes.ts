/**
 * `/v1/webhook_policies` (REFERENCE.md "Webhooks"): CRUD of the policies that
 * sign webhook messages, plus the `/enabled` and `/disabled` collections.
 * Administrators only, with `webhook_policy:<operation>`; another account's
 * policy is not found. The key material is in the answer of the call that
 * made it (create, or a change of `jwt_alg`) and never again.
 */
import { z } from 'zod';
import { WEBHOOK_POLICY_RECORD, presentRolledWebhookPolicyKey, presentWebhookPolicy, presentWebhookPolicyWithKey, type WebhookPolicyState } from '@tessera/domain';
import { PAGINATION_HEADERS, collectionQuerySchema, defineRoute, sendCollection, zodInput, type RouteTable } from '@tessera/http';
import { collectionSpecOf, parseCollectionQuery, type CollectionSpec, type PageSizeLimits } from '@tessera/validation';
import type { ApiServices } from '../services.js';
import { createWebhookPolicyInput, keyRollInput, updateWebhookPolicyInput } from './webhook-policies-body.js';
import { rolledWebhookPolicyKeySchema, webhookPolicyFieldsSchema, webhookPolicyParams, webhookPolicySchema, webhookPolicyWithKeySchema } from './webhook-policies.schema.js';

const POLICIES: CollectionSpec = collectionSpecOf(WEBHOOK_POLICY_RECORD);

const TAG = 'webhook policies';
const ADMINISTRATORS = 'Webhook policies are settings of the account: administrators manage them.';

const COLLECTIONS: ReadonlyArray<{ state: WebhookPolicyState; suffix: string; operationId: string; summary: string }> = [
  { state: 'all', suffix: '', operationId: 'listWebhookPolicies', summary: 'Webhook policies of the account' },
  { state: 'enabled', suffix: '/enabled', operationId: 'listEnabledWebhookPolicies', summary: 'Enabled webhook policies of the account' },
  { state: 'disabled', suffix: '/disabled', operationId: 'listDisabledWebhookPolicies', summary: 'Disabled webhook policies of the account' },
];

export function webhookPoliciesRoutes(services: ApiServices, apiUrl: string, pageSize: PageSizeLimits): RouteTable {
  // The collections come first: `/enabled` is not an id.
  const collections = COLLECTIONS.map(({ state, suffix, operationId, summary }) =>
    defineRoute({
      method: 'get',
      path: `/v1/webhook_policies${suffix}`,
      operationId,
      tag: TAG,
      summary,
      description: ADMINISTRATORS,
      needs: { role: 'administrator', scope: 'webhook_policy:Read' },
      input: { query: collectionQuerySchema(POLICIES, pageSize), parse: ({ query }) => parseCollectionQuery(query, POLICIES, pageSize) },
      responses: { 200: { description: 'One page of webhook policies, with the selected fields', schema: z.array(webhookPolicyFieldsSchema), headers: PAGINATION_HEADERS } },
      errors: [400],
      handler: async ({ req, res, access, input: query }) => {
        sendCollection(req, res, query, await services.listWebhookPolicies(access, state, query), presentWebhookPolicy, `${apiUrl}/webhook_policies${suffix}`);
      },
    }),
  );
  return [
    ...collections,
    defineRoute({
      method: 'get',
      path: '/v1/webhook_policies/:id',
      operationId: 'getWebhookPolicy',
      tag: TAG,
      summary: 'One webhook policy, with every field but its key',
      description: ADMINISTRATORS,
      needs: { role: 'administrator', scope: 'webhook_policy:Read' },
      input: zodInput({ params: webhookPolicyParams }),
      responses: { 200: { description: 'The webhook policy', schema: webhookPolicySchema } },
      errors: [404],
      handler: async ({ res, access, input: { params } }) => {
        res.json(presentWebhookPolicy(await services.getWebhookPolicy(access, params.id)));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/webhook_policies',
      operationId: 'createWebhookPolicy',
      tag: TAG,
      summary: 'Create a webhook policy and its key',
      description: `${ADMINISTRATORS} Answers 200 (as POST /webhooks does) with \`public_key_pem\` (\`rs*\`, \`es*\`) or \`secret\` (\`hs*\`): shown this once, the private key and the secret are stored sealed. The name is generated.`,
      needs: { role: 'administrator', scope: 'webhook_policy:Create', answer: 'webhook_policy:Read' },
      input: createWebhookPolicyInput,
      responses: { 200: { description: 'The new policy with its public key or secret', schema: webhookPolicyWithKeySchema } },
      errors: [422],
      handler: async ({ res, access, input: { body } }) => {
        res.json(presentWebhookPolicyWithKey(await services.createWebhookPolicy(access, body)));
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/v1/webhook_policies/:id',
      operationId: 'updateWebhookPolicy',
      tag: TAG,
      summary: 'Change a webhook policy',
      description: `${ADMINISTRATORS} A new \`jwt_alg\` replaces the key at once: the answer carries the new \`public_key_pem\` or \`secret\`, shown this once.`,
      needs: { role: 'administrator', scope: 'webhook_policy:Update', answer: 'webhook_policy:Read' },
      input: updateWebhookPolicyInput,
      responses: { 200: { description: 'The policy after the change; with its new key when `jwt_alg` changed', schema: webhookPolicyWithKeySchema.partial({ public_key_pem: true }) } },
      errors: [404, 422],
      handler: async ({ res, access, input: { params, body } }) => {
        res.json(presentWebhookPolicyWithKey(await services.updateWebhookPolicy(access, params!.id, body)));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/webhook_policies/:id/roll_key',
      operationId: 'rollWebhookPolicyKey',
      tag: TAG,
      summary: 'Roll a webhook policy’s key, with an overlap window',
      description:
        `${ADMINISTRATORS} A new key of the policy’s algorithm signs from now on (the JWT, with its \`kid\`); the key it replaces keeps signing ` +
        'beside it for `overlap_minutes` (default 24 h): a second `webhook-signature` entry (`v1,…` for `hs*`, `v1a,…` for `ed25519`) and its ' +
        'public key stays in the account’s webhook-keys.json. The answer carries the new `public_key_pem` or `secret`, shown this once, and the ' +
        'keys still in their window. A policy with `jwt_alg` none has no key to roll: 409. Decision 026 gives the receiver’s steps.',
      needs: { role: 'administrator', scope: 'webhook_policy:Update', answer: 'webhook_policy:Read' },
      input: keyRollInput,
      responses: { 200: { description: 'The policy with its new key and the keys still in their overlap window', schema: rolledWebhookPolicyKeySchema } },
      errors: [404, 409, 422],
      handler: async ({ res, access, input: { params, body } }) => {
        res.json(presentRolledWebhookPolicyKey(await services.rollWebhookPolicyKey(access, params!.id, body)));
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/v1/webhook_policies/:id',
      operationId: 'deleteWebhookPolicy',
      tag: TAG,
      summary: 'Delete a webhook policy no webhook uses',
      description: `${ADMINISTRATORS} A policy still referenced by a webhook is a 409 naming the webhooks.`,
      needs: { role: 'administrator', scope: 'webhook_policy:Delete' },
      input: zodInput({ params: webhookPolicyParams }),
      responses: { 204: { description: 'Deleted; no body' } },
      errors: [404, 409],
      handler: async ({ res, access, input: { params } }) => {
        await services.deleteWebhookPolicy(access, params.id);
        res.status(204).end();
      },
    }),
  ];
}
