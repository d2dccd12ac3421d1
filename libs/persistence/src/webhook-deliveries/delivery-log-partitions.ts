/**
 * The delivery log's partitions (decision 057): `webhook_deliveries`, `webhook_delivery_attempts` and
 * `webhook_event_messages` are partitioned by the time the delivery id carries, `id_time` (the attempts by their
 * delivery's), one partition a week (Monday 00:00 UTC to the next), the three tables always with the
 * same bounds, so one week of the log is three tables dropped together. Weeks, not days: the
 * planning of a batch statement grows with the partitions (0.5 ms for a 64-delivery update at 8,
 * 1.9 ms at 40, a 30-day log in days).
 *
 * - Made ahead: this week's and those within the next `daysAhead` days, and every week since the
 *   oldest `webhook-event` job still queued (its fan-out writes its deliveries at its event's time).
 *   A new partition is made as a table of its own and attached (SHARE UPDATE EXCLUSIVE on the
 *   parent), so the deliveries being written meanwhile are not blocked.
 * - Dropped whole once its end is `retentionDays` behind, never row by row, and never while
 *   it holds a pending or paused delivery or a queued fan-out may still write into it: detached
 *   CONCURRENTLY (no lock that stops the hot path), looked at once more, then dropped; a pending or
 *   paused delivery that arrived between the look and the detach (a redelivery) puts it back.
 */
import type { Knex } from 'knex';
import type { Database } from '../database.js';
import { QUEUE_SCHEMA } from '../queue/queue-schema.js';

export const DELIVERY_LOG_TABLES = ['webhook_deliveries', 'webhook_delivery_attempts', 'webhook_event_messages'] as const;
const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
// 1970-01-05, the first Monday after the epoch.
const FIRST_MONDAY_MS = 4 * DAY_MS;
// One key for every process's partition maintenance (the log's tables are shared).
const LOCK_KEY = 57_057;

export interface DeliveryLogPartition {
  name: string;
  from: Date;
  to: Date;
}

export interface RetentionResult {
  dropped: DeliveryLogPartition[];
  /** Partitions past the horizon kept, and why. */
  kept: Array<DeliveryLogPartition & { reason: string }>;
}

/** The Monday 00:00 UTC that starts the week of `time`. */
export const weekOf = (time: Date) => new Date(Math.floor((time.getTime() - FIRST_MONDAY_MS) / WEEK_MS) * WEEK_MS + FIRST_MONDAY_MS);
const dayName = (day: Date) => day.toISOString().slice(0, 10).replaceAll('-', '');

/** The partitions of one of the log's tables, oldest first, with their bounds as the catalog holds them. */
export async function deliveryLogPartitions(db: Knex, table: (typeof DELIVERY_LOG_TABLES)[number] = 'webhook_deliveries'): Promise<DeliveryLogPartition[]> {
  const { rows } = await db.raw<{ rows: Array<{ name: string; from: Date; to: Date }> }>(
    `select c.relname as name, b[1]::timestamptz as "from", b[2]::timestamptz as "to"
       from pg_inherits i join pg_class c on c.oid = i.inhrelid
       cross join lateral regexp_match(pg_get_expr(c.relpartbound, c.oid), 'FROM \\(''([^'']+)''\\) TO \\(''([^'']+)''\\)') b
      where i.inhparent = ?::regclass and not i.inhdetachpending
      order by 2`,
    [table],
  );
  return rows;
}

/** Where the log begins: the lower bound of the oldest partition of the deliveries; null when there is none. */
export async function deliveryLogHorizon(db: Knex): Promise<Date | null> {
  return (await deliveryLogPartitions(db))[0]?.from ?? null;
}

/** When the oldest `webhook-event` job still queued was written: its fan-out writes deliveries at that time. */
async function oldestQueuedEvent(db: Knex): Promise<Date | null> {
  const { rows: present } = await db.raw<{ rows: Array<{ t: string | null }> }>(`select to_regclass('${QUEUE_SCHEMA}._private_jobs')::text as t`);
  if (!present[0]?.t) return null;
  const { rows } = await db.raw<{ rows: Array<{ at: Date | null }> }>(
    `select min(j.created_at) as at from ${QUEUE_SCHEMA}._private_jobs j
      where j.task_id = (select t.id from ${QUEUE_SCHEMA}._private_tasks t where t.identifier = 'webhook-event')`,
  );
  return rows[0]?.at ?? null;
}

