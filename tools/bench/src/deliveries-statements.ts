/**
 * What each batch statement of the delivery engine costs PostgreSQL, beside the minimal durable
 * pipeline's statement for the same step (issue 34: the note shows per-statement costs). No worker,
 * no HTTP: one connection each, its backend's CPU (/proc) read around each statement, so the figure
 * is the statement's own, not the machine's contention that the throughput runs share out.
 *
 * - fan-out: Tessera's insert of 2,048 deliveries (256 events × 8 webhooks, the worker's batch) with
 *   their queue rows and event messages; the pipeline's fan-out of 256 events;
 * - claim: 128 a claim (Tessera's with the worker's per-webhook cap); the pipeline's 128;
 * - outcome: 64 delivered a batch.
 *
 * Each side writes `FAN_OUTS` batches (the first two not measured), then claims `CLAIMS` times
 * (the first ten not measured), recording each claim's deliveries in batches of 64.
 */
import { accountUrl, buildWebhookMessage, fanOutDeliveryId, type NewDelivery, type ProgressAsClaimed, type WebhookEventJob } from '@tessera/domain';
import { createDatabase, repositoriesOn, type Database } from '@tessera/persistence';
import pg from 'pg';
import type { DeliveriesContext } from './deliveries-context.js';
import { benchEvent, createWebhookSet } from './delivery-setup.js';
import { CLAIM, CLAIM_BATCH, FAN_OUT, FAN_OUT_EVENTS, OUTCOME_BATCH, OUTCOMES } from './minimal-pipeline.js';
import { commitPipelineEvents, createPipelineSchema, dropPipelineSchema } from './minimal-pipeline-schema.js';
import { procStat } from './proc-stat.js';

const FAN_OUTS = 10;
const UNMEASURED_FAN_OUTS = 2;
const CLAIMS = 150;
const UNMEASURED_CLAIMS = 10;
const LEASE_SECONDS = 30;
/** The messages' account URL: only its length matters here. */
const API_URL = 'http://127.0.0.1:3000/v1';

/** Backend CPU per delivery, µs; null where the backend's process cannot be read. */
export interface StepCosts {
  fanOut: number | null;
  claim: number | null;
  outcome: number | null;
}

export interface StatementCosts {
  tessera: StepCosts;
  pipeline: StepCosts;
}

/** CPU of one backend, summed over the measured calls, per delivery they handled. */
function meter(pid: number) {
  let cpuMs = 0;
  let deliveries = 0;
  let readable = true;
  return {
    async time<T>(measured: boolean, work: () => Promise<T>, count: (result: T) => number): Promise<T> {
      const before = procStat(pid)?.cpuMs;
      const result = await work();
      const after = procStat(pid)?.cpuMs;
      if (measured) {
        if (before === undefined || after === undefined) readable = false;
        else cpuMs += after - before;
        deliveries += count(result);
      }
      return result;
    },
    perDelivery: (): number | null => (readable && deliveries > 0 ? (cpuMs * 1000) / deliveries : null),
  };
}

export async function measureStatementCosts(ctx: DeliveriesContext): Promise<StatementCosts> {
  const one = createDatabase({ url: ctx.databaseUrl, poolMax: 1 });
  let tessera: StepCosts;
  try {
    const { rows } = await one.raw<{ rows: Array<{ pid: number }> }>('select pg_backend_pid() as pid');
    tessera = await tesseraSteps(ctx, one, rows[0]!.pid);
  } finally {
    await one.destroy();
  }
  const pool = new pg.Pool({ connectionString: ctx.databaseUrl, max: 1 });
  try {
    return { tessera, pipeline: await pipelineSteps(ctx, pool) };
  } finally {
    await pool.end();
  }
}

