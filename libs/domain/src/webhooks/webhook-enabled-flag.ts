/**
 * SPEC.md "Webhook enabled flag": "A webhook is enabled when disabled is false
 * and disabled when disabled is true. Editing the webhook sets the flag."
 * The worker disables a webhook after 20 consecutive failures (REFERENCE.md
 * "Webhooks"); a person turning it back on starts that count again, so one
 * more failure does not disable it at once.
 */
import type { Filter } from '../collections/collection-query.js';

/** The webhooks a collection shows: `/webhooks`, `/webhooks/enabled`, `/webhooks/disabled`. */
export type WebhookState = 'all' | 'enabled' | 'disabled';

export function stateFilter(state: WebhookState): Filter | null {
  if (state === 'all') return null;
  return { field: 'disabled', operator: 'in', values: [state === 'disabled'] };
}

/** Whether a change turns a disabled webhook back on. */
export function reenables(current: { disabled: boolean }, changes: { disabled?: boolean }): boolean {
  return current.disabled && changes.disabled === false;
}

/** Whether a change turns an enabled webhook off: its pending deliveries are then paused. */
export function disables(current: { disabled: boolean }, changes: { disabled?: boolean }): boolean {
  return !current.disabled && changes.disabled === true;
}
