/**
 * The fan-out's two statements (decision 024, "batched fan-out"): the
 * subscribers of a batch of events, and the insert of their deliveries with
 * the wake-up of the dispatchers, some of them leased to the inserting
 * process (the hand-off).
 */
import type { DeliveryWebhook, FanOutLease, InsertedDeliveries, LeasedDelivery, NewDelivery, SubscriptionKey } from '@tessera/domain';
import type { Database } from '../database.js';
import { toDeliveryWebhook, WEBHOOK_COLUMNS, webhooksWithPolicy } from './delivery-webhook.js';
import { messageParts } from './delivery-message-parts.js';
import { DELIVERY_CHANNEL } from './delivery-wakeups.js';

/** Every webhook of the (account, event) pairs, enabled or disabled, with its policy; by id. */
export async function subscribersOf(db: Database, keys: readonly SubscriptionKey[]): Promise<DeliveryWebhook[]> {
  if (keys.length === 0) return [];
  const rows: Array<Record<string, unknown>> = await webhooksWithPolicy(db)
    .join(db.raw('unnest(?::text[], ?::text[]) as k(account_id, event)', [keys.map((k) => k.account), keys.map((k) => k.event)]), (on) =>
      on.on('k.account_id', 'w.account_id').andOn('k.event', 'w.event'),
    )
    .orderBy('w.id')
    .select(WEBHOOK_COLUMNS);
  return rows.map((row) => toDeliveryWebhook(row));
}

export async function insertDeliveries(db: Database, deliveries: readonly NewDelivery[], lease?: FanOutLease): Promise<InsertedDeliveries> {
  if (deliveries.length === 0) return { inserted: [], leased: [] };
  // An event's payload, most of a message, is one object shared by its webhooks' messages: written
  // once per batch, stored once (webhook_event_messages, decision 047) and referred to by each
  // delivery beside its own part of the message (webhook, name, …), so a batch of 2,048 deliveries
  // of 256 events carries and stores 256 payloads, not 2,048. Only the payloads of deliveries
  // inserted are stored: a fan-out run again inserts nothing. The heads go as their parts
  // (delivery-message-parts.ts), JSON parameters: pg would write a text[] element by element,
  // escaping every character of every message.
  const parts = messageParts(deliveries, (d) => !d.pausedReason && lease !== undefined && lease.ids.has(d.id));
  // The rows are paused with their reason or pending and due now; a pending one gets its queue row
  // (decision 047), leased to this process when the lease names it. One statement, atomic by
  // itself: the rows, their queue rows, and the wake-up of every
  // dispatcher (at commit) when a new pending row is nobody's yet. A select CTE runs only when
  // referenced, hence the count. The rows have no foreign keys (decision 061: a key check per row
  // was 40 % of this statement): their webhooks are locked here once each, as a key check would
  // lock them, so a webhook deleted meanwhile gets no rows and one locked here is deleted after
  // them, with them (its delete trigger).
  const { rows: inserted } = await db.raw<{ rows: Array<Record<string, unknown>> }>(
    `with payloads as materialized (
       select (n - 1)::int as p, value, gen_random_uuid() as id from json_array_elements(?::json) with ordinality as e(value, n)
     ), events as materialized (
       select (x.n - 1)::int as e, ev.* from json_array_elements(?::json) with ordinality as x(value, n)
        cross join lateral json_to_record(x.value) as ev(p int, account_id text, event text, test boolean, event_at timestamptz, seq bigint, b1 text, b2 text)
     ), parts as materialized (
       select (n - 1)::int as h, value->>'a' as a, value->>'c' as c from json_array_elements(?::json) with ordinality as h(value, n)
     ), v as materialized (
       select r.id, ev.account_id, r.w as webhook_id, ev.event, ev.test, ev.event_at, case when r.r is null then 'pending' else 'paused' end as status,
              r.r as paused_reason, r.l as leased, ev.p, ev.seq, r.o as ordered, (parts.a || ev.b1 || parts.c || ev.b2)::json as head
         from json_to_recordset(?::json) as r(id uuid, e int, h int, w int, r text, o boolean, l boolean)
         join events ev on ev.e = r.e
         join parts on parts.h = r.h
     ), hooks as (
       select w.id from webhooks w where w.id in (select distinct webhook_id from v) order by w.id for key share
     ), ins as (
       insert into webhook_deliveries (id, account_id, webhook_id, event, test, message_head, event_message_id, event_at, status, paused_reason, event_seq, next_attempt_at, id_time)
       select v.id, v.account_id, v.webhook_id, v.event, v.test, v.head, payloads.id, v.event_at, v.status, v.paused_reason, v.seq,
              case when v.status = 'pending' then now() end, coalesce(uuid_extract_timestamp(v.id), now())
         from v join payloads using (p)
        where v.webhook_id in (select id from hooks)
       on conflict (id, id_time) do nothing
       returning id, account_id, webhook_id, status, attempts, next_attempt_at, event_message_id, id_time
     ), messages as (
       insert into webhook_event_messages (id, account_id, payload, created_at)
       select payloads.id, m.account_id, payloads.value, m.id_time
         from payloads join (select distinct event_message_id, account_id, id_time from ins) m on m.event_message_id = payloads.id
     ), queued as (
       insert into webhook_delivery_queue (delivery_id, delivery_id_time, account_id, webhook_id, ordered_seq, due_at, lease_token, leased_by)
       select ins.id, ins.id_time, ins.account_id, ins.webhook_id, case when v.ordered then v.seq end,
              case when v.leased then now() + make_interval(secs => ?) else ins.next_attempt_at end,
              case when v.leased then gen_random_uuid() end,
              case when v.leased then ? end
         from ins join v using (id)
        where ins.status = 'pending'
       returning delivery_id, lease_token
     ), woken as (select pg_notify(?, '') from queued where queued.lease_token is null limit 1)
     select ins.id, ins.attempts, queued.lease_token,
            -- Only a handed-off delivery's due time is read here: a timestamp parsed per row of a 2,048-row batch showed in the profile.
            case when queued.lease_token is not null then ins.next_attempt_at end as next_attempt_at,
            (select count(*) from woken) as woken
       from ins left join queued on queued.delivery_id = ins.id`,
    [parts.payloads, parts.events, parts.hooks, parts.rows, (lease?.leaseMs ?? 0) / 1000, lease?.leasedBy ?? null, DELIVERY_CHANNEL],
  );
  const byId = new Map(deliveries.map((d) => [d.id, d]));
  return {
    inserted: inserted.map((row) => row['id'] as string),
    leased: inserted
      .filter((row) => row['lease_token'] !== null)
      .map((row) => {
        const d = byId.get(row['id'] as string)!;
        const delivery: LeasedDelivery = {
          id: d.id, account_id: d.account, webhook_id: d.webhookId, event: d.message.event, test: d.test,
          attempts: row['attempts'] as number, next_attempt_at: row['next_attempt_at'] as Date, message: parts.bodies.get(d.id)!, issuer: d.message.account,
        };
        return { delivery, lease: { id: d.id, token: row['lease_token'] as string } };
      }),
  };
}
