/**
 * The claim of due deliveries (decisions 024 and 047): one statement leases them and
 * says which version of each one's webhook and policy it saw.
 *
 * - Due: a queue row (webhook_delivery_queue, one per pending delivery) whose due time is
 *   reached; a lease moves that time to the lease's end, so an expired lease is due again (a
 *   crashed process's leases simply expire).
 * - Never two claimers for one row: the candidates are read `for update skip
 *   locked`, so a concurrent claim passes over them, and the update sets a
 *   fresh token on each.
 * - The per-webhook cap counts the webhook's live leases of the other
 *   processes (the partial index of migration 20261129000060) and this
 *   process's sends in flight (its own leases outlive their sends until the
 *   outcome is recorded); two claims at the same moment may each see room and
 *   go beyond it by one claim's worth at most.
 * - Webhooks already at their cap are left out of the candidates (the
 *   leased rows are few, and indexed), so one webhook's backlog cannot fill
 *   every claim while its sends are in flight; webhooks that reached the
 *   cap within this claim are returned (more of their rows are due).
 * - Each row brings its webhook's version (its row's and its policy's xmin),
 *   not the webhook: the webhook and policy come from the process's cache
 *   when it holds that version, read once more when it does not
 *   (delivery-webhook-cache.ts).
 */
import type { ClaimOptions, ClaimResult, ClaimedDelivery, LeasedDelivery } from '@tessera/domain';
import type pg from 'pg';
import { numbered, queryInTransaction } from '../connection-query.js';
import type { Database } from '../database.js';
import { QUEUE_SCHEMA } from '../queue/queue-schema.js';
import { accountOfMessage, joinedMessage, messageText, storedMessageAccount } from './delivery-message.js';
import { deliveryWebhooks, WEBHOOK_VERSION } from './delivery-webhook-cache.js';

/** A delivery as the log shows it, its message put together from its head and its event's payload (delivery-message.ts). */
export function deliveryColumns(db: Database) {
  return [
    'id', 'account_id', 'webhook_id', 'event', 'test', db.raw(`(${messageText('webhook_deliveries')})::json as message`), 'status', 'paused_reason', 'attempts',
    'next_attempt_at', 'event_at', 'created_at', 'delivered_at',
  ];
}

/**
 * What an attempt needs of a claimed delivery (LeasedDelivery): one timestamp, and the message as
 * the text stored (signed as it is: the worker never parses it), with the account URL it names
 * (read off the head's start; from the statement for a message stored whole before decision 047). Read field by field into one object literal: a list of column names mapped into entries
 * and back built three arrays per claimed row.
 */
function leasedDeliveryOf(row: Record<string, unknown>): LeasedDelivery {
  return {
    id: row['d_id'] as string,
    account_id: row['d_account_id'] as LeasedDelivery['account_id'],
    webhook_id: row['d_webhook_id'] as number,
    event: row['d_event'] as LeasedDelivery['event'],
    test: row['d_test'] as boolean,
    attempts: row['d_attempts'] as number,
    next_attempt_at: row['d_next_attempt_at'] as Date,
    message: row['d_message'] as string,
    issuer: (row['d_issuer'] as string | null) ?? accountOfMessage(row['d_message'] as string),
  };
}

/** Candidates read per claim, per delivery asked for: room to pass over capped webhooks' rows. */
const SCAN_FACTOR = 4;

/**
 * The claim's plan, fixed for its transaction: index scans, in order, that stop at the limit and
 * mark the dead entries they pass (bitmap scans do neither). A queue table's statistics are stale
 * within seconds of a burst; planned from them, a claim read every due row and every leased row's
 * neighbour (a sequential scan of the table, a bitmap over the whole due index): 12 ms a claim at
 * a 20,000-delivery backlog, most of PostgreSQL's CPU in the benchmark.
 */
const PLAN = "select set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', 'off', true)";

