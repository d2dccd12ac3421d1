/**
 * The minimal durable pipeline (minimal-pipeline.ts) measured as the worker is
 * (deliveries-throughput.ts): the same number of deliveries over as many
 * webhooks, to the same sink, as many in flight, the message the worker sent
 * (its JWT's `data`, the same issuer and user agent), committed as events in one
 * transaction, fan-out included; a warm-up first. Its client CPU is the bench
 * process's own (it runs there, and the bench does nothing else meanwhile but
 * wait for it).
 */
import { loadavg } from 'node:os';
import pg from 'pg';
import { Pool } from 'undici';
import { arrivalRate } from './delivery-figures.js';
import type { Fail } from './deliveries-wait.js';
import type { WorkerThroughput } from './deliveries-throughput.js';
import { commitPipelineEvents, createPipelineSchema, dropPipelineSchema } from './minimal-pipeline-schema.js';
import { pipelineWebhooks, runMinimalPipeline } from './minimal-pipeline.js';
import type { PostgresCpu } from './postgres-cpu.js';
import type { SinkHandle } from './sink-handle.js';
import { nowMs, type SinkSample } from './webhook-sink.js';

export interface PipelineRun {
  databaseUrl: string;
  sink: SinkHandle;
  postgresCpu?: PostgresCpu;
  fail: Fail;
  /** The message the worker delivered first: its body's JWT carries the message and the issuer. */
  sample: SinkSample;
  webhooks: number;
  inFlight: number;
}

const EVENT = 'request.create';
/** The pipeline's connections: fan-out, claim, and outcome statements under way together. */
const POOL_MAX = 4;

/** The pipeline's figures over `deliveries` deliveries, after `warmup` of them unmeasured. */
export async function measurePipeline(run: PipelineRun, deliveries: number, warmup: number): Promise<WorkerThroughput> {
  const { message, issuer } = messageOf(run.sample);
  const db = new pg.Pool({ connectionString: run.databaseUrl, max: POOL_MAX });
  const http = new Pool(run.sink.url, { connections: run.inFlight, pipelining: 1, keepAliveTimeout: 30_000 });
  const ids = Array.from({ length: run.webhooks }, (_, i) => i + 1);
  const setup = {
    db, http, issuer, inFlight: run.inFlight,
    webhooks: pipelineWebhooks(ids, (id) => `/pipeline/${id}`),
    userAgent: run.sample.headers['user-agent'] ?? 'Tessera-Webhooks',
    onFailedAttempt: (reason: string) => run.fail(reason),
  };
  const events = (count: number) => Math.max(1, Math.ceil(count / run.webhooks));
  try {
    await createPipelineSchema(db, ids.map((id) => ({ id, event: EVENT })));
    await commitPipelineEvents(db, EVENT, message, events(warmup));
    await runMinimalPipeline(setup, events(warmup) * run.webhooks);
    await db.query('analyze bench_minimal_pipeline.events, bench_minimal_pipeline.deliveries, bench_minimal_pipeline.attempts');

    const expected = events(deliveries) * run.webhooks;
    await run.sink.reset();
    const loadStart = loadavg()[0]!;
    const cpuStart = process.cpuUsage();
    const postgresStart = run.postgresCpu?.() ?? null;
    await commitPipelineEvents(db, EVENT, message, events(deliveries));
    const committedAt = nowMs();
    const { recordedAt, attempts } = await runMinimalPipeline(setup, expected);
    const cpu = process.cpuUsage(cpuStart);
    const postgresEnd = run.postgresCpu?.() ?? null;
    const stats = await run.sink.stats();
    run.fail('minimal pipeline: repeated delivery at the sink', stats.repeats);
    run.fail('minimal pipeline: delivery missing at the sink', expected - stats.arrivals.length);
    run.fail('minimal pipeline: delivery recorded without its attempt row', expected - attempts);
    const times = stats.arrivals.map(([, at]) => at);
    return {
      ...arrivalRate(times),
      fromCommitPerSecond: (expected * 1000) / (Math.max(...times) - committedAt),
      allRecordedMs: recordedAt - committedAt,
      sinkCpuMs: stats.cpuMs,
      connections: stats.connections,
      load: { start: loadStart, end: loadavg()[0]! },
      workerCpuMs: (cpu.user + cpu.system) / 1000,
      postgresCpuMs: postgresStart === null || postgresEnd === null ? null : postgresEnd - postgresStart,
    };
  } finally {
    await dropPipelineSchema(db).catch(() => undefined);
    await http.close();
    await db.end();
  }
}

/** The message text and issuer of the worker's first delivery (an hs256 body: `{"jwt":"h.claims.s"}`). */
export function messageOf(sample: SinkSample): { message: string; issuer: string } {
  const jwt = (JSON.parse(sample.body) as { jwt?: string }).jwt;
  if (typeof jwt !== 'string') return { message: sample.body, issuer: 'https://tessera.invalid/' };
  const claims = JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as { data: unknown; iss: string };
  return { message: JSON.stringify(claims.data), issuer: claims.iss };
}
