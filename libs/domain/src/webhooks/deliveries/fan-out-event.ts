/**
 * The `webhook-event` task: an event of SPEC.md "Events" becomes one delivery
 * per webhook of the account for that event, each with its message
 * (REFERENCE.md "Webhooks"). Events that reach a worker together fan out
 * together, in two statements (decision 024, "batched fan-out"): one finds
 * every subscriber, one inserts every delivery. No transaction holds them: the
 * insert is atomic by itself, and inserts nothing for a webhook deleted in
 * between (it locks the webhooks it writes for, decision 061).
 *
 * - A disabled webhook's delivery is kept paused, with the reason, rather
 *   than not made at all (issue 19 item 5): re-enabling the webhook and
 *   `POST /v1/webhooks/:id/redeliver` send it.
 * - Delivery ids derive from the queue job's id, so a fan-out that runs again
 *   (its job retried after a commit whose completion was lost) adds nothing.
 * - An event naming a webhook (`webhook_id`: an automation rule's call) goes to that one only.
 * - Ordered webhooks (decision 052): each delivery carries its event's place in commit order, the
 *   queue job's id, and is never handed off: the claim sends it when it is its webhook's head.
 * - Hand-off: the caller may take some of the new pending deliveries for its
 *   own process (`lease.pick`); they are inserted leased and returned claimed,
 *   ready to send at commit without waiting for a wake-up and a claim. The
 *   others wake the dispatchers at commit.
 */
import type { WebhookEventJob } from '../../jobs/job-contract.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';
import { trustedAccountId } from '../../tenancy/account-id.js';
import { fanOutDeliveryId } from './delivery-id.js';
import type { ClaimedDelivery, NewDelivery } from './delivery-record.js';
import { PAUSED_REASONS } from './paused-reason.js';
import { accountUrl, buildWebhookMessage } from './webhook-message.js';

export interface FanOutEvent {
  event: WebhookEventJob;
  /** The queue job's id: stable across the job's retries. */
  jobId: string;
  /** When the event was queued, i.e. when its change committed. */
  eventAt: Date;
}

export interface FanOutSettings {
  /** The public api base URL, for the account URL of the messages. */
  apiUrl: string;
  /** Hand-off: which new pending deliveries this process sends itself, leased to `leasedBy` for `leaseMs`. */
  lease?: {
    leasedBy: string;
    leaseMs: number;
    pick(candidates: ReadonlyArray<{ id: string; webhookId: number }>): ReadonlySet<string>;
  };
}

export interface FannedOut {
  deliveries: number;
  paused: number;
}

export interface FanOutBatchResult {
  /** Per event, in the order given. */
  results: FannedOut[];
  /** The deliveries handed to this process, leased: send them. */
  handedOff: ClaimedDelivery[];
}

export async function fanOutWebhookEvents(events: readonly FanOutEvent[], settings: FanOutSettings, uow: UnitOfWork<'webhookDeliveries'>): Promise<FanOutBatchResult> {
  if (events.length === 0) return { results: [], handedOff: [] };
  const repo = uow.repositories.webhookDeliveries;
  // The jobs were written by this service in the transaction of their change.
  const keyed = events.map((each) => ({ ...each, account: trustedAccountId(each.event.account_id) }));
  const keys = uniqueKeys(keyed.map(({ account, event }) => ({ account, event: event.event })));
  const webhooks = await repo.subscribers(keys);
  const byKey = groupBy(webhooks, (webhook) => keyOf(webhook.account_id, webhook.event));

  const planned = keyed.map(({ event, jobId, eventAt, account }) => {
    const issuer = accountUrl(settings.apiUrl, account);
    // An automation rule's `call webhook` names its one webhook (docs/decisions/053).
    const subscribers = (byKey.get(keyOf(account, event.event)) ?? []).filter((webhook) => event.webhook_id === undefined || webhook.id === event.webhook_id);
    return subscribers.map((webhook): NewDelivery => ({
      id: fanOutDeliveryId(jobId, webhook.id, eventAt),
      account,
      webhookId: webhook.id,
      test: false,
      message: buildWebhookMessage(event, webhook, issuer),
      eventAt,
      sequence: /^[1-9]\d{0,18}$/.test(jobId) ? jobId : null,
      ordered: webhook.ordered,
      pausedReason: webhook.disabled ? PAUSED_REASONS.disabledByAdministrator : null,
    }));
  });
  const all = planned.flat();
  if (all.length === 0) return { results: events.map(() => ({ deliveries: 0, paused: 0 })), handedOff: [] };

  const lease = settings.lease;
  // An ordered webhook's delivery waits for its turn, which only the claim sees (decision 052).
  const ids = lease?.pick(all.filter((d) => !d.pausedReason && !d.ordered).map((d) => ({ id: d.id, webhookId: d.webhookId })));
  const { inserted, leased } = await repo.insert(all, lease && ids && ids.size > 0 ? { leasedBy: lease.leasedBy, leaseMs: lease.leaseMs, ids } : undefined);
  const isNew = new Set(inserted);
  const webhookById = new Map(webhooks.map((webhook) => [webhook.id, webhook]));
  return {
    results: planned.map((deliveries) => {
      const fresh = deliveries.filter((d) => isNew.has(d.id));
      const paused = fresh.filter((d) => d.pausedReason).length;
      return { deliveries: fresh.length - paused, paused };
    }),
    handedOff: leased.map(({ delivery, lease: held }) => ({ delivery, lease: held, webhook: webhookById.get(delivery.webhook_id)! })),
  };
}

/** One event on its own (the api's tests fan out what a change queued this way). */
export async function fanOutWebhookEvent(
  event: WebhookEventJob,
  context: Omit<FanOutEvent, 'event'> & { apiUrl: string },
  uow: UnitOfWork<'webhookDeliveries'>,
): Promise<FannedOut> {
  const { results } = await fanOutWebhookEvents([{ event, jobId: context.jobId, eventAt: context.eventAt }], { apiUrl: context.apiUrl }, uow);
  return results[0]!;
}

const keyOf = (account: string, event: string) => `${account}\u0000${event}`;

function uniqueKeys<K extends { account: string; event: string }>(keys: readonly K[]): K[] {
  const seen = new Map<string, K>();
  for (const key of keys) seen.set(keyOf(key.account, key.event), key);
  return [...seen.values()];
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}
