/**
 * The baseline of the worker's throughput (issue 34): the cheapest durable
 * pipeline with the same guarantees, in raw SQL on a pg Pool, in the bench
 * process. Every step is one statement per batch, committed on its own:
 *
 * - fan-out: 256 events taken off `fan_out` (`for update skip locked`), their
 *   deliveries appended to the insert-only log and queued, in one statement;
 * - claim: 128 due queue rows leased with `UPDATE … FOR UPDATE SKIP LOCKED`,
 *   each with its event's message (stored once per event);
 * - send: the message signed as the worker signs an hs256 policy's (an HS256
 *   JWT and the Standard Webhooks HMAC over the body: two HMACs), POSTed with
 *   the worker's headers, `inFlight` at a time;
 * - outcome: 64 at a time, the finished rows deleted from the queue (the
 *   others put back with a later due time) and their attempt rows appended, in
 *   one statement that checks each row's lease.
 *
 * A delivery counts as recorded when the statement that deleted its queue row
 * has committed: as durable as the server's settings make a commit.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { Pool as HttpPool } from 'undici';
import { PIPELINE_SCHEMA as S } from './minimal-pipeline-schema.js';
import { nowMs } from './webhook-sink.js';

export const FAN_OUT_EVENTS = 256;
export const CLAIM_BATCH = 128;
export const OUTCOME_BATCH = 64;
const LEASE_SECONDS = 30;
const IDLE_POLL_MS = 1;
const OUTCOME_WAIT_MS = 2;

export const FAN_OUT = `with taken as (
    delete from ${S}.fan_out where event_id in (select event_id from ${S}.fan_out order by event_id limit $1 for update skip locked) returning event_id
  ), logged as (
    insert into ${S}.deliveries (id, event_id, webhook_id)
    select gen_random_uuid(), e.id, s.webhook_id from taken t join ${S}.events e on e.id = t.event_id join ${S}.subscriptions s on s.event = e.event
    returning id, webhook_id
  ), queued as (
    insert into ${S}.queue (delivery_id, webhook_id, due_at) select id, webhook_id, now() from logged returning 1
  )
  select count(*)::int as n from queued`;

// The lease moves the row's due time to the lease's end: leased rows leave the due part of the
// index, and the new due time, as text (microseconds kept), is the token the outcome checks.
export const CLAIM = `with picked as (
    select delivery_id from ${S}.queue where due_at <= now() order by due_at limit $1 for update skip locked
  ), leased as (
    update ${S}.queue q set due_at = now() + make_interval(secs => $2) from picked where q.delivery_id = picked.delivery_id
    returning q.delivery_id, q.webhook_id, q.attempts, q.due_at
  )
  select l.delivery_id as id, l.webhook_id, l.attempts, l.due_at::text as lease, e.event, e.message
    from leased l join ${S}.deliveries d on d.id = l.delivery_id join ${S}.events e on e.id = d.event_id`;

export const OUTCOMES = `with done as (
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

export interface PipelineWebhook {
  id: number;
  /** Path at the sink. */
  path: string;
  /** The HS256 policy's secret. */
  secret: Buffer;
}

export interface PipelineSetup {
  db: pg.Pool;
  http: HttpPool;
  webhooks: ReadonlyMap<number, PipelineWebhook>;
  /** The `iss` claim: the account URL. */
  issuer: string;
  userAgent: string;
  inFlight: number;
  /** A POST answered with anything but a 2xx, or a send that threw. */
  onFailedAttempt(reason: string): void;
}

interface Claimed {
  id: string;
  webhook_id: number;
  attempts: number;
  lease: string;
  event: string;
  message: string;
}

interface Outcome {
  id: string;
  lease: string;
  attempt: number;
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
}

/** A fresh secret per webhook, as each policy has its own. */
export function pipelineWebhooks(ids: readonly number[], pathOf: (id: number) => string): Map<number, PipelineWebhook> {
  return new Map(ids.map((id) => [id, { id, path: pathOf(id), secret: randomBytes(32) }]));
}

const JWT_HEADER = Buffer.from('{"alg":"HS256","typ":"JWT"}').toString('base64url');

/** The worker's hs256 body and headers for one attempt: the JWT's HMAC, then the Standard Webhooks HMAC of id.timestamp.body. */
export function signedAttempt(delivery: Pick<Claimed, 'id' | 'webhook_id' | 'event' | 'message'>, webhook: PipelineWebhook, issuer: string, userAgent: string, now: number): { body: string; headers: Record<string, string> } {
  const timestamp = Math.floor(now / 1000);
  const claims = `{"data":${delivery.message},${JSON.stringify({ iss: issuer, jti: delivery.id, sub: String(delivery.webhook_id), iat: timestamp, nbf: timestamp, exp: timestamp + 300 }).slice(1)}`;
  const input = `${JWT_HEADER}.${Buffer.from(claims).toString('base64url')}`;
  const jwt = `${input}.${createHmac('sha256', webhook.secret).update(input).digest('base64url')}`;
  const body = `{"jwt":"${jwt}"}`;
  const signature = createHmac('sha256', webhook.secret).update(`${delivery.id}.${timestamp}.${body}`).digest('base64');
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'webhook-id': delivery.id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': `v1,${signature}`,
      'user-agent': userAgent,
      'x-tessera-delivery': delivery.id,
      'x-tessera-event': delivery.event,
    },
  };
}

