/**
 * What today's claim (the persistence claimDue the worker calls) costs per
 * delivery as the backlog of pending deliveries grows (issue 34, item 2):
 * 10,000, 100,000 and 1,000,000 by default (BENCH_CLAIM_BACKLOGS).
 *
 * For each size, no worker running: the delivery tables are emptied (the parts
 * before have been checked, the parts after make their own rows), the backlog
 * is written straight into webhook_deliveries and its queue rows (the message of a real delivery,
 * 8 webhooks, due one microsecond apart) and analyzed, as autovacuum would
 * have it. Then a steady state: each claim (128 deliveries, the per-webhook cap
 * of the worker's settings) is followed, unmeasured, by its rows recorded
 * delivered and as many new pending rows, so the backlog stays at its size and
 * the due index holds the dead entries a running queue leaves. Measured: the
 * claim's time in the bench, and the CPU of the PostgreSQL backend that ran it
 * (its process's /proc figures: autovacuum's work after the fill is not
 * counted).
 */
import { createDatabase, repositoriesOn, type Database } from '@tessera/persistence';
import { createWebhookSet } from './delivery-setup.js';
import type { DeliveriesContext } from './deliveries-context.js';
import { procStat } from './proc-stat.js';

export interface BacklogFigure {
  backlog: number;
  fillMs: number;
  claims: number;
  claimed: number;
  /** Wall time of the claims, per claim and per delivery. */
  msPerClaim: number;
  wallUsPerDelivery: number;
  /** The claiming backend's CPU per delivery; null when its process cannot be read. */
  backendUsPerDelivery: number | null;
}

const CLAIM_LIMIT = 128;
const WARMUP_CLAIMS = 10;
const MEASURED_CLAIMS = 200;
const FILL_CHUNK = 100_000;

export async function measureClaimBacklogs(ctx: DeliveriesContext, sizes: readonly number[], progress: (line: string) => void): Promise<BacklogFigure[]> {
  const message = await sampleMessage(ctx.db);
  const webhooks = await createWebhookSet(ctx.db, ctx.sink.url, { ...ctx.target, event: 'request.create', policy: ctx.policy, count: ctx.options.webhooks, path: 'hook' });
  // One connection: the claims run on one backend, whose CPU is read.
  const claimer = createDatabase({ url: ctx.databaseUrl, poolMax: 1 });
  const figures: BacklogFigure[] = [];
  try {
    for (const size of sizes) {
      await emptyDeliveries(ctx.db);
      const began = performance.now();
      await fill(ctx.db, { account: ctx.target.account, webhooks: webhooks.ids, message }, size);
      await ctx.db.raw('analyze webhook_deliveries');
      await ctx.db.raw('analyze webhook_delivery_queue');
      const fillMs = performance.now() - began;
      // Read after the fill: the pool closes an idle connection, and the claims may run on a new backend.
      const { rows } = await claimer.raw<{ rows: Array<{ pid: number }> }>('select pg_backend_pid() as pid');
      figures.push(await claims(claimer, rows[0]!.pid, ctx, { account: ctx.target.account, webhooks: webhooks.ids, message }, size, fillMs));
      progress(`  (backlog ${size}: filled in ${(fillMs / 1000).toFixed(1)} s)`);
    }
  } finally {
    await claimer.destroy();
    await emptyDeliveries(ctx.db);
  }
  return figures;
}

interface Backlog {
  account: string;
  webhooks: readonly number[];
  message: string;
}

async function claims(claimer: Database, backend: number, ctx: DeliveriesContext, backlog: Backlog, size: number, fillMs: number): Promise<BacklogFigure> {
  const repos = repositoriesOn(claimer).webhookDeliveries;
  const options = { leasedBy: 'bench-backlog', leaseMs: 60_000, limit: CLAIM_LIMIT, perWebhook: ctx.options.worker.maxInFlightPerWebhook, inFlight: [] };
  let wallMs = 0;
  let cpuMs = 0;
  let claimed = 0;
  let readable = true;
  for (let i = 0; i < WARMUP_CLAIMS + MEASURED_CLAIMS; i++) {
    const cpuBefore = procStat(backend)?.cpuMs;
    const start = performance.now();
    const result = await repos.claimDue(options);
    const spent = performance.now() - start;
    const cpuAfter = procStat(backend)?.cpuMs;
    const ids = result.claimed.map((c) => c.delivery.id);
    if (i >= WARMUP_CLAIMS) {
      wallMs += spent;
      claimed += ids.length;
      if (cpuBefore === undefined || cpuAfter === undefined) readable = false;
      else cpuMs += cpuAfter - cpuBefore;
    }
    await replace(ctx.db, backlog, ids);
  }
  return {
    backlog: size, fillMs, claims: MEASURED_CLAIMS, claimed,
    msPerClaim: wallMs / MEASURED_CLAIMS,
    wallUsPerDelivery: claimed > 0 ? (wallMs * 1000) / claimed : 0,
    backendUsPerDelivery: readable && claimed > 0 ? (cpuMs * 1000) / claimed : null,
  };
}

/** The claimed rows recorded delivered, and as many new pending ones due now: the backlog keeps its size. */
async function replace(db: Database, backlog: Backlog, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.raw(
    `with done as (
       update webhook_deliveries set status = 'delivered', attempts = 1, delivered_at = now(), next_attempt_at = null
        where id = any(?::uuid[]) returning id
     )
     delete from webhook_delivery_queue q using done where q.delivery_id = done.id`,
    [[...ids]],
  );
  await insertPending(db, backlog, ids.length, 0);
}

async function fill(db: Database, backlog: Backlog, size: number): Promise<void> {
  for (let from = 0; from < size; from += FILL_CHUNK) await insertPending(db, backlog, Math.min(FILL_CHUNK, size - from), size - from);
}

/** `count` pending deliveries, spread over the webhooks, due from `ageMicros` µs ago, one µs apart. */
async function insertPending(db: Database, backlog: Backlog, count: number, ageMicros: number): Promise<void> {
  await db.raw(
    `with ins as (
       insert into webhook_deliveries (id, account_id, webhook_id, event, test, message, event_at, status, next_attempt_at)
       select gen_random_uuid(), ?, (?::int[])[1 + i % ?], 'request.create', false, ?::json, now(), 'pending',
              now() - make_interval(secs => ? / 1e6) + make_interval(secs => i / 1e6)
         from generate_series(0, ? - 1) as i
       returning id, id_time, account_id, webhook_id, next_attempt_at
     )
     insert into webhook_delivery_queue (delivery_id, delivery_id_time, account_id, webhook_id, due_at) select id, id_time, account_id, webhook_id, next_attempt_at from ins`,
    [backlog.account, [...backlog.webhooks], backlog.webhooks.length, backlog.message, ageMicros, count],
  );
}

async function emptyDeliveries(db: Database): Promise<void> {
  await db.raw('truncate webhook_delivery_attempts, webhook_delivery_queue, webhook_deliveries, webhook_event_messages');
}

/** The message of a delivery the throughput runs left (a real one's size), or a stand-in of about that size. */
async function sampleMessage(db: Database): Promise<string> {
  const { rows } = await db.raw<{ rows: Array<{ message: string }> }>(
    `select coalesce(d.message::text, left(d.message_head::text, -1) || ',"payload":' || e.payload::text || '}') as message
       from webhook_deliveries d left join webhook_event_messages e on e.id = d.event_message_id limit 1`,
  );
  const row = rows[0];
  return row ? row.message : JSON.stringify({ event: 'request.create', payload: { text: 'x'.repeat(900) } });
}