/** The weekly partitions of [from, to) not made yet, for the three tables; returns the weeks made (their Mondays). */
export async function createDeliveryLogPartitions(db: Knex, from: Date, to: Date): Promise<Date[]> {
  return db.transaction(async (tx) => {
    await tx.raw('select pg_advisory_xact_lock(?)', [LOCK_KEY]);
    const existing = await deliveryLogPartitions(tx);
    const made: Date[] = [];
    for (let day = weekOf(from); day < to; day = new Date(day.getTime() + WEEK_MS)) {
      const next = new Date(day.getTime() + WEEK_MS);
      if (existing.some((p) => p.from < next && p.to > day)) continue;
      for (const table of DELIVERY_LOG_TABLES) {
        const name = `${table}_p${dayName(day)}`;
        await tx.raw(`create table ${name} (like ${table} including defaults including constraints) with (fillfactor = ${table === 'webhook_deliveries' ? 80 : 100})`);
        await tx.raw(`alter table ${table} attach partition ${name} for values from ('${day.toISOString()}') to ('${next.toISOString()}')`);
      }
      made.push(day);
    }
    return made;
  });
}

/** This week's partition and those of the next `daysAhead` days, and those a queued fan-out still needs. */
export async function ensureDeliveryLogPartitions(db: Database, options: { daysAhead: number; now?: Date }): Promise<Date[]> {
  const now = options.now ?? new Date();
  const oldest = await oldestQueuedEvent(db);
  const from = oldest && oldest < now ? oldest : now;
  return createDeliveryLogPartitions(db, from, new Date(now.getTime() + options.daysAhead * DAY_MS + 1));
}

/** Why a partition past the horizon stays, or null when it may go. */
async function keepReason(db: Knex, partition: DeliveryLogPartition, oldestEvent: Date | null): Promise<string | null> {
  if (oldestEvent !== null && oldestEvent < partition.to) return 'a queued event may still write deliveries into it';
  // Pending: a queue row of the week's deliveries (a log row left pending by the outcome batch is
  // finished, decision 060); paused: the log row says so.
  const { rows } = await db.raw<{ rows: Array<{ status: string }> }>(
    `(select 'pending' as status from webhook_delivery_queue where delivery_id_time >= ? and delivery_id_time < ? limit 1)
     union all (select status from ${partition.name} where status = 'paused' limit 1)
     limit 1`,
    [partition.from, partition.to],
  );
  return rows[0] ? `it holds a ${rows[0].status} delivery` : null;
}

/**
 * Drops the partitions whose every delivery is older than `retentionDays` (their upper bound is),
 * except those holding a pending or paused delivery or still awaited by a queued fan-out.
 */
export async function dropExpiredDeliveryLogPartitions(db: Database, options: { retentionDays: number; now?: Date }): Promise<RetentionResult> {
  const now = options.now ?? new Date();
  const horizon = new Date(now.getTime() - options.retentionDays * DAY_MS);
  const connection = await db.client.acquireConnection();
  const on = (sql: string, bindings: readonly Knex.RawBinding[] = []) => db.raw(sql, bindings).connection(connection);
  try {
    const { rows: locked } = await on('select pg_try_advisory_lock(?) as ok', [LOCK_KEY]);
    if (!locked[0]?.ok) return { dropped: [], kept: [] };
    try {
      await finishInterruptedDetaches(on);
      await recoverDetachedWeeks(db, on);
      const oldestEvent = await oldestQueuedEvent(db);
      const result: RetentionResult = { dropped: [], kept: [] };
      for (const partition of await deliveryLogPartitions(db)) {
        if (partition.to > horizon) break;
        const before = await keepReason(db, partition, oldestEvent);
        if (before !== null) {
          result.kept.push({ ...partition, reason: before });
          continue;
        }
        await on(`alter table webhook_deliveries detach partition ${partition.name} concurrently`);
        // A redelivery between the look and the detach made one of its rows pending again: back it goes.
        const after = await keepReason(db, partition, null);
        if (after !== null) {
          await on(`alter table webhook_deliveries attach partition ${partition.name} for values from ('${partition.from.toISOString()}') to ('${partition.to.toISOString()}')`);
          result.kept.push({ ...partition, reason: after });
          continue;
        }
        const suffix = partition.name.slice('webhook_deliveries'.length);
        for (const table of ['webhook_delivery_attempts', 'webhook_event_messages'] as const) {
          if ((await deliveryLogPartitions(db, table)).some((p) => p.name === `${table}${suffix}`)) {
            await on(`alter table ${table} detach partition ${table}${suffix} concurrently`);
          }
          await on(`drop table if exists ${table}${suffix}`);
        }
        await on(`drop table ${partition.name}`);
        result.dropped.push(partition);
      }
      return result;
    } finally {
      await on('select pg_advisory_unlock(?)', [LOCK_KEY]);
    }
  } finally {
    await db.client.releaseConnection(connection);
  }
}

