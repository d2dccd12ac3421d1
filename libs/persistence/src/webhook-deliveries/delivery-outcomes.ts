/**
 * The writes of a batch of delivery outcomes (decision 024), each one
 * statement for the whole batch: the leases still held (row-locked), the
 * progress with the lease cleared (compare-and-set on the token), the
 * attempt rows. Webhook rows are locked first, by ascending id.
 */
import type { DeliveryLease, LeasedDeliveryState, NewDeliveryAttempt, RecordedProgress } from '@tessera/domain';
import type { Knex } from 'knex';
import type { Database } from '../database.js';

const leasePairs = (leases: readonly DeliveryLease[]) => [leases.map((l) => l.id), leases.map((l) => l.token)];

export async function lockWebhooks(db: Database, webhookIds: readonly number[]): Promise<Map<number, { disabled: boolean }>> {
  if (webhookIds.length === 0) return new Map();
  const { rows } = await db.raw<{ rows: Array<{ id: number; disabled: boolean }> }>(
    'select id, disabled from webhooks where id = any(?::int[]) order by id for no key update',
    [[...webhookIds]],
  );
  return new Map(rows.map((row) => [row.id, { disabled: row.disabled }]));
}

export async function leasedStates(db: Database, leases: readonly DeliveryLease[]): Promise<LeasedDeliveryState[]> {
  if (leases.length === 0) return [];
  const { rows } = await db.raw<{ rows: LeasedDeliveryState[] }>(
    `select d.id, d.status, d.attempts, d.next_attempt_at, d.paused_reason
       from webhook_deliveries d join unnest(?::uuid[], ?::uuid[]) as v(id, token) on d.id = v.id and d.lease_token = v.token
      order by d.id for no key update of d`,
    leasePairs(leases),
  );
  return rows;
}

export async function recordProgress(db: Database, rows: readonly RecordedProgress[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const { rows: written } = await db.raw<{ rows: Array<{ id: string }> }>(
    `update webhook_deliveries d
        set status = v.status, attempts = v.attempts, next_attempt_at = v.next_attempt_at, delivered_at = v.delivered_at,
            paused_reason = v.paused_reason, lease_token = null, lease_expires_at = null, leased_by = null
       from unnest(?::uuid[], ?::uuid[], ?::text[], ?::int[], ?::timestamptz[], ?::timestamptz[], ?::text[])
            as v(id, token, status, attempts, next_attempt_at, delivered_at, paused_reason)
      where d.id = v.id and d.lease_token = v.token
      returning d.id`,
    [
      rows.map((r) => r.id), rows.map((r) => r.leaseToken), rows.map((r) => r.status), rows.map((r) => r.attempts),
      rows.map((r) => r.next_attempt_at), rows.map((r) => r.delivered_at), rows.map((r) => r.paused_reason),
    ] as Knex.RawBinding[],
  );
  return written.map((row) => row.id);
}

export async function addAttempts(db: Database, attempts: ReadonlyArray<NewDeliveryAttempt & { deliveryId: string }>): Promise<void> {
  if (attempts.length === 0) return;
  // One attempt per delivery in a batch (one lease at a time), so max + 1 is that delivery's next number.
  await db.raw(
    `insert into webhook_delivery_attempts (account_id, delivery_id, attempt, started_at, duration_ms, status_code, error, response_excerpt)
     select d.account_id, v.delivery_id, coalesce((select max(a.attempt) from webhook_delivery_attempts a where a.delivery_id = v.delivery_id), 0) + 1,
            v.started_at, v.duration_ms, v.status_code, v.error, v.response_excerpt
       from unnest(?::uuid[], ?::timestamptz[], ?::int[], ?::int[], ?::text[], ?::text[])
            as v(delivery_id, started_at, duration_ms, status_code, error, response_excerpt)
       join webhook_deliveries d on d.id = v.delivery_id`,
    [
      attempts.map((a) => a.deliveryId), attempts.map((a) => a.started_at), attempts.map((a) => a.duration_ms), attempts.map((a) => a.status_code),
      attempts.map((a) => a.error), attempts.map((a) => a.response_excerpt),
    ] as Knex.RawBinding[],
  );
}

export async function releaseLeases(db: Database, leases: readonly DeliveryLease[]): Promise<number> {
  if (leases.length === 0) return 0;
  const { rowCount } = await db.raw(
    `update webhook_deliveries d set lease_token = null, lease_expires_at = null, leased_by = null
       from unnest(?::uuid[], ?::uuid[]) as v(id, token) where d.id = v.id and d.lease_token = v.token`,
    leasePairs(leases),
  );
  return rowCount ?? 0;
}

export async function webhooksSucceeded(db: Database, webhookIds: readonly number[]): Promise<void> {
  if (webhookIds.length === 0) return;
  await db.raw(
    'update webhooks set consecutive_failures = 0, last_error = null where id = any(?::int[]) and (consecutive_failures > 0 or last_error is not null)',
    [[...webhookIds]],
  );
}
