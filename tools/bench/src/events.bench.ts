/**
 * Events intake throughput: POST /v1/events through the real api process
 * (HTTP, auth, rate-limit counters on the real store, lookups, match lock,
 * request + note + audit line + queued webhook events in one transaction), by
 * default half new events and half matching ones; against a raw SQL baseline
 * in the same run that leaves the rows a new event leaves (see baselineEvent).
 */
import pg from 'pg';
import { encodeNodeId } from '@tessera/domain';
import { describePlan, type EventsMix } from './bench-options.js';
import { createHttpClient } from './http-client.js';
import { failuresOf, formatRatio, formatResult, formatWarmupFailures, percentile, runLoad, type LoadBenchOptions, type Measured } from './load.js';

export const EVENTS_TARGET = 0.2;
export const EVENTS_P99_TARGET_MS = 250;
export const BASELINE_NAME = 'raw SQL new-event transaction (baseline)';
export const BASELINE_DESCRIPTION =
  'baseline: per call, on its own pooled connection: begin; insert the request (returning *); insert its note; insert its audit line; ' +
  'enqueue its 2 webhook-event jobs (request.create, request.note-added) with one graphile_worker.add_jobs; commit. ' +
  'The rows a new event leaves, with no lookups, rules or HTTP.';

export interface EventsBenchOptions extends LoadBenchOptions {
  apiOrigin: string;
  databaseUrl: string;
  mix: EventsMix;
}

export interface EventsBenchResult {
  tessera: Measured;
  baseline: Measured;
  /** Latencies of the measured run by kind of event (new, matching), sorted ascending. */
  byKind: Record<EventKind, number[]>;
}

export type EventKind = 'new' | 'matching';

export async function benchEvents(options: EventsBenchOptions): Promise<EventsBenchResult> {
  const { measured: tessera, byKind } = await benchIntake(options);
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.clients });
  try {
    const people = await pool.query<{ id: number; name: string }>('select id, name from people where account_id = $1 order by id limit 1', [options.account]);
    const person = people.rows[0];
    if (!person) throw new Error(`no person in account ${options.account} for the baseline`);
    const runId = Date.now().toString(36);
    let phase = 0;
    const call = (i: number) => baselineEvent(pool, options.account, person, `raw ${runId}-${phase} ${i}`).then(() => true as const);
    const warm = await runLoad(options.warmup, options.clients, call);
    phase++;
    const baseline = await runLoad(options.plan, options.clients, call);
    return { tessera, baseline: { result: baseline, warmupFailures: warm.failureReasons }, byKind };
  } finally {
    await pool.end();
  }
}

/** The intake alone, warm-up then measured, through the api at `apiOrigin` (also the automation rules bench's two runs). */
export async function benchIntake(options: Omit<EventsBenchOptions, 'databaseUrl'>): Promise<{ measured: Measured; byKind: Record<EventKind, number[]> }> {
  const client = createHttpClient(options.apiOrigin, options.clients);
  const headers = { authorization: `Bearer ${options.token}`, 'x-service-account': options.account };
  const runId = Date.now().toString(36);
  let phase = 0;
  const byKind: Record<EventKind, number[]> = { new: [], matching: [] };
  const call = async (i: number) => {
    const started = performance.now();
    const answer = await client.send({ method: 'POST', path: `/v1/events?${new URLSearchParams(eventParams(options.mix, `${runId}-${phase}`, runId, i))}`, headers });
    if (phase === 1) byKind[isNewEvent(options.mix, i) ? 'new' : 'matching'].push(performance.now() - started);
    return answer.status === 201 || answer.status === 200 ? true : `HTTP ${answer.status}`;
  };
  try {
    const warm = await runLoad(options.warmup, options.clients, call);
    // New events of the measured phase get subjects of their own, so none matches a warm-up event.
    phase++;
    const result = await runLoad(options.plan, options.clients, call);
    for (const latencies of Object.values(byKind)) latencies.sort((a, b) => a - b);
    return { measured: { result, warmupFailures: warm.failureReasons }, byKind };
  } finally {
    await client.close();
  }
}

/** A new event has a subject of its own and no CI; a matching one hits one of ten open requests on srv-db-01 (rule 2). */
function eventParams(mix: EventsMix, phaseId: string, runId: string, i: number): Record<string, string> {
  return isNewEvent(mix, i)
    ? { subject: `bench ${phaseId} new ${i}`, source: 'bench-new', note: `event ${i}` }
    : { subject: `bench ${runId} disk`, ci: 'srv-db-01', source: `bench-${runId}-${i % 10}`, note: `reading ${i}` };
}