export async function claimDueDeliveries(db: Database, options: ClaimOptions): Promise<ClaimResult> {
  const { rows } = await queryInTransaction<Record<string, unknown>>(db, PLAN, claimStatement(options));
  const capped = ((rows[0]?.['capped'] as number[] | undefined) ?? []).map(Number);
  const leasedRows = rows.filter((row) => row['d_id'] != null);
  // Each message put together as messageText does: the head without its `}`, then its event's payload.
  const payloads = new Map<string, string>();
  for (const row of leasedRows) if (row['d_payload'] != null) payloads.set(row['d_event_message'] as string, row['d_payload'] as string);
  for (const row of leasedRows) {
    if (row['d_event_message'] == null) continue;
    const payload = payloads.get(row['d_event_message'] as string);
    // No event message (none is dropped before its deliveries): no message, as messageText gives none.
    row['d_message'] = payload === undefined ? null : joinedMessage(row['d_message'] as string, payload);
  }
  const webhooks = await deliveryWebhooks(db, leasedRows.map((row) => ({ id: row['d_webhook_id'] as number, version: row['w_version'] as string })));
  const claimed: ClaimedDelivery[] = [];
  for (const row of leasedRows) {
    const webhook = webhooks.get(row['d_webhook_id'] as number);
    // None: the webhook was deleted since the claim, and its deliveries with it.
    if (webhook === undefined) continue;
    claimed.push({ delivery: leasedDeliveryOf(row), webhook, lease: { id: row['d_id'] as string, token: row['d_lease_token'] as string } });
  }
  return { claimed, capped };
}

/**
 * Ordered webhooks (decision 052): their queue rows carry `ordered_seq` (the event's place in
 * commit order) and are left out of the due index the other rows are claimed by. Of each such
 * webhook only the head, its row of lowest `ordered_seq`, is a candidate, found by one probe of
 * `webhook_delivery_queue_ordered` per webhook with ordered rows (a skip scan), and only when
 *
 * - it is due: not leased now (a live lease moves its due time to the lease's end) and not
 *   waiting for its next attempt, which holds every row behind it;
 * - no other row of its webhook is leased now (a webhook just turned ordered, or a delivery
 *   redelivered behind one in flight, waits for those sends to end);
 * - no event committed before it may still bring the webhook a delivery: no `webhook-event` job
 *   of a lower id for the same account and event name is still waiting or running (fan-outs run
 *   in parallel, in any order, on any process; a job is deleted only after its deliveries are
 *   committed, so this statement's snapshot sees either the job or its deliveries).
 *
 * The head is locked `for update skip locked` and its due time checked again on the locked row,
 * so two claims at once lease it once; a claim whose snapshot has the head sees no other row of
 * the webhook as head, so no two rows of one ordered webhook are ever leased by claims.
 */
const ORDERED_HEADS = `heads as (
       with recursive ordered_webhooks as (
         (select o.webhook_id from webhook_delivery_queue o where o.ordered_seq is not null order by o.webhook_id limit 1)
         union all
         select (select o.webhook_id from webhook_delivery_queue o
                  where o.ordered_seq is not null and o.webhook_id > ow.webhook_id order by o.webhook_id limit 1)
           from ordered_webhooks ow where ow.webhook_id is not null
       )
       select h.delivery_id as id
         from ordered_webhooks ow
         join webhooks w on w.id = ow.webhook_id
         cross join lateral (
           select o.delivery_id, o.account_id, o.due_at, o.ordered_seq from webhook_delivery_queue o
            where o.webhook_id = ow.webhook_id and o.ordered_seq is not null
            order by o.ordered_seq, o.delivery_id limit 1) h
        where h.due_at <= now()
          and not exists (
            select 1 from webhook_delivery_queue l
             where l.webhook_id = ow.webhook_id and l.lease_token is not null and l.due_at > now() and l.delivery_id <> h.delivery_id)
          and not exists (
            select 1 from ${QUEUE_SCHEMA}._private_jobs j
             where j.id < h.ordered_seq and j.attempts < j.max_attempts
               and j.task_id = (select t.id from ${QUEUE_SCHEMA}._private_tasks t where t.identifier = 'webhook-event')
               and j.payload->>'account_id' = h.account_id and j.payload->>'event' = w.event)
        order by h.ordered_seq
        limit ?
     ), head_locked as (
       select q.delivery_id as id from webhook_delivery_queue q
        where q.delivery_id = any(array(select id from heads)) and q.due_at <= now()
        for update skip locked
     )`;

