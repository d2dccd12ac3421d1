/**
 * Webhook deliveries and their attempts as the OpenAPI document shows them
 * (Tessera's operators' extension of SPEC.md, issue 9 item 8). The presenters
 * in libs/domain (webhooks/deliveries/delivery.presenter.ts) write the answers.
 */
import { z } from 'zod';
import { DELIVERY_STATUSES } from '@tessera/domain';
import { webhookParams } from './webhooks.schema.js';

const datetime = z.iso.datetime({ offset: true });

export const deliveryParams = webhookParams.extend({
  delivery_id: z
    .string()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i)
    .transform((id) => id.toLowerCase())
    .describe('The delivery id (a UUID, as sent in X-Tessera-Delivery and webhook-id); anything else is not found'),
});

export const attemptSchema = z
  .object({
    attempt: z.int().describe('Numbered from 1 over the delivery’s life, redeliveries included'),
    started_at: datetime,
    duration_ms: z.int(),
    status_code: z.int().nullable().describe('null when no response came'),
    error: z.string().nullable().describe('null on success; otherwise why not, e.g. `404 Not Found`, `timed out after 10 s`, `refused: 10.0.0.5 is a private address`'),
    response_excerpt: z.string().nullable().describe('The first 1 KB of the response body'),
  })
  .describe('One attempt at delivering a message');

const deliveryBase = z.object({
  id: z.string().describe('The delivery id: the same on every attempt'),
  event: z.string(),
  test: z.boolean().describe('A test message (POST /webhooks/:id/test): one attempt, never counted as the webhook’s failure'),
  status: z.enum(DELIVERY_STATUSES).describe('`paused`: kept unsent because the webhook is disabled (`paused_reason` says how); `POST /v1/webhooks/{id}/redeliver` sends paused deliveries once it is enabled again'),
  paused_reason: z.string().nullable().describe('Why a paused delivery was not sent, e.g. `the webhook is disabled`; null in every other status'),
  attempt_count: z.int(),
  next_attempt_at: datetime.nullable().describe('When the next attempt is due; null once delivered, failed or while paused'),
  event_at: datetime.describe('When the change that caused the message committed'),
  created_at: datetime,
  delivered_at: datetime.nullable(),
});

export const deliverySummarySchema = deliveryBase
  .extend({ last_attempt: attemptSchema.nullable() })
  .partial()
  .required({ id: true })
  .describe('A delivery with the selected fields');

export const deliverySchema = deliveryBase
  .extend({
    message: z.record(z.string(), z.unknown()).describe('The unsigned message (REFERENCE.md "Webhooks" body); each attempt signs it afresh'),
    attempts: z.array(attemptSchema).describe('Every attempt, oldest first'),
  })
  .describe('A delivery with its message and every attempt');

export const redeliverySchema = deliveryBase.omit({ attempt_count: true }).describe('The delivery, queued for a fresh series of attempts');

const redeliverStatus = z.enum(['paused', 'failed']);

/**
 * `POST /v1/webhooks/:id/redeliver`: a range of event_at, `since` (up to now)
 * or `from` and `to` (from inclusive, to exclusive), and which deliveries of it
 * (paused and/or failed; both by default). Unknown fields are refused.
 */
export const redeliverRangeBody = z
  .object({
    since: datetime.optional().describe('Deliveries whose event happened at or after this time'),
    from: datetime.optional().describe('With `to`: deliveries whose event happened at or after this time…'),
    to: datetime.optional().describe('…and before this one'),
    status: z.union([redeliverStatus, z.array(redeliverStatus).min(1)]).optional().describe('paused, failed, or both (the default)'),
  })
  .strict()
  .superRefine((body, ctx) => {
    const range = body.from !== undefined || body.to !== undefined;
    if (body.since !== undefined && range) ctx.addIssue({ code: 'custom', path: ['since'], message: 'give since, or from and to, not both' });
    else if (body.since === undefined && !range) ctx.addIssue({ code: 'custom', path: ['since'], message: 'give since, or from and to' });
    else if (range && body.from === undefined) ctx.addIssue({ code: 'custom', path: ['from'], message: 'is required with to' });
    else if (range && body.to === undefined) ctx.addIssue({ code: 'custom', path: ['to'], message: 'is required with from' });
    else if (range && Date.parse(body.to!) <= Date.parse(body.from!)) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be after from' });
  });

export const redeliveredSchema = z.object({ queued: z.int().describe('How many deliveries were queued for a fresh series of attempts') });