/**
 * Runs the pipeline until `expected` deliveries are recorded (the events are committed by the
 * caller, before or after the call); resolves with the time the last outcome statement committed
 * and the attempt rows appended.
 */
export function runMinimalPipeline(setup: PipelineSetup, expected: number): Promise<{ recordedAt: number; attempts: number }> {
  return new Promise((resolve, reject) => {
    const ready: Claimed[] = [];
    const outcomes: Outcome[] = [];
    let fannedOut = 0;
    let recorded = 0;
    let attempts = 0;
    let inFlight = 0;
    let claiming = false;
    let outcomeTimer: NodeJS.Timeout | null = null;
    let stopped = false;
    const stop = (error?: unknown) => {
      if (stopped) return;
      stopped = true;
      if (outcomeTimer) clearTimeout(outcomeTimer);
      if (error === undefined) resolve({ recordedAt: nowMs(), attempts });
      else reject(error instanceof Error ? error : new Error(String(error)));
    };

    const fanOut = async () => {
      while (!stopped && fannedOut < expected) {
        const { rows } = await setup.db.query<{ n: number }>(FAN_OUT, [FAN_OUT_EVENTS]);
        fannedOut += rows[0]!.n;
        if (rows[0]!.n === 0) await sleep(IDLE_POLL_MS);
        pump();
      }
    };

    const claim = async () => {
      claiming = true;
      try {
        const { rows } = await setup.db.query<Claimed>(CLAIM, [CLAIM_BATCH, LEASE_SECONDS]);
        ready.push(...rows);
        if (rows.length === 0) await sleep(IDLE_POLL_MS);
      } finally {
        claiming = false;
      }
      pump();
    };

    const send = async (delivery: Claimed) => {
      const webhook = setup.webhooks.get(delivery.webhook_id)!;
      const startedAt = nowMs();
      const request = signedAttempt(delivery, webhook, setup.issuer, setup.userAgent, startedAt);
      let statusCode: number | null = null;
      try {
        const answer = await setup.http.request({ method: 'POST', path: webhook.path, body: request.body, headers: request.headers });
        await answer.body.dump();
        statusCode = answer.statusCode;
        if (statusCode < 200 || statusCode > 299) setup.onFailedAttempt(`minimal pipeline: HTTP ${statusCode}`);
      } catch (error) {
        setup.onFailedAttempt(`minimal pipeline: ${(error as Error).message}`);
      }
      outcomes.push({ id: delivery.id, lease: delivery.lease, attempt: delivery.attempts + 1, startedAt: new Date(startedAt), durationMs: Math.round(nowMs() - startedAt), statusCode });
    };

    const record = async (batch: Outcome[]) => {
      const { rows } = await setup.db.query<{ finished: number; appended: number }>(OUTCOMES, [
        batch.map((o) => o.id), batch.map((o) => o.lease), batch.map((o) => o.attempt), batch.map((o) => o.startedAt), batch.map((o) => o.durationMs), batch.map((o) => o.statusCode),
      ]);
      recorded += rows[0]!.finished;
      attempts += rows[0]!.appended;
      if (recorded >= expected) stop();
      // Rows put back for a retry are due later: the claims go on.
      else pump();
    };

    const flush = () => {
      if (outcomeTimer) clearTimeout(outcomeTimer);
      outcomeTimer = null;
      while (outcomes.length > 0) record(outcomes.splice(0, OUTCOME_BATCH)).catch(stop);
    };

    function pump(): void {
      if (stopped) return;
      while (inFlight < setup.inFlight && ready.length > 0) {
        inFlight++;
        send(ready.shift()!)
          .then(() => {
            inFlight--;
            if (outcomes.length >= OUTCOME_BATCH) record(outcomes.splice(0, OUTCOME_BATCH)).catch(stop);
            // A tail shorter than a batch goes after a short wait, not never.
            else if (outcomes.length > 0 && outcomeTimer === null) outcomeTimer = setTimeout(flush, OUTCOME_WAIT_MS);
            pump();
          })
          .catch(stop);
      }
      if (!claiming && ready.length < setup.inFlight && recorded + inFlight + ready.length + outcomes.length < expected) claim().catch(stop);
    }

    fanOut().catch(stop);
    pump();
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
