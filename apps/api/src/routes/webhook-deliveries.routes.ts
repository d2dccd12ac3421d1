/**
 * `POST /v1/webhooks/:id/test` (SPEC.md "Webhooks API": 204; the uri receives
 * a message with object_id 12345, also when the webhook is disabled) and the
 * operators' delivery log (issue 9 item 8): `GET /v1/webhooks/:id/deliveries`
 * (newest first), `GET .../deliveries/:delivery_id` (every attempt) and
 * `POST .../deliveries/:delivery_id/redeliver` (202: a fresh series of
 * attempts, the same delivery id), and `POST /v1/webhooks/:id/redeliver`
 * (202: the paused and failed deliveries of an event_at range queued again,
 * decision 024). Administrators only; another account's webhook is not found.
 */
import { z } from 'zod';
import { DELIVERY_FIELDS, DELIVERY_STATUSES, presentDelivery, presentDeliveryRecord, presentDeliverySummary } from '@tessera/domain';
import { PAGINATION_HEADERS, collectionQuerySchema, defineRoute, sendCollection, zodInput, type RouteTable } from '@tessera/http';
import { parseCollectionQuery, type CollectionSpec, type PageSizeLimits } from '@tessera/validation';
import type { ApiServices } from '../services.js';
import { pathParser } from './integrations-path.js';
import { deliveryParams, deliverySchema, deliverySummarySchema, redeliveredSchema, redeliverRangeBody, redeliverySchema } from './webhook-deliveries.schema.js';
import { WEBHOOKS_TAG } from './webhooks.routes.js';
import { webhookParams } from './webhooks.schema.js';

const DELIVERIES: CollectionSpec = {
  fields: DELIVERY_FIELDS,
  defaultFields: DELIVERY_FIELDS,
  sortable: ['created_at', 'event_at', 'delivered_at', 'status'],
  defaultSort: [{ field: 'created_at', direction: 'desc' }],
  filters: { status: { enum: DELIVERY_STATUSES }, test: 'boolean', created_at: 'datetime' },
};

const ADMINISTRATORS = 'Webhooks API: administrator role only.';
const LOG_SINCE_HEADER = {
  'X-Delivery-Log-Since': {
    description: 'Where the delivery log begins (ISO 8601): older deliveries were dropped with their week, but for pending and paused ones',
    schema: z.string(),
  },
};
const webhookPath = pathParser(webhookParams);

export function webhookDeliveriesRoutes(services: ApiServices, apiUrl: string, pageSize: PageSizeLimits): RouteTable {
  return [
    defineRoute({
      method: 'post',
      path: '/v1/webhooks/:id/test',
      operationId: 'testWebhook',
      tag: WEBHOOKS_TAG,
      summary: 'Send a test message to the webhook',
      description: `${ADMINISTRATORS} The uri receives the webhook's message with object_id 12345, signed like a real one, also when the webhook is disabled. It is queued: its attempt shows in the delivery log.`,
      needs: { role: 'administrator', scope: 'webhook:Update' },
      input: zodInput({ params: webhookParams }),
      responses: { 204: { description: 'Queued; no body' } },
      errors: [404],
      handler: async ({ res, access, input: { params } }) => {
        await services.testWebhook(access, params.id);
        res.status(204).end();
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/webhooks/:id/deliveries',
      operationId: 'listWebhookDeliveries',
      tag: WEBHOOKS_TAG,
      summary: 'The delivery log of a webhook, newest first',
      description:
        `${ADMINISTRATORS} Each delivery with its number of attempts and its last attempt. \`X-Delivery-Log-Since\` says where the log begins: ` +
        'deliveries created before it were dropped with their week after the retention period (`DELIVERY_RETENTION_DAYS`), but for pending and paused ones, which are kept.',
      needs: { role: 'administrator', scope: 'webhook:Read' },
      input: {
        params: webhookParams,
        query: collectionQuerySchema(DELIVERIES, pageSize),
        parse: ({ params, query }) => ({ id: webhookPath(params).id, query: parseCollectionQuery(query, DELIVERIES, pageSize) }),
      },
      responses: { 200: { description: 'One page of deliveries', schema: z.array(deliverySummarySchema), headers: { ...PAGINATION_HEADERS, ...LOG_SINCE_HEADER } } },
      errors: [400, 404],
      handler: async ({ req, res, access, input: { id, query } }) => {
        const page = await services.listWebhookDeliveries(access, id, query);
        if (page.logSince) res.setHeader('X-Delivery-Log-Since', page.logSince.toISOString());
        sendCollection(req, res, query, page, presentDeliverySummary, `${apiUrl}/webhooks/${id}/deliveries`);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/webhooks/:id/deliveries/:delivery_id',
      operationId: 'getWebhookDelivery',
      tag: WEBHOOKS_TAG,
      summary: 'One delivery with its message and every attempt',
      description: ADMINISTRATORS,
      needs: { role: 'administrator', scope: 'webhook:Read' },
      input: zodInput({ params: deliveryParams }),
      responses: { 200: { description: 'The delivery', schema: deliverySchema } },
      errors: [404],
      handler: async ({ res, access, input: { params } }) => {
        res.json(presentDelivery(await services.getWebhookDelivery(access, params.id, params.delivery_id)));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/webhooks/:id/deliveries/:delivery_id/redeliver',
      operationId: 'redeliverWebhookDelivery',
      tag: WEBHOOKS_TAG,
      summary: 'Deliver a message again',
      description: `${ADMINISTRATORS} A fresh series of up to 10 attempts with the same delivery id, due now; an attempt in flight ends first, and the series replaces a waiting retry. A disabled webhook still receives only tests: the delivery is paused again.`,
      needs: { role: 'administrator', scope: 'webhook:Update', answer: 'webhook:Read' },
      input: zodInput({ params: deliveryParams }),
      responses: { 202: { description: 'Queued', schema: redeliverySchema } },
      errors: [404],
      handler: async ({ res, access, input: { params } }) => {
        res.status(202).json(presentDeliveryRecord(await services.redeliverWebhookDelivery(access, params.id, params.delivery_id)));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/webhooks/:id/redeliver',
      operationId: 'redeliverWebhookDeliveries',
      tag: WEBHOOKS_TAG,
      summary: 'Deliver the paused and failed messages of a time range again',
      description: `${ADMINISTRATORS} Every delivery (not tests) whose event happened in the range — \`{"since": "<ISO time>"}\`, or \`{"from": …, "to": …}\` (to exclusive) — and whose status is paused or failed (\`"status"\` narrows it) gets a fresh series of attempts, due now. Answers how many were queued. A disabled webhook is refused with 409: enable it first.`,
      // The count tells about the webhook's deliveries: answering it needs their Read.
      needs: { role: 'administrator', scope: 'webhook:Update', answer: 'webhook:Read' },
      input: zodInput({ params: webhookParams, body: { schema: redeliverRangeBody, mediaTypes: ['application/json'] } }),
      responses: { 202: { description: 'Queued', schema: redeliveredSchema } },
      errors: [404, 409, 422],
      handler: async ({ res, access, input: { params, body } }) => {
        const statuses = body.status === undefined ? (['paused', 'failed'] as const) : typeof body.status === 'string' ? [body.status] : body.status;
        const range = body.since !== undefined ? { from: new Date(body.since), to: null } : { from: new Date(body.from!), to: new Date(body.to!) };
        res.status(202).json(await services.redeliverWebhookDeliveries(access, params.id, { ...range, statuses: [...new Set(statuses)] }));
      },
    }),
  ];
}
