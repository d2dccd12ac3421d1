/**
 * The writes of a batch of delivery outcomes (decisions 024 and 047), each one
 * statement for the whole batch: the leases still held (row-locked), the
 * progress with the lease cleared (compare-and-set on the token held by the
 * delivery's queue row, which is deleted once the delivery is no longer
 * pending), the attempt rows. Webhook rows are locked first, by ascending id.
 * `recordAsClaimed` is all of these at once for the outcomes decided on
 * their deliveries as claimed: one statement, no transaction around it.
 */
import type { DeliveryLease, HeldDeliveryAttempt, HeldDeliveryState, ProgressAsClaimed, RecordedProgress } from '@tessera/domain';
import type { Knex } from 'knex';
import type { Database } from '../database.js';
import { createdAmong, createdWith } from './delivery-message.js';

const leasePairs = (leases: readonly DeliveryLease[]) => [leases.map((l) => l.id), leases.map((l) => l.token)];

export async function lockWebhooks(db: Database, webhookIds: readonly number[]): Promise<Map<number, { disabled: boolean }>> {
  if (webhookIds.length === 0) return new Map();
  const { rows } = await db.raw<{ rows: Array<{ id: number; disabled: boolean }> }>(
    'select id, disabled from webhooks where id = any(?::int[]) order by id for no key update',
    [[...webhookIds]],
  );
  return new Map(rows.map((row) => [row.id, { disabled: row.disabled }]));
}

export async function leasedStates(db: Database, leases: readonly DeliveryLease[]): Promise<HeldDeliveryState[]> {
  if (leases.length === 0) return [];
  const { rows } = await db.raw<{ rows: HeldDeliveryState[] }>(
    `select d.id, q.lease_token, d.status, d.attempts, d.next_attempt_at, d.paused_reason, q.logged_attempts
       from unnest(?::uuid[], ?::uuid[]) as v(id, token)
       join webhook_delivery_queue q on q.delivery_id = v.id and q.lease_token = v.token
       join webhook_deliveries d on d.id = q.delivery_id and d.id_time = q.delivery_id_time
      where q.delivery_id = any(?::uuid[]) and d.id = any(?::uuid[]) and ${createdAmong('d.id_time', 'select unnest(?::uuid[])')}
      order by d.id for no key update of d, q`,
    [...leasePairs(leases), leases.map((l) => l.id), leases.map((l) => l.id), leases.map((l) => l.id), leases.map((l) => l.id)],
  );
  return rows;
}

export async function recordProgress(db: Database, rows: readonly RecordedProgress[]): Promise<string[]> {
  if (rows.length === 0) return [];
  // The progress where the lease is still held, and in the same statement the queue row: due again
  // at the next attempt with its lease cleared while pending, deleted otherwise (decision 047).
  const { rows: written } = await db.raw<{ rows: Array<{ id: string }> }>(
    `with v as (
       select * from unnest(?::uuid[], ?::uuid[], ?::text[], ?::int[], ?::timestamptz[], ?::timestamptz[], ?::text[])
            as v(id, token, status, attempts, next_attempt_at, delivered_at, paused_reason)
     ), progress as (
       update webhook_deliveries d
          set status = v.status, attempts = v.attempts, next_attempt_at = v.next_attempt_at, delivered_at = v.delivered_at,
              paused_reason = v.paused_reason
         from v
        where d.id = v.id and d.id = any(?::uuid[]) and ${createdWith('d.id_time', 'v.id')} and ${createdAmong('d.id_time', 'select id from v')}
          and exists (select 1 from webhook_delivery_queue q where q.delivery_id = v.id and q.delivery_id = any(?::uuid[]) and q.lease_token = v.token)
       returning d.id, v.token, v.status, v.next_attempt_at
     ), requeued as (
       update webhook_delivery_queue q set due_at = p.next_attempt_at, lease_token = null, leased_by = null
         from progress p where q.delivery_id = p.id and q.delivery_id = any(?::uuid[]) and q.lease_token = p.token and p.status = 'pending'
     ), removed as (
       delete from webhook_delivery_queue q using progress p
        where q.delivery_id = p.id and q.delivery_id = any(?::uuid[]) and q.lease_token = p.token and p.status <> 'pending'
     )
     select id from progress`,
    [
      rows.map((r) => r.id), rows.map((r) => r.leaseToken), rows.map((r) => r.status), rows.map((r) => r.attempts),
      rows.map((r) => r.next_attempt_at), rows.map((r) => r.delivered_at), rows.map((r) => r.paused_reason),
      rows.map((r) => r.id), rows.map((r) => r.id), rows.map((r) => r.id), rows.map((r) => r.id),
    ] as Knex.RawBinding[],
  );
  return written.map((row) => row.id);
}

