/**
 * The tables of the minimal durable pipeline (minimal-pipeline.ts), in a schema
 * of their own in the bench database, made for the run and dropped after it:
 *
 * - `events`: insert-only, one row per committed event, its message stored once
 *   (not once per delivery);
 * - `fan_out`: the events not yet fanned out (a narrow queue of event ids);
 * - `deliveries`: the insert-only delivery log, one row per (event, webhook);
 * - `queue`: one narrow row per pending delivery (id, webhook, due time,
 *   attempts so far), deleted when the delivery is finished. A claim moves a
 *   row's due time to its lease's end, so leased rows drop out of the due index
 *   and the new due time is the lease's token;
 * - `attempts`: one appended row per attempt.
 */
import type pg from 'pg';

export const PIPELINE_SCHEMA = 'bench_minimal_pipeline';

export async function createPipelineSchema(client: pg.Pool, webhooks: ReadonlyArray<{ id: number; event: string }>): Promise<void> {
  await client.query(`drop schema if exists ${PIPELINE_SCHEMA} cascade`);
  await client.query(`
    create schema ${PIPELINE_SCHEMA};
    create table ${PIPELINE_SCHEMA}.subscriptions (webhook_id int primary key, event text not null);
    create table ${PIPELINE_SCHEMA}.events (id bigint generated always as identity primary key, event text not null, message text not null, created_at timestamptz not null default now());
    create table ${PIPELINE_SCHEMA}.fan_out (event_id bigint primary key);
    create table ${PIPELINE_SCHEMA}.deliveries (id uuid primary key, event_id bigint not null, webhook_id int not null, created_at timestamptz not null default now());
    create table ${PIPELINE_SCHEMA}.queue (delivery_id uuid primary key, webhook_id int not null, due_at timestamptz not null, attempts int not null default 0);
    create index queue_due on ${PIPELINE_SCHEMA}.queue (due_at);
    create table ${PIPELINE_SCHEMA}.attempts (delivery_id uuid not null, attempt int not null, started_at timestamptz not null, duration_ms int not null, status_code int, primary key (delivery_id, attempt));
  `);
  await client.query(`insert into ${PIPELINE_SCHEMA}.subscriptions (webhook_id, event) select * from unnest($1::int[], $2::text[])`, [webhooks.map((w) => w.id), webhooks.map((w) => w.event)]);
}

export async function dropPipelineSchema(client: pg.Pool): Promise<void> {
  await client.query(`drop schema if exists ${PIPELINE_SCHEMA} cascade`);
}

/** Commits `count` events of `event`, each with `message`, in one transaction; resolves with nothing once acknowledged. */
export async function commitPipelineEvents(client: pg.Pool, event: string, message: string, count: number): Promise<void> {
  await client.query(
    `with e as (insert into ${PIPELINE_SCHEMA}.events (event, message) select $1, $2 from generate_series(1, $3) returning id)
     insert into ${PIPELINE_SCHEMA}.fan_out (event_id) select id from e`,
    [event, message, count],
  );
}
