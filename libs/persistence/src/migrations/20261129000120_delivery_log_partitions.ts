import type { Knex } from 'knex';
import { createDeliveryLogPartitions, weekOf } from '../webhook-deliveries/delivery-log-partitions.js';

/**
 * Issue 34 item 4 (decision 057): the delivery log, its attempts and the event messages partitioned
 * by time, one partition a week (from Monday 00:00 UTC), so that retention drops a week whole.
 *
 * - The deliveries' partition key is `id_time`, the time their id carries: new delivery ids are
 *   UUID v7 (`uuid_extract_timestamp`) of their event's time, so a lookup by id reads one
 *   partition, and a fan-out run again finds its rows where it wrote them. `created_at` stays when
 *   the row was written. A primary key must hold the partition key: the deliveries' is
 *   (id, id_time), the attempts' (delivery_id, delivery_id_time, attempt), partitioned by their
 *   delivery's `id_time`; the event messages' (id, created_at), written at their deliveries'
 *   `id_time`. The rows kept here get `id_time` = `created_at`; their ids carry no time, and a
 *   lookup of one of them reads every partition's index until they have aged out.
 * - No foreign key points at the deliveries any more (a partition referenced by one cannot be
 *   detached without a scan of the referencing table): an attempt's delivery is not checked (its
 *   check also read and locked the delivery once per attempt), and the queue rows go with their
 *   webhook (`on delete cascade` on `webhook_id`), which is how their deliveries went.
 * - The attempts lose their serial `id`, which nothing read.
 * - Every row is kept: the rows before this week in one partition of their own (dropped when the last
 *   of them is past retention and none is pending or paused), this week and the next in weekly ones.
 */
const DAY_MS = 86_400_000;
const AHEAD_DAYS = 7;

