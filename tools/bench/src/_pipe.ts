import pg from 'pg';
import { readFileSync } from 'node:fs';
import { createPipelineSchema, commitPipelineEvents, PIPELINE_SCHEMA as S } from './minimal-pipeline-schema.js';
const FAN_OUT = `with taken as (
    delete from ${S}.fan_out where event_id in (select event_id from ${S}.fan_out order by event_id limit $1 for update skip locked) returning event_id
  ), logged as (
    insert into ${S}.deliveries (id, event_id, webhook_id)
    select gen_random_uuid(), e.id, s.webhook_id from taken t join ${S}.events e on e.id = t.event_id join ${S}.subscriptions s on s.event = e.event
    returning id, webhook_id
  ), queued as (
    insert into ${S}.queue (delivery_id, webhook_id, due_at) select id, webhook_id, now() from logged returning 1
  )
  select count(*)::int as n from queued`;
const CLAIM = `with picked as (
    select delivery_id from ${S}.queue where due_at <= now() order by due_at limit $1 for update skip locked
  ), leased as (
    update ${S}.queue q set due_at = now() + make_interval(secs => $2) from picked where q.delivery_id = picked.delivery_id
    returning q.delivery_id, q.webhook_id, q.attempts, q.due_at
  )
  select l.delivery_id as id, l.webhook_id, l.attempts, l.due_at::text as lease, e.event, e.message
    from leased l join ${S}.deliveries d on d.id = l.delivery_id join ${S}.events e on e.id = d.event_id`;
const OUTCOMES = `with done as (
    select * from unnest($1::uuid[], $2::text[], $3::int[], $4::timestamptz[], $5::int[], $6::int[]) as d(id, lease, attempt, started_at, duration_ms, status_code)
  ), finished as (
    delete from ${S}.queue q using done
     where q.delivery_id = done.id and q.due_at = done.lease::timestamptz and done.status_code between 200 and 299
    returning q.delivery_id
  ), retried as (
    update ${S}.queue q set attempts = done.attempt, due_at = now() + interval '1 second' from done
     where q.delivery_id = done.id and q.due_at = done.lease::timestamptz and not coalesce(done.status_code between 200 and 299, false)
    returning q.delivery_id
  ), appended as (
    insert into ${S}.attempts (delivery_id, attempt, started_at, duration_ms, status_code)
    select done.id, done.attempt, done.started_at, done.duration_ms, done.status_code from done
     where done.id in (select delivery_id from finished union all select delivery_id from retried)
    returning 1
  )
  select (select count(*) from finished)::int as finished, (select count(*) from appended)::int as appended`;
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
const c = await pool.connect();
const pid = (await c.query('select pg_backend_pid() as p')).rows[0].p;
const cpu = () => { const st = readFileSync(`/proc/${pid}/stat`, 'utf8'); const f = st.slice(st.lastIndexOf(')') + 2).split(' '); return (Number(f[11]) + Number(f[12])) * 10; };
c.release();
await createPipelineSchema(pool, Array.from({ length: 8 }, (_, i) => ({ id: i + 1, event: 'request.create' })));
const message = JSON.stringify({ webhook_id: 1, account: 'x', payload: { request: { id: 1, subject: 'Printer on fire', note: 'x'.repeat(300) } } });
await commitPipelineEvents(pool, 'request.create', message, 2560);
let fan = 0, n = 0; for (let b = 0; b < 10; b++) { const s = cpu(); const r = await pool.query(FAN_OUT, [256]); if (b >= 2) { fan += cpu() - s; n += r.rows[0].n; } }
let claim = 0, out = 0, claimed = 0;
for (let k = 0; k < 150; k++) {
  let s = cpu(); const r = await pool.query(CLAIM, [128, 30]); if (k >= 10) { claim += cpu() - s; claimed += r.rows.length; }
  for (let i = 0; i < r.rows.length; i += 64) { const part = r.rows.slice(i, i + 64); s = cpu();
    await pool.query(OUTCOMES, [part.map((x) => x.id), part.map((x) => x.lease), part.map(() => 1), part.map(() => new Date()), part.map(() => 3), part.map(() => 204)]);
    if (k >= 10) out += cpu() - s; }
}
console.log(`pipeline backend CPU: fan-out ${(fan * 1000 / n).toFixed(1)} µs/delivery; claim ${(claim * 1000 / claimed).toFixed(1)} µs/delivery (${claimed}); outcome ${(out * 1000 / claimed).toFixed(1)} µs/delivery`);
await pool.query(`drop schema ${S} cascade`); await pool.end();