/**
 * One statement: the leases taken on the narrow queue rows (decision 047), each row with its
 * delivery and its webhook's version. The delivery is found by its primary key, its id and the
 * partition key its queue row carries (`delivery_id_time`), not by the time its id holds: ids made
 * before decision 057 hold none, and a batch of them then bounded the join by every partition (a
 * plan that read a whole week of the log per claim). The delivery row is read, not written: a claim moves only
 * the queue row's due time to the lease's end and sets its token. The queue holds pending
 * deliveries only: a delivery paused while leased keeps its row, due never, until its holder's
 * outcome (or the release of a dead holder's leases) deletes it.
 */
const CLAIM = numbered(`with busy as (
       select webhook_id, sum(n)::int as n from (
         select f.webhook_id, count(*)::int as n from webhook_delivery_queue f
          where f.lease_token is not null and f.due_at > now() and f.leased_by <> ?
          group by f.webhook_id
         union all
         select o.webhook_id, o.n from unnest(?::int[], ?::int[]) as o(webhook_id, n)
       ) counted group by webhook_id
     ), due as (
       select q.delivery_id as id, q.webhook_id, q.due_at from webhook_delivery_queue q
        where q.due_at <= now() and q.ordered_seq is null
          and q.webhook_id not in (select webhook_id from busy where n >= ?)
        order by q.due_at
        limit ?
        for update skip locked
     ), ranked as (
       select due.id, due.webhook_id, due.due_at,
              row_number() over (partition by due.webhook_id order by due.due_at, due.id) + coalesce(busy.n, 0) as slot
         from due left join busy using (webhook_id)
     ), ${ORDERED_HEADS}, picked as (
       select id from ranked where slot <= ? order by due_at, id limit greatest(? - (select count(*) from head_locked), 0)
     ), leased as (
       update webhook_delivery_queue q
          set lease_token = gen_random_uuid(), due_at = now() + make_interval(secs => ?), leased_by = ?, touched = false
        where q.delivery_id = any(array(select id from picked union all select id from head_locked))
       returning q.delivery_id, q.delivery_id_time, q.webhook_id, q.lease_token
     ), versions as materialized (
       -- Once per webhook of the claim, not per delivery.
       select w.id, ${WEBHOOK_VERSION} as version from webhooks w
         left join webhook_policies p on p.id = w.webhook_policy_id and p.account_id = w.account_id
        where w.id in (select distinct webhook_id from leased)
     )
     select m.capped, c.* from (select array(select distinct webhook_id from ranked where slot > ?) as capped) m
       left join (
         select d.id as d_id, d.account_id as d_account_id, d.webhook_id as d_webhook_id, d.event as d_event, d.test as d_test,
                d.attempts as d_attempts, d.next_attempt_at as d_next_attempt_at,
                coalesce(d.message::text, left(d.message_head::text, -1)) as d_message, d.event_message_id as d_event_message,
                -- An event's payload once per claim, on the first of its deliveries: the others share it.
                case when d.message is null and row_number() over (partition by d.event_message_id order by d.id) = 1
                     then (select e.payload::text from webhook_event_messages e where e.id = d.event_message_id and e.created_at = d.id_time) end as d_payload,
                ${storedMessageAccount('d')} as d_issuer, l.lease_token as d_lease_token, v.version as w_version
           from leased l
           -- One probe of the primary key per leased row, in its week: a subquery that is not pulled up
           -- into a join (offset 0) is run per row, whatever the partition's statistics say. As a join, a
           -- partition whose statistics were taken just after a burst was emptied looked empty and was read
           -- whole into a hash (20,480 rows for a claim of 128: 34 ms instead of 3).
           cross join lateral (
             select * from webhook_deliveries d where d.id = l.delivery_id and d.id_time = l.delivery_id_time offset 0
           ) d
           join versions v on v.id = d.webhook_id
       ) c on true`);

function claimStatement(options: ClaimOptions): pg.QueryConfig {
  return {
    name: 'tessera_delivery_claim',
    text: CLAIM,
    values: [
      options.leasedBy, options.inFlight.map((h) => h.webhookId), options.inFlight.map((h) => h.count), options.perWebhook, options.limit * SCAN_FACTOR,
      options.limit, options.perWebhook, options.limit, options.leaseMs / 1000, options.leasedBy, options.perWebhook,
    ],
  };
}
