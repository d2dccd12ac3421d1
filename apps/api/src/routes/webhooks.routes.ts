/**
 * SPEC.md "Webhooks API (administrator role only)": `/v1/webhooks`,
 * `/enabled`, `/disabled`, `/:id` with POST (200, not 201, as the spec
 * says), PATCH and DELETE (204). Administrators only, with
 * `webhook:<operation>`; another account's webhook is not found.
 * (`POST /webhooks/:id/test` and the delivery log are in the delivery routes.)
 */
import { z } from 'zod';
import { WEBHOOK_RECORD, presentWebhook, presentWebhookInList, type WebhookState } from '@tessera/domain';
import { PAGINATION_HEADERS, collectionQuerySchema, defineRoute, sendCollection, zodInput, type RouteTable } from '@tessera/http';
import { collectionSpecOf, parseCollectionQuery, type CollectionSpec, type PageSizeLimits } from '@tessera/validation';
import type { ApiServices } from '../services.js';
import { createWebhookInput, updateWebhookInput } from './webhooks-body.js';
import { webhookFieldsSchema, webhookParams, webhookSchema } from './webhooks.schema.js';

const WEBHOOKS: CollectionSpec = collectionSpecOf(WEBHOOK_RECORD);

export const WEBHOOKS_TAG = 'webhooks';
const ADMINISTRATORS = 'Webhooks API: administrator role only.';

const LISTS: ReadonlyArray<{ state: WebhookState; suffix: string; operationId: string; summary: string }> = [
  { state: 'all', suffix: '', operationId: 'listWebhooks', summary: 'Webhooks of the account' },
  { state: 'enabled', suffix: '/enabled', operationId: 'listEnabledWebhooks', summary: 'Enabled webhooks of the account' },
  { state: 'disabled', suffix: '/disabled', operationId: 'listDisabledWebhooks', summary: 'Disabled webhooks of the account' },
];

export function webhooksRoutes(services: ApiServices, apiUrl: string, pageSize: PageSizeLimits): RouteTable {
  const lists = LISTS.map(({ state, suffix, operationId, summary }) =>
    defineRoute({
      method: 'get',
      path: `/v1/webhooks${suffix}`,
      operationId,
      tag: WEBHOOKS_TAG,
      summary,
      description: `${ADMINISTRATORS} A list omits description and mail_exceptions_to unless \`fields\` names them, shows \`disabled\` only for disabled webhooks and \`last_error\` only when the last delivery failed.`,
      needs: { role: 'administrator', scope: 'webhook:Read' },
      input: { query: collectionQuerySchema(WEBHOOKS, pageSize), parse: ({ query }) => parseCollectionQuery(query, WEBHOOKS, pageSize) },
      responses: { 200: { description: 'One page of webhooks, with the selected fields', schema: z.array(webhookFieldsSchema), headers: PAGINATION_HEADERS } },
      errors: [400],
      handler: async ({ req, res, access, input: query }) => {
        sendCollection(req, res, query, await services.listWebhooks(access, query, state), presentWebhookInList, `${apiUrl}/webhooks${suffix}`);
      },
    }),
  );
  return [
    ...lists,
    defineRoute({
      method: 'get',
      path: '/v1/webhooks/:id',
      operationId: 'getWebhook',
      tag: WEBHOOKS_TAG,
      summary: 'One webhook, with every field',
      description: ADMINISTRATORS,
      needs: { role: 'administrator', scope: 'webhook:Read' },
      input: zodInput({ params: webhookParams }),
      responses: { 200: { description: 'The webhook', schema: webhookSchema } },
      errors: [404],
      handler: async ({ res, access, input: { params } }) => {
        const { webhook, attachments } = await services.getWebhook(access, params.id);
        res.json(presentWebhook(webhook, attachments, apiUrl));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/webhooks',
      operationId: 'createWebhook',
      tag: WEBHOOKS_TAG,
      summary: 'Create a webhook',
      description: `${ADMINISTRATORS} event and uri are required. Answers 200 (not 201) with the created webhook.`,
      needs: { role: 'administrator', scope: 'webhook:Create', answer: 'webhook:Read' },
      input: createWebhookInput,
      responses: { 200: { description: 'The created webhook', schema: webhookSchema } },
      errors: [422],
      handler: async ({ res, access, input: { body } }) => {
        const { webhook, attachments } = await services.createWebhook(access, body);
        res.json(presentWebhook(webhook, attachments, apiUrl));
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/v1/webhooks/:id',
      operationId: 'updateWebhook',
      tag: WEBHOOKS_TAG,
      summary: 'Change a webhook',
      description: `${ADMINISTRATORS} Editing the webhook sets its enabled flag (\`disabled\`). Setting a field to the value it has is no change. Disabling it pauses its pending deliveries (status \`paused\` with a \`paused_reason\` in its delivery log), and events that arrive while it is disabled are kept the same way. Enabling it again sends none of them by itself, so the receiver is not flooded: \`POST /v1/webhooks/{id}/redeliver\` with \`since\` or \`from\`/\`to\` sends them.`,
      needs: { role: 'administrator', scope: 'webhook:Update', answer: 'webhook:Read' },
      input: updateWebhookInput,
      responses: { 200: { description: 'The updated webhook', schema: webhookSchema } },
      errors: [404, 422],
      handler: async ({ res, access, input: { params, body } }) => {
        const { webhook, attachments } = await services.updateWebhook(access, params.id, body);
        res.json(presentWebhook(webhook, attachments, apiUrl));
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/v1/webhooks/:id',
      operationId: 'deleteWebhook',
      tag: WEBHOOKS_TAG,
      summary: 'Delete a webhook',
      description: `${ADMINISTRATORS} Its delivery log goes with it; the attachments its description used stay.`,
      needs: { role: 'administrator', scope: 'webhook:Delete' },
      input: zodInput({ params: webhookParams }),
      responses: { 204: { description: 'Deleted; no body' } },
      errors: [404],
      handler: async ({ res, access, input: { params } }) => {
        await services.deleteWebhook(access, params.id);
        res.status(204).end();
      },
    }),
  ];
}