async function tesseraSteps(ctx: DeliveriesContext, db: Database, pid: number): Promise<StepCosts> {
  const webhooks = await createWebhookSet(ctx.db, ctx.sink.url, { ...ctx.target, event: 'request.create', policy: ctx.policy, count: ctx.options.webhooks, path: 'hook' });
  const repo = repositoriesOn(db).webhookDeliveries;
  const fanOut = meter(pid);
  const eventAt = new Date();
  const issuer = accountUrl(API_URL, ctx.target.account);
  for (let batch = 0; batch < FAN_OUTS; batch++) {
    const deliveries: NewDelivery[] = [];
    for (let e = 0; e < FAN_OUT_EVENTS; e++) {
      const objectId = 7_000_000 + batch * FAN_OUT_EVENTS + e;
      const event = benchEvent(webhooks, objectId).payload as WebhookEventJob;
      for (const id of webhooks.ids) {
        deliveries.push({
          id: fanOutDeliveryId(`statements-${objectId}`, id, eventAt), account: ctx.target.account as NewDelivery['account'], webhookId: id, test: false,
          message: buildWebhookMessage(event, { id, name: `bench ${id}` }, issuer), eventAt, sequence: null, ordered: false,
        });
      }
    }
    await fanOut.time(batch >= UNMEASURED_FAN_OUTS, () => repo.insert(deliveries), (result) => result.inserted.length);
  }
  const claim = meter(pid);
  const outcome = meter(pid);
  const options = { leasedBy: 'bench-statements', leaseMs: LEASE_SECONDS * 1000, limit: CLAIM_BATCH, perWebhook: ctx.options.worker.maxInFlightPerWebhook, inFlight: [] };
  for (let i = 0; i < CLAIMS; i++) {
    const measured = i >= UNMEASURED_CLAIMS;
    const { claimed } = await claim.time(measured, () => repo.claimDue(options), (result) => result.claimed.length);
    for (let from = 0; from < claimed.length; from += OUTCOME_BATCH) {
      const batch: ProgressAsClaimed[] = claimed.slice(from, from + OUTCOME_BATCH).map((c) => ({
        progress: { id: c.delivery.id, leaseToken: c.lease.token, status: 'delivered', attempts: c.delivery.attempts + 1, next_attempt_at: null, delivered_at: new Date(), paused_reason: null },
        claimed: { attempts: c.delivery.attempts, next_attempt_at: c.delivery.next_attempt_at },
        attempt: { started_at: new Date(), duration_ms: 2, status_code: 204, error: null, response_excerpt: null },
        webhookId: c.webhook.id, clearsFailures: true,
      }));
      await outcome.time(measured, () => repo.recordAsClaimed(batch), (written) => written.length);
    }
  }
  return { fanOut: fanOut.perDelivery(), claim: claim.perDelivery(), outcome: outcome.perDelivery() };
}

async function pipelineSteps(ctx: DeliveriesContext, pool: pg.Pool): Promise<StepCosts> {
  const { rows: backend } = await pool.query<{ pid: number }>('select pg_backend_pid() as pid');
  const pid = backend[0]!.pid;
  // The message of one of Tessera's deliveries above: the same size to store, read and send.
  const { rows: sample } = await pool.query<{ message: string }>(
    `select left(d.message_head::text, -1) || ',"payload":' || e.payload::text || '}' as message
       from webhook_deliveries d join webhook_event_messages e on e.id = d.event_message_id and e.created_at = d.id_time limit 1`,
  );
  await createPipelineSchema(pool, Array.from({ length: ctx.options.webhooks }, (_, i) => ({ id: i + 1, event: 'request.create' })));
  try {
    await commitPipelineEvents(pool, 'request.create', sample[0]?.message ?? '{}', FAN_OUTS * FAN_OUT_EVENTS);
    const fanOut = meter(pid);
    for (let batch = 0; batch < FAN_OUTS; batch++) {
      await fanOut.time(batch >= UNMEASURED_FAN_OUTS, () => pool.query<{ n: number }>(FAN_OUT, [FAN_OUT_EVENTS]), (result) => result.rows[0]!.n);
    }
    const claim = meter(pid);
    const outcome = meter(pid);
    for (let i = 0; i < CLAIMS; i++) {
      const measured = i >= UNMEASURED_CLAIMS;
      const { rows: claimed } = await claim.time(measured, () => pool.query<{ id: string; lease: string; attempts: number }>(CLAIM, [CLAIM_BATCH, LEASE_SECONDS]), (result) => result.rows.length);
      for (let from = 0; from < claimed.length; from += OUTCOME_BATCH) {
        const batch = claimed.slice(from, from + OUTCOME_BATCH);
        await outcome.time(
          measured,
          () => pool.query<{ finished: number }>(OUTCOMES, [batch.map((c) => c.id), batch.map((c) => c.lease), batch.map((c) => c.attempts + 1), batch.map(() => new Date()), batch.map(() => 2), batch.map(() => 204)]),
          (result) => result.rows[0]!.finished,
        );
      }
    }
    return { fanOut: fanOut.perDelivery(), claim: claim.perDelivery(), outcome: outcome.perDelivery() };
  } finally {
    await dropPipelineSchema(pool);
  }
}