export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table webhook_delivery_queue drop constraint webhook_delivery_queue_delivery_id_fkey');
  await knex.raw('alter table webhook_delivery_queue add constraint webhook_delivery_queue_webhook_id_fkey foreign key (webhook_id) references webhooks (id) on delete cascade');
  await knex.raw('alter table webhook_deliveries rename to webhook_deliveries_unpartitioned');
  await knex.raw('alter table webhook_delivery_attempts rename to webhook_delivery_attempts_unpartitioned');
  await knex.raw('alter table webhook_event_messages rename to webhook_event_messages_unpartitioned');

  await knex.raw(`create table webhook_deliveries (
    id uuid not null,
    account_id varchar(63) not null constraint webhook_deliveries_account_id_foreign references accounts (id) on delete cascade,
    webhook_id integer not null constraint webhook_deliveries_webhook_id_foreign references webhooks (id) on delete cascade,
    event varchar(64) not null,
    test boolean not null default false,
    message json,
    status varchar(16) not null default 'pending',
    attempts integer not null default 0,
    next_attempt_at timestamptz default now(),
    event_at timestamptz not null,
    created_at timestamptz not null default now(),
    delivered_at timestamptz,
    paused_reason text,
    message_head json,
    event_message_id uuid,
    event_seq bigint,
    id_time timestamptz not null default now(),
    constraint webhook_deliveries_id_time primary key (id, id_time),
    constraint webhook_deliveries_status_check check (status in ('pending','delivered','failed','paused')),
    constraint webhook_deliveries_paused_reason_check check ((status = 'paused') = (paused_reason is not null)),
    constraint webhook_deliveries_pending_due_check check (status <> 'pending' or next_attempt_at is not null),
    constraint webhook_deliveries_message_check check (message is not null or (message_head is not null and event_message_id is not null))
  ) partition by range (id_time)`);
  await knex.raw('create index webhook_deliveries_webhook_created on webhook_deliveries (webhook_id, created_at)');
  await knex.raw('create index webhook_deliveries_webhook_event_time on webhook_deliveries (webhook_id, event_at)');

  await knex.raw(`create table webhook_delivery_attempts (
    account_id varchar(63) not null constraint webhook_delivery_attempts_account_id_foreign references accounts (id) on delete cascade,
    delivery_id uuid not null,
    delivery_id_time timestamptz not null,
    attempt integer not null,
    started_at timestamptz not null,
    duration_ms integer not null,
    status_code integer,
    error text,
    response_excerpt varchar(1024),
    constraint webhook_delivery_attempts_delivery_attempt primary key (delivery_id, delivery_id_time, attempt)
  ) partition by range (delivery_id_time)`);

  await knex.raw(`create table webhook_event_messages (
    id uuid not null,
    account_id varchar(63) not null constraint webhook_event_messages_account_id_fkey references accounts (id) on delete cascade,
    payload json not null,
    created_at timestamptz not null default now(),
    constraint webhook_event_messages_id_created primary key (id, created_at)
  ) partition by range (created_at)`);

  const { rows } = await knex.raw<{ rows: Array<{ oldest: Date | null; newest: Date | null; now: Date }> }>(
    `select least((select min(created_at) from webhook_deliveries_unpartitioned), (select min(created_at) from webhook_event_messages_unpartitioned)) as oldest,
            greatest((select max(created_at) from webhook_deliveries_unpartitioned), (select max(created_at) from webhook_event_messages_unpartitioned)) as newest,
            now() as now`,
  );
  const { oldest, newest, now } = rows[0]!;
  const thisWeek = weekOf(now);
  if (oldest !== null && oldest < thisWeek) {
    const from = weekOf(oldest);
    for (const table of ['webhook_deliveries', 'webhook_delivery_attempts', 'webhook_event_messages']) {
      await knex.raw(`create table ${table}_before_partitions partition of ${table} for values from ('${from.toISOString()}') to ('${thisWeek.toISOString()}')`);
    }
  }
  const until = Math.max(now.getTime() + AHEAD_DAYS * DAY_MS + 1, newest === null ? 0 : newest.getTime() + 1);
  await createDeliveryLogPartitions(knex, thisWeek, new Date(until));

  await knex.raw(`insert into webhook_deliveries (id, account_id, webhook_id, event, test, message, status, attempts, next_attempt_at, event_at, created_at,
                    delivered_at, paused_reason, message_head, event_message_id, event_seq, id_time)
    select id, account_id, webhook_id, event, test, message, status, attempts, next_attempt_at, event_at, created_at,
           delivered_at, paused_reason, message_head, event_message_id, event_seq, created_at
      from webhook_deliveries_unpartitioned`);
  await knex.raw(`insert into webhook_delivery_attempts (account_id, delivery_id, delivery_id_time, attempt, started_at, duration_ms, status_code, error, response_excerpt)
    select a.account_id, a.delivery_id, d.created_at, a.attempt, a.started_at, a.duration_ms, a.status_code, a.error, a.response_excerpt
      from webhook_delivery_attempts_unpartitioned a join webhook_deliveries_unpartitioned d on d.id = a.delivery_id`);
  await knex.raw(`insert into webhook_event_messages (id, account_id, payload, created_at)
    select id, account_id, payload, created_at from webhook_event_messages_unpartitioned`);
  await knex.raw('drop table webhook_delivery_attempts_unpartitioned');
  await knex.raw('drop table webhook_deliveries_unpartitioned');
  await knex.raw('drop table webhook_event_messages_unpartitioned');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table webhook_deliveries rename to webhook_deliveries_partitioned');
  await knex.raw('alter table webhook_delivery_attempts rename to webhook_delivery_attempts_partitioned');
  await knex.raw('alter table webhook_event_messages rename to webhook_event_messages_partitioned');
  await knex.raw(`create table webhook_deliveries (
    id uuid constraint webhook_deliveries_pkey primary key,
    account_id varchar(63) not null constraint webhook_deliveries_account_id_foreign references accounts (id) on delete cascade,
    webhook_id integer not null constraint webhook_deliveries_webhook_id_foreign references webhooks (id) on delete cascade,
    event varchar(64) not null,
    test boolean not null default false,
    message json,
    status varchar(16) not null default 'pending',
    attempts integer not null default 0,
    next_attempt_at timestamptz default now(),
    event_at timestamptz not null,
    created_at timestamptz not null default current_timestamp,
    delivered_at timestamptz,
    paused_reason text,
    message_head json,
    event_message_id uuid,
    event_seq bigint,
    constraint webhook_deliveries_status_check check (status in ('pending','delivered','failed','paused')),
    constraint webhook_deliveries_paused_reason_check check ((status = 'paused') = (paused_reason is not null)),
    constraint webhook_deliveries_pending_due_check check (status <> 'pending' or next_attempt_at is not null),
    constraint webhook_deliveries_message_check check (message is not null or (message_head is not null and event_message_id is not null))
  ) with (fillfactor = 80)`);
  await knex.raw('insert into webhook_deliveries select id, account_id, webhook_id, event, test, message, status, attempts, next_attempt_at, event_at, created_at, delivered_at, paused_reason, message_head, event_message_id, event_seq from webhook_deliveries_partitioned');
  await knex.raw('create index webhook_deliveries_webhook_id_created_at_index on webhook_deliveries (webhook_id, created_at)');
  await knex.raw('create index webhook_deliveries_by_event_time on webhook_deliveries (webhook_id, event_at)');
  await knex.raw(`create table webhook_delivery_attempts (
    id bigserial constraint webhook_delivery_attempts_pkey primary key,
    delivery_id uuid not null constraint webhook_delivery_attempts_delivery_id_foreign references webhook_deliveries (id) on delete cascade,
    attempt integer not null,
    started_at timestamptz not null,
    duration_ms integer not null,
    status_code integer,
    error text,
    response_excerpt varchar(1024),
    account_id varchar(63) not null constraint webhook_delivery_attempts_account_id_foreign references accounts (id) on delete cascade,
    constraint webhook_delivery_attempts_delivery_id_attempt_unique unique (delivery_id, attempt)
  )`);
  await knex.raw(`insert into webhook_delivery_attempts (delivery_id, attempt, started_at, duration_ms, status_code, error, response_excerpt, account_id)
    select a.delivery_id, a.attempt, a.started_at, a.duration_ms, a.status_code, a.error, a.response_excerpt, a.account_id
      from webhook_delivery_attempts_partitioned a where exists (select 1 from webhook_deliveries d where d.id = a.delivery_id)
     order by a.started_at, a.delivery_id, a.attempt`);
  await knex.raw('create index webhook_delivery_attempts_account on webhook_delivery_attempts (account_id, delivery_id)');
  await knex.raw(`create table webhook_event_messages (
    id uuid primary key,
    account_id varchar(63) not null references accounts (id) on delete cascade,
    payload json not null,
    created_at timestamptz not null default now()
  )`);
  await knex.raw('insert into webhook_event_messages select id, account_id, payload, created_at from webhook_event_messages_partitioned');
  await knex.raw('drop table webhook_delivery_attempts_partitioned');
  await knex.raw('drop table webhook_deliveries_partitioned');
  await knex.raw('drop table webhook_event_messages_partitioned');
  await knex.raw('delete from webhook_delivery_queue q where not exists (select 1 from webhook_deliveries d where d.id = q.delivery_id)');
  await knex.raw('alter table webhook_delivery_queue drop constraint webhook_delivery_queue_webhook_id_fkey');
  await knex.raw('alter table webhook_delivery_queue add constraint webhook_delivery_queue_delivery_id_fkey foreign key (delivery_id) references webhook_deliveries (id) on delete cascade');
}