/**
 * The attempts of leases still held (in the transaction that locked them, before their progress
 * deletes a queue row): each numbered by its queue row's count + 1 (`logged_attempts`), which
 * counts it in the same statement.
 */
export async function addAttempts(db: Database, attempts: readonly HeldDeliveryAttempt[]): Promise<void> {
  if (attempts.length === 0) return;
  await db.raw(
    `with v as (
       select * from unnest(?::uuid[], ?::uuid[], ?::timestamptz[], ?::int[], ?::int[], ?::text[], ?::text[])
            as v(delivery_id, token, started_at, duration_ms, status_code, error, response_excerpt)
     ), counted as (
       update webhook_delivery_queue q set logged_attempts = q.logged_attempts + 1
         from v where q.delivery_id = v.delivery_id and q.delivery_id = any(?::uuid[]) and q.lease_token = v.token
       returning q.delivery_id, q.logged_attempts, q.account_id, q.delivery_id_time
     )
     insert into webhook_delivery_attempts (account_id, delivery_id, delivery_id_time, attempt, started_at, duration_ms, status_code, error, response_excerpt)
     select c.account_id, v.delivery_id, c.delivery_id_time, c.logged_attempts, v.started_at, v.duration_ms, v.status_code, v.error, v.response_excerpt
       from v join counted c on c.delivery_id = v.delivery_id`,
    [
      attempts.map((a) => a.deliveryId), attempts.map((a) => a.leaseToken), attempts.map((a) => a.started_at), attempts.map((a) => a.duration_ms),
      attempts.map((a) => a.status_code), attempts.map((a) => a.error), attempts.map((a) => a.response_excerpt),
      attempts.map((a) => a.deliveryId),
    ] as Knex.RawBinding[],
  );
}

/**
 * Leases given back unused (the queue rows of `v`: delivery_id, token): a pending delivery's row
 * is due again at its delivery's due time, the row of a delivery no longer pending (paused while
 * leased) is deleted. The CTEs `freed` and `dropped` return the rows.
 */
export const RELEASE = `, held as (
       select q.delivery_id, d.status, d.next_attempt_at from webhook_delivery_queue q
         join v on q.delivery_id = v.id and q.lease_token = v.token
         join webhook_deliveries d on d.id = q.delivery_id and d.id_time = q.delivery_id_time
        where q.delivery_id = any(array(select id from v)) and d.id = any(array(select id from v)) and ${createdAmong('d.id_time', 'select id from v')}
        order by q.delivery_id for no key update of q
     ), freed as (
       update webhook_delivery_queue q set lease_token = null, leased_by = null, due_at = coalesce(h.next_attempt_at, now())
         from held h where q.delivery_id = h.delivery_id and q.delivery_id = any(array(select delivery_id from held)) and h.status = 'pending'
       returning q.delivery_id
     ), dropped as (
       delete from webhook_delivery_queue q using held h
        where q.delivery_id = h.delivery_id and q.delivery_id = any(array(select delivery_id from held)) and h.status <> 'pending'
       returning q.delivery_id
     )`;

export async function releaseLeases(db: Database, leases: readonly DeliveryLease[]): Promise<number> {
  if (leases.length === 0) return 0;
  const { rows } = await db.raw<{ rows: Array<{ n: number }> }>(
    `with v as (select * from unnest(?::uuid[], ?::uuid[]) as v(id, token))
     ${RELEASE}
     select (select count(*) from freed)::int + (select count(*) from dropped)::int as n`,
    leasePairs(leases),
  );
  return rows[0]?.n ?? 0;
}

export async function webhooksSucceeded(db: Database, webhookIds: readonly number[]): Promise<void> {
  if (webhookIds.length === 0) return;
  await db.raw(
    'update webhooks set consecutive_failures = 0, last_error = null where id = any(?::int[]) and (consecutive_failures > 0 or last_error is not null)',
    [[...webhookIds]],
  );
}

