/**
 * One attempt of a claimed delivery, outside any transaction (decision 024):
 * the message signed afresh by the webhook's policy (a new timestamp, the
 * same delivery id) and sent. Nothing is written here; the outcome is
 * recorded later, in a batch, against the lease (record-outcomes.ts).
 *
 * - A disabled webhook receives nothing but test messages: a non-test
 *   delivery of one is not sent (it is paused when recorded).
 * - A policy that cannot sign (disabled, or its key cannot be opened) is a
 *   failed attempt: nothing is ever sent unsigned in its place.
 */
import type { Repositories } from '../../ports/unit-of-work.js';
import type { ClaimOptions, ClaimResult, ClaimedDelivery, DeliveryLease } from './delivery-record.js';
import type { DeliveryOutcome } from './record-outcomes.js';
import { signedRequest, type SigningSetup } from './signed-request.js';
import type { WebhookSender } from './webhook-sender.js';

export interface AttemptDependencies extends SigningSetup {
  send: WebhookSender;
  clock?: () => Date;
}

/** Leases due deliveries for this process (the repository's claimDue). */
export function claimDeliveries(repos: Pick<Repositories, 'webhookDeliveries'>, options: ClaimOptions): Promise<ClaimResult> {
  return repos.webhookDeliveries.claimDue(options);
}

/** Gives back leases of claimed deliveries that will not be attempted (a dispatcher stopping): any claimer takes them at once. */
export function releaseDeliveries(repos: Pick<Repositories, 'webhookDeliveries'>, leases: readonly DeliveryLease[]): Promise<number> {
  return repos.webhookDeliveries.releaseLeases(leases);
}

export async function attemptDelivery(claimed: ClaimedDelivery, deps: AttemptDependencies): Promise<DeliveryOutcome> {
  const { delivery, webhook } = claimed;
  if (webhook.disabled && !delivery.test) return { ...claimed, result: null };
  const startedAt = (deps.clock ?? (() => new Date()))();
  const request = await signedRequest(delivery, webhook, startedAt, deps);
  if ('refused' in request) return { ...claimed, result: { startedAt, durationMs: 0, statusCode: null, error: request.refused, responseExcerpt: null } };
  return { ...claimed, result: await deps.send(request) };
}
