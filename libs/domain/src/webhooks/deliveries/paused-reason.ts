/**
 * Why a delivery is paused rather than sent (issue 19 item 5): its webhook is
 * disabled. The reason is kept on each paused delivery and shown in the
 * delivery log; `POST /v1/webhooks/:id/redeliver` sends them once the webhook
 * is enabled again.
 */
import { DISABLE_AFTER_FAILURES } from './delivery-rules.js';

export const PAUSED_REASONS = {
  /** PATCH /v1/webhooks/:id {"disabled": true}, or a webhook created disabled. */
  disabledByAdministrator: 'the webhook is disabled',
  afterFailures: `the webhook was disabled after ${DISABLE_AFTER_FAILURES} consecutive failed attempts`,
  gone: 'the webhook was disabled because its receiver answered 410 Gone',
} as const;

export type PausedReason = (typeof PAUSED_REASONS)[keyof typeof PAUSED_REASONS];