/**
 * One statement for the outcomes that end their delivery as claimed (delivered, or a test delivery
 * ended), written as the minimal pipeline writes them (decision 060): the queue row deleted and the
 * attempt appended, nothing written to the delivery's log row, whose state is then derived
 * (delivery-state.ts). First the webhooks with failures to clear are locked (ascending id; a healthy
 * webhook's row is not locked, so outcome batches of several processes for one webhook do not queue
 * behind each other), then the queue rows still carrying their lease and not `touched` (a redelivery
 * or a pause since the claim marks the row; the outcome is then decided on the delivery as it is, in
 * the transaction) are deleted, ascending id. The delete re-checks its conditions on a row changed meanwhile
 * (READ COMMITTED), so a lease lost or a redelivery made while this waited for a lock leaves the row
 * as it is. The attempt's number is the count its queue row carries (`logged_attempts`) + 1. The
 * webhooks of the delivered ones get their failures cleared. Everything joins the batch on the lease
 * token as well as the delivery id: an outcome kept through an outage longer than its lease may
 * share the batch with the outcome of the delivery's next claim, and only the holder's is written.
 * An outcome that leaves its delivery pending is not written here. Returns the lease tokens written.
 */
export async function recordAsClaimed(db: Database, input: readonly ProgressAsClaimed[]): Promise<string[]> {
  const rows = input.filter((r) => r.progress.status !== 'pending');
  if (rows.length === 0) return [];
  // One JSON parameter for the batch: JSON.stringify is native, where ten array parameters are
  // written element by element (pg's arrayString and escapeElement, a tenth of the recorder's CPU).
  // In ascending id, the order every plan of the delete then locks the queue rows in (the batch's
  // order, or the key's for an index scan of its ids), as a pause locks them: no deadlock between
  // the two, without a locking pass of its own over the rows before the delete.
  const batch = JSON.stringify(
    [...rows].sort((a, b) => (a.progress.id < b.progress.id ? -1 : a.progress.id > b.progress.id ? 1 : 0)).map((r) => ({
      id: r.progress.id, token: r.progress.leaseToken, webhook_id: r.webhookId, clears: r.clearsFailures,
      started_at: r.attempt.started_at, duration_ms: r.attempt.duration_ms, status_code: r.attempt.status_code, error: r.attempt.error, response_excerpt: r.attempt.response_excerpt,
    })),
  );
  const { rows: written } = await db.raw<{ rows: Array<{ token: string }> }>(
    `with v as (
       select * from json_to_recordset(?::json)
         as v(id uuid, token uuid, webhook_id int, clears boolean, started_at timestamptz, duration_ms int, status_code int, error text, response_excerpt text)
     ), hooks as (
       select w.id from webhooks w
        where w.id in (select webhook_id from v where clears) and (w.consecutive_failures > 0 or w.last_error is not null)
        order by w.id for no key update
     ), removed as (
       delete from webhook_delivery_queue q using v
        where q.delivery_id = any(array(select id from v)) and q.delivery_id = v.id and q.lease_token = v.token and not q.touched
          and (select count(*) from hooks) >= 0
       returning q.delivery_id, q.delivery_id_time, q.account_id, q.logged_attempts, q.lease_token
     ), attempts as (
       insert into webhook_delivery_attempts (account_id, delivery_id, delivery_id_time, attempt, started_at, duration_ms, status_code, error, response_excerpt)
       select r.account_id, r.delivery_id, r.delivery_id_time, r.logged_attempts + 1, v.started_at, v.duration_ms, v.status_code, v.error, v.response_excerpt
         from removed r join v on v.id = r.delivery_id and v.token = r.lease_token
     ), cleared as (
       update webhooks w set consecutive_failures = 0, last_error = null
        where w.id in (select v.webhook_id from removed r join v on v.id = r.delivery_id and v.token = r.lease_token where v.clears)
          and (w.consecutive_failures > 0 or w.last_error is not null)
     )
     select lease_token as token from removed`,
    [batch],
  ).options({ name: 'tessera_outcome_batch' });
  return written.map((row) => row.token);
}