function isNewEvent(mix: EventsMix, i: number): boolean {
  return mix === 'new' || (mix === 'half' && i % 2 === 0);
}

/** What the intake writes for a new event with a note, as hand-written SQL in one transaction. */
async function baselineEvent(pool: pg.Pool, account: string, person: { id: number; name: string }, subject: string): Promise<void> {
  const db = await pool.connect();
  try {
    await db.query('begin');
    const requests = await db.query<Record<string, unknown> & { id: number }>(
      `insert into requests (account_id, subject, category, status, impact, requested_by_id, requested_for_id, created_by_id, team_id, source, source_id)
       values ($1, $2, 'other', 'assigned', null, $3, $3, $3, null, 'bench-raw', null) returning *`,
      [account, subject, person.id],
    );
    const request = requests.rows[0]!;
    const notes = await db.query<{ id: number }>(
      'insert into notes (account_id, request_id, person_id, text, internal) values ($1, $2, $3, $4, false) returning id',
      [account, request.id, person.id, `note of ${subject}`],
    );
    const noteId = notes.rows[0]!.id;
    const changes = { ...withoutNulls(request), notes: [{ id: noteId, internal: false }] };
    const audit = await db.query<{ id: number }>(
      `insert into audit_lines (account_id, record_type, record_id, person_id, source, source_id, action, changes)
       values ($1, 'Request', $2, $3, 'bench-raw', null, 'create', $4) returning id`,
      [account, request.id, person.id, JSON.stringify(changes)],
    );
    const auditLineId = audit.rows[0]!.id;
    const job = (event: string, extra: Record<string, unknown>) =>
      JSON.stringify({
        account_id: account, event, object_id: request.id, object_nodeID: encodeNodeId('Request', request.id),
        person_id: person.id, person_nodeID: encodeNodeId('Person', person.id), person_name: person.name,
        payload: { audit_line_id: auditLineId, audit_line_nodeID: encodeNodeId('AuditLine', auditLineId), source: 'bench-raw', sourceID: null, ...extra },
      });
    await db.query(
      `select graphile_worker.add_jobs(array[
         ('webhook-event', $1::json, null, null::timestamptz, 25, null, null, null)::graphile_worker.job_spec,
         ('webhook-event', $2::json, null, null::timestamptz, 25, null, null, null)::graphile_worker.job_spec])`,
      [job('request.create', { status: request['status'] }), job('request.note-added', { note_id: noteId, note_nodeID: encodeNodeId('Note', noteId) })],
    );
    await db.query('commit');
  } catch (error) {
    await db.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    db.release();
  }
}

function withoutNulls(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([key, value]) => value !== null && !['id', 'account_id', 'created_at', 'updated_at'].includes(key)));
}

export function reportEvents(result: EventsBenchResult, options: Pick<EventsBenchOptions, 'plan' | 'warmup' | 'clients' | 'mix'>): string {
  const mix = { half: 'half new events, half matching ones', new: 'new events only', match: 'matching events only' }[options.mix];
  const p99 = result.tessera.result.p99Ms;
  return [
    `events intake: ${options.clients} concurrent clients (undici Pool / pg Pool), ${mix}, ${describePlan(options.warmup)} warm-up then ${describePlan(options.plan)} per side`,
    formatResult('POST /v1/events (tessera api)', result.tessera.result),
    ...formatKinds(result.byKind),
    formatResult(BASELINE_NAME, result.baseline.result),
    `  ${BASELINE_DESCRIPTION}`,
    formatRatio(result.tessera.result, result.baseline.result, EVENTS_TARGET),
    `  p99 of POST /v1/events: ${p99.toFixed(1)} ms (target ≤ ${EVENTS_P99_TARGET_MS} ms at 50 clients: ${p99 <= EVENTS_P99_TARGET_MS ? 'met' : 'not met'})`,
    ...formatWarmupFailures({ tessera: result.tessera, baseline: result.baseline }),
  ].join('\n');
}

/** The new and the matching events apart: a matching event waits for the events of its match key before it. */
export function formatKinds(byKind: Record<EventKind, number[]>): string[] {
  return (Object.entries(byKind) as Array<[EventKind, number[]]>)
    .filter(([, latencies]) => latencies.length > 0)
    .map(([kind, latencies]) => {
      const at = (q: number) => percentile(latencies, q).toFixed(1).padStart(6);
      return `    ${`${kind} events`.padEnd(44)} p50 ${at(0.5)} ms   p90 ${at(0.9)} ms   p99 ${at(0.99)} ms   ${String(latencies.length).padStart(8)} calls`;
    });
}

export function eventsFailures(result: EventsBenchResult): number {
  return failuresOf(result.tessera, result.baseline);
}
