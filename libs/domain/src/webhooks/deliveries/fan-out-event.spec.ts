import type { WebhookEventJob } from '../../jobs/job-contract.js';
import { encodeNodeId } from '../../node-id.js';
import { fakeUnitOfWork } from '../../testing/fake-transaction.js';
import { trustedAccountId } from '../../tenancy/account-id.js';
import { fanOutDeliveryId } from './delivery-id.js';
import type { DeliveryWebhook, FanOutLease, NewDelivery } from './delivery-record.js';
import type { SubscriptionKey } from './webhook-delivery.repository.js';
import { fanOutWebhookEvents, type FanOutEvent } from './fan-out-event.js';
import { PAUSED_REASONS } from './paused-reason.js';

const API = 'https://tessera.example/v1';
const hook = (id: number, account: string, event: string, disabled = false): DeliveryWebhook => ({
  id, account_id: trustedAccountId(account), name: `hook ${id}`, event: event as DeliveryWebhook['event'], uri: `https://receiver.example/${id}`, disabled, ordered: false, mail_exceptions_to: null, policy: null,
});
const event = (account: string, name: string, objectId: number): WebhookEventJob => ({
  account_id: account,
  event: name as WebhookEventJob['event'],
  object_id: objectId,
  object_nodeID: encodeNodeId('Request', objectId),
  person_id: null,
  person_nodeID: null,
  person_name: '',
  payload: { id: objectId },
});
const at = new Date('2026-11-27T12:00:00Z');

/** A store of the webhooks given; what the fan-out asked it to find and insert. */
function store(webhooks: DeliveryWebhook[], existing: ReadonlySet<string> = new Set()) {
  const seen = { keys: [] as SubscriptionKey[][], inserted: [] as NewDelivery[], lease: undefined as FanOutLease | undefined };
  const uow = fakeUnitOfWork({
    webhookDeliveries: {
      subscribers: async (keys) => {
        seen.keys.push([...keys]);
        return webhooks.filter((w) => keys.some((k) => k.account === w.account_id && k.event === w.event));
      },
      insert: async (deliveries, lease) => {
        seen.lease = lease;
        const fresh = deliveries.filter((d) => !existing.has(d.id));
        seen.inserted.push(...fresh);
        const leased = fresh
          .filter((d) => lease?.ids.has(d.id))
          .map((d) => ({
            delivery: { id: d.id, account_id: d.account, webhook_id: d.webhookId, event: d.message.event, test: false, attempts: 0, next_attempt_at: at, message: JSON.stringify(d.message), issuer: d.message.account },
            lease: { id: d.id, token: `token-${d.id}` },
          }));
        return { inserted: fresh.map((d) => d.id), leased };
      },
    },
  });
  return { uow, seen };
}

describe('fanOutWebhookEvents', () => {
  it('makes one delivery per webhook of the event’s account and name, with one lookup for the whole batch', async () => {
    const { uow, seen } = store([hook(1, 'wdc', 'request.create'), hook(2, 'wdc', 'request.create'), hook(3, 'other', 'request.create'), hook(4, 'wdc', 'request.update')]);
    const events: FanOutEvent[] = [
      { event: event('wdc', 'request.create', 10), jobId: 'j1', eventAt: at },
      { event: event('wdc', 'request.create', 11), jobId: 'j2', eventAt: at },
      { event: event('wdc', 'person.create', 12), jobId: 'j3', eventAt: at },
    ];
    const { results, handedOff } = await fanOutWebhookEvents(events, { apiUrl: API }, uow);

    expect(results).toEqual([{ deliveries: 2, paused: 0 }, { deliveries: 2, paused: 0 }, { deliveries: 0, paused: 0 }]);
    expect(handedOff).toEqual([]);
    // Two events of the same key are looked up once.
    expect(seen.keys).toEqual([[{ account: 'wdc', event: 'request.create' }, { account: 'wdc', event: 'person.create' }]]);
    expect(seen.inserted.map((d) => [d.id, d.webhookId, d.message.object_id])).toEqual([
      [fanOutDeliveryId('j1', 1, at), 1, 10], [fanOutDeliveryId('j1', 2, at), 2, 10], [fanOutDeliveryId('j2', 1, at), 1, 11], [fanOutDeliveryId('j2', 2, at), 2, 11],
    ]);
    expect(seen.inserted[0]!.message).toMatchObject({ webhook_id: 1, account_id: 'wdc', event: 'request.create', account: `${API}/accounts/wdc`, payload: { id: 10 } });
  });

  it('keeps a disabled webhook’s delivery paused with its reason, and never hands it off', async () => {
    const { uow, seen } = store([hook(1, 'wdc', 'request.create'), hook(2, 'wdc', 'request.create', true)]);
    const lease = { leasedBy: 'worker-a', leaseMs: 60_000, pick: (candidates: ReadonlyArray<{ id: string }>) => new Set(candidates.map((c) => c.id)) };
    const { results, handedOff } = await fanOutWebhookEvents([{ event: event('wdc', 'request.create', 10), jobId: 'j1', eventAt: at }], { apiUrl: API, lease }, uow);

    expect(results).toEqual([{ deliveries: 1, paused: 1 }]);
    expect(seen.inserted.map((d) => [d.webhookId, d.pausedReason])).toEqual([[1, null], [2, PAUSED_REASONS.disabledByAdministrator]]);
    expect([...seen.lease!.ids]).toEqual([fanOutDeliveryId('j1', 1, at)]);
    expect(handedOff.map((h) => [h.delivery.id, h.webhook.id, h.lease.token])).toEqual([[fanOutDeliveryId('j1', 1, at), 1, `token-${fanOutDeliveryId('j1', 1, at)}`]]);
  });

  it('adds nothing when its job runs again: the delivery ids derive from the job id', async () => {
    const existing = new Set([fanOutDeliveryId('j1', 1, at)]);
    const { uow } = store([hook(1, 'wdc', 'request.create')], existing);
    const { results } = await fanOutWebhookEvents([{ event: event('wdc', 'request.create', 10), jobId: 'j1', eventAt: at }], { apiUrl: API }, uow);
    expect(results).toEqual([{ deliveries: 0, paused: 0 }]);
  });

  it('asks the store nothing for an empty batch, and inserts nothing when no webhook subscribes', async () => {
    const { uow, seen } = store([]);
    expect(await fanOutWebhookEvents([], { apiUrl: API }, uow)).toEqual({ results: [], handedOff: [] });
    expect(seen.keys).toEqual([]);
    const { results } = await fanOutWebhookEvents([{ event: event('wdc', 'request.create', 10), jobId: 'j1', eventAt: at }], { apiUrl: API }, uow);
    expect(results).toEqual([{ deliveries: 0, paused: 0 }]);
    expect(seen.inserted).toEqual([]);
  });
});