/**
 * A week detached by a run that died before dropping it (or before attaching it back) is a table of
 * its own that no statement reads: attached back when it holds a pending or paused delivery (or its
 * deliveries' week is still attached), dropped otherwise.
 */
async function recoverDetachedWeeks(db: Knex, on: (sql: string) => Knex.Raw): Promise<void> {
  const { rows } = await on(
    `select c.relname as name from pg_class c
      where c.relnamespace = current_schema()::regnamespace and c.relkind = 'r' and not c.relispartition
        and c.relname ~ '^webhook_(deliveries|delivery_attempts|event_messages)_p[0-9]{8}$'`,
  );
  const detached = new Set((rows as Array<{ name: string }>).map((row) => row.name));
  const weeks = new Set([...detached].map((name) => name.slice(name.lastIndexOf('_p'))));
  for (const suffix of weeks) {
    const day = suffix.slice(2);
    const from = new Date(`${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}T00:00:00Z`);
    const week = { name: `webhook_deliveries${suffix}`, from, to: new Date(from.getTime() + WEEK_MS) };
    // The week's deliveries decide: still attached, or holding a pending or paused delivery, the week stays whole.
    const keep = !detached.has(week.name) || (await keepReason(db, week, null)) !== null;
    for (const table of DELIVERY_LOG_TABLES) {
      const name = `${table}${suffix}`;
      if (keep && detached.has(name)) {
        await on(`alter table ${table} attach partition ${name} for values from ('${week.from.toISOString()}') to ('${week.to.toISOString()}')`);
      } else if (!keep) {
        if (!detached.has(name) && (await deliveryLogPartitions(db, table)).some((p) => p.name === name)) {
          await on(`alter table ${table} detach partition ${name} concurrently`);
        }
        await on(`drop table if exists ${name}`);
      }
    }
  }
}

/** A detach CONCURRENTLY interrupted (its process died) leaves the partition half detached: finish it. */
async function finishInterruptedDetaches(on: (sql: string) => Knex.Raw): Promise<void> {
  const { rows } = await on(
    `select p.relname as parent, c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
      where i.inhdetachpending and p.relname in ('webhook_deliveries', 'webhook_delivery_attempts', 'webhook_event_messages')`,
  );
  for (const row of rows as Array<{ parent: string; name: string }>) await on(`alter table ${row.parent} detach partition ${row.name} finalize`);
}

export interface DeliveryLogUpkeep extends RetentionResult {
  /** The weeks whose partitions were made (their Mondays). */
  made: Date[];
}

/** One run of the upkeep: the partitions ahead made, then the expired ones dropped. */
export async function upkeepDeliveryLog(db: Database, options: { retentionDays: number; daysAhead: number; now?: Date }): Promise<DeliveryLogUpkeep> {
  const made = await ensureDeliveryLogPartitions(db, options);
  return { made, ...(await dropExpiredDeliveryLogPartitions(db, options)) };
}

/**
 * Queues the upkeep job at `runAt`, by the key the hourly crontab gives it, so a waiting run is moved
 * there rather than doubled: for an operator (or a test) who wants the expired weeks gone now.
 */
export async function scheduleDeliveryLogUpkeep(db: Database, runAt: Date): Promise<void> {
  await db.raw(`select ${QUEUE_SCHEMA}.add_job('delivery-log-upkeep', '{}'::json, run_at => ?, job_key => 'delivery-log-upkeep')`, [runAt]);
}
