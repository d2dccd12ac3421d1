/** The printed lines of the deliveries benchmark, one block per part, each figure beside its baseline and target. */
import { availableParallelism } from 'node:os';
import type { DeliveriesOptions } from './bench-options.js';
import type { BacklogFigure } from './deliveries-backlog.js';
import type { LatencyResult } from './deliveries-latency.js';
import type { MailRun } from './deliveries-mail.js';
import type { BaselineThroughput, WorkerThroughput } from './deliveries-throughput.js';
import type { OrderedRun } from './deliveries-ordered.js';
import type { StatementCosts, StepCosts } from './deliveries-statements.js';
import type { LatencySummary } from './delivery-figures.js';

const ALG_NOTES: Record<string, string> = {
  none: 'unsecured JWT (alg none)',
  hs256: 'JWT HS256 + Standard Webhooks v1 HMAC signature header',
  es256: 'JWT ES256 (P-256 ECDSA)',
  rs256: 'JWT RS256 (RSA 2048)',
  ed25519: 'EdDSA JWT + Standard Webhooks v1a Ed25519 signature',
};

export function reportSkippedAlg(alg: string, reason: string): string {
  return `webhook deliveries, ${alg}: SKIPPED, ${reason}`;
}

export interface ThroughputFigures {
  alg: string;
  bodyBytes: number;
  worker: WorkerThroughput;
  baseline: BaselineThroughput;
  /** The minimal durable pipeline of the same run (hs256 only: it signs as an hs256 policy does). */
  pipeline?: WorkerThroughput;
}

export function reportThroughput({ alg, bodyBytes, worker, baseline, pipeline }: ThroughputFigures, options: DeliveriesOptions, sinkMode: string): string {
  const ratio = baseline.perSecond > 0 ? worker.perSecond / baseline.perSecond : 0;
  const sink = sinkMode === 'child' ? 'node:http sink in a child process' : 'node:http sink in the bench process';
  return [
    `webhook deliveries, ${alg}: ${ALG_NOTES[alg] ?? alg}; body ${bodyBytes} bytes; ${sink} answering 204; one worker process; ${spread(options)}; ${options.warmupEvents} deliveries of warm-up per side first`,
    workerLine(worker),
    ...(pipeline ? [pipelineLine(pipeline), ...pipelineRatio(worker, pipeline)] : []),
    `  ${`baseline: bare undici Pool POST loop, ${baseline.inFlight} in flight`.padEnd(50)} ${rate(baseline.perSecond)} POSTs/s first→last arrival (${baseline.count} in ${seconds(baseline.spanMs)}); same body and headers, same sink, keep-alive; load client ${baseline.client.clientCores.toFixed(2)} cores; sink CPU ${seconds(baseline.sinkCpuMs)}, ${baseline.connections} new connections`,
    `  ratio worker/baseline deliveries per second: ${ratio.toFixed(3)} × (for reference: the loop writes nothing; the worker's target is the pipeline's)`,
    ...ceiling(worker, baseline),
  ].join('\n');
}

const WORKER_LABEL = 'worker: request.create events in one commit';
const PIPELINE_LABEL = 'minimal durable pipeline: raw SQL, narrow queue';

function workerLine(worker: WorkerThroughput): string {
  return `  ${WORKER_LABEL.padEnd(50)} ${rate(worker.perSecond)} deliveries/s first→last arrival (${worker.count} in ${seconds(worker.spanMs)}); ${worker.fromCommitPerSecond.toFixed(0)}/s from the commit incl. fan-out; all recorded delivered ${seconds(worker.allRecordedMs)} after the commit; ${workerCpu(worker)}; sink CPU ${seconds(worker.sinkCpuMs)}, ${worker.connections} new connections; load average ${load(worker)}`;
}

function pipelineLine(pipeline: WorkerThroughput): string {
  return `  ${PIPELINE_LABEL.padEnd(50)} ${rate(pipeline.perSecond)} deliveries/s first→last arrival (${pipeline.count} in ${seconds(pipeline.spanMs)}); ${pipeline.fromCommitPerSecond.toFixed(0)}/s from the commit incl. fan-out; all recorded delivered ${seconds(pipeline.allRecordedMs)} after the commit; ${workerCpu(pipeline, 'client')}; sink CPU ${seconds(pipeline.sinkCpuMs)}, ${pipeline.connections} new connections; load average ${load(pipeline)}`;
}

/**
 * The worker against the pipeline: deliveries per second from the commit (fan-out included), and
 * each side's CPU per delivery, PostgreSQL's and its own, with issue 34's targets.
 */
function pipelineRatio(worker: WorkerThroughput, pipeline: WorkerThroughput): string[] {
  const ratio = pipeline.fromCommitPerSecond > 0 ? worker.fromCommitPerSecond / pipeline.fromCommitPerSecond : 0;
  const parts = [`  ratio worker/minimal pipeline deliveries per second from the commit: ${ratio.toFixed(3)} × (target ≥ 0.8 ×: ${met(ratio >= 0.8)})`];
  const [pgWorker, pgPipeline] = [perDelivery(worker, worker.postgresCpuMs), perDelivery(pipeline, pipeline.postgresCpuMs)];
  if (pgWorker !== null && pgPipeline !== null) parts.push(`PostgreSQL CPU per delivery ${pgWorker.toFixed(0)} / ${pgPipeline.toFixed(0)} µs, ${(pgWorker / pgPipeline).toFixed(2)} × (target ≤ 80 µs: ${met(pgWorker <= 80)})`);
  const [ownWorker, ownPipeline] = [perDelivery(worker, worker.workerCpuMs), perDelivery(pipeline, pipeline.workerCpuMs)];
  if (ownWorker !== null && ownPipeline !== null) parts.push(`worker/client CPU per delivery ${ownWorker.toFixed(0)} / ${ownPipeline.toFixed(0)} µs, ${(ownWorker / ownPipeline).toFixed(2)} × (target ≤ 90 µs: ${met(ownWorker <= 90)})`);
  return [parts.join('; ')];
}

function perDelivery(w: WorkerThroughput, ms: number | null): number | null {
  return ms === null || w.count === 0 ? null : (ms * 1000) / w.count;
}

/** The worker and the pipeline again with the server durable, as `npm start` runs it. */
export function reportDurable(settings: string, alg: string, worker: WorkerThroughput, pipeline: WorkerThroughput): string {
  return [
    `with durability on (${settings}, as npm start runs the embedded server), ${alg}: the same load on fresh webhooks, worker then minimal pipeline`,
    workerLine(worker),
    pipelineLine(pipeline),
    ...pipelineRatio(worker, pipeline),
  ].join('\n');
}

/**
 * What the machine allows at the CPU a delivery cost in this run: its cores over the worker's,
 * PostgreSQL's and the sink's time per delivery, as a rate and as a ratio to the loop's.
 */
function ceiling(worker: WorkerThroughput, baseline: BaselineThroughput): string[] {
  if (worker.workerCpuMs === null || worker.postgresCpuMs === null || worker.count === 0) return [];
  const perDelivery = (ms: number) => (ms * 1000) / worker.count;
  const [w, pg, sink] = [perDelivery(worker.workerCpuMs), perDelivery(worker.postgresCpuMs), perDelivery(worker.sinkCpuMs)];
  const cores = availableParallelism();
  const most = (cores * 1e6) / (w + pg + sink);
  const alone = 1e6 / w;
  const ofLoop = (perSecond: number) => (baseline.perSecond > 0 ? perSecond / baseline.perSecond : 0).toFixed(3);
  return [
    `  CPU per delivery: worker ${w.toFixed(0)} µs + PostgreSQL ${pg.toFixed(0)} µs + sink ${sink.toFixed(0)} µs = ${(w + pg + sink).toFixed(0)} µs; at that cost this machine's ${cores} cores deliver at most ${rate(most).trim()}/s, ${ofLoop(most)} × the loop; the worker alone, on a core of its own with PostgreSQL elsewhere, at most ${rate(alone).trim()}/s, ${ofLoop(alone)} ×`,
  ];
}

export function reportScaling(one: WorkerThroughput, two: WorkerThroughput, options: DeliveriesOptions): string {
  const ratio = one.perSecond > 0 ? two.perSecond / one.perSecond : 0;
  return [
    `two worker processes against one: the same load, ${two.count} deliveries over ${options.webhooks} webhooks to the same sink, first→last arrival`,
    `  two workers ${rate(two.perSecond)} deliveries/s (${two.count} in ${seconds(two.spanMs)}); ${workerCpu(two)}; load average ${load(two)}; sink CPU ${seconds(two.sinkCpuMs)} (${cores(two)} cores)`,
    `  one worker  ${rate(one.perSecond)} deliveries/s (${one.count} in ${seconds(one.spanMs)}); ${workerCpu(one)}; load average ${load(one)}; sink CPU ${seconds(one.sinkCpuMs)} (${cores(one)} cores)`,
    `  ratio two/one: ${ratio.toFixed(3)} × deliveries per second (printed: the machine's 2 cores are shared by PostgreSQL, the sink, the workers and the bench)`,
    ...cpuScaling(one, two),
  ].join('\n');
}

/** Issue 34: two workers may cost at most 1.15 × one worker's CPU per delivery (the workers' and PostgreSQL's). */
function cpuScaling(one: WorkerThroughput, two: WorkerThroughput): string[] {
  const perDelivery = (w: WorkerThroughput) => (w.workerCpuMs === null || w.postgresCpuMs === null || w.count === 0 ? null : ((w.workerCpuMs + w.postgresCpuMs) * 1000) / w.count);
  const [a, b] = [perDelivery(one), perDelivery(two)];
  if (a === null || b === null || a === 0) return [];
  return [`  CPU per delivery (workers + PostgreSQL) two/one: ${b.toFixed(0)} / ${a.toFixed(0)} µs, ${(b / a).toFixed(2)} × (target ≤ 1.15 ×: ${met(b / a <= 1.15)})`];
}

export function reportLatency(latency: LatencyResult, alg: string): string {
  return [
    `commit to arrival, ${alg}: one event per transaction (as the intake commits) at ${latency.rate}/s for ${latency.seconds} s, open loop; one webhook (request.update), one worker process`,
    `  ${latencyLine(latency)}${latency.missing ? `, ${latency.missing} MISSING` : ''} (targets p50 ≤ 10 ms: ${met(latency.p50Ms <= 10)}; p99 ≤ 50 ms: ${met(latency.p99Ms <= 50)})`,
    ...backlog(latency),
    `  the bench's commits, from due to acknowledged: ${latencyLine(latency.commits).replace(' deliveries)', ' commits)')}`,
    `  by stage (p50 / p99, database and worker clocks, ms precision): commit → delivery row ${stageLine(latency.stages.fanOut)}; → first attempt started ${stageLine(latency.stages.pickUp)}; → arrival at the sink ${stageLine(latency.stages.send)}`,
  ].join('\n');
}

export function reportStatementCosts(costs: StatementCosts): string {
  const us = (value: number | null) => (value === null ? 'unknown' : `${value.toFixed(1)} µs`);
  const row = (label: string, step: keyof StepCosts | null) => {
    const sum = (side: StepCosts) => (Object.values(side).some((v) => v === null) ? null : Object.values(side).reduce<number>((a, v) => a + (v ?? 0), 0));
    const [ours, theirs] = step === null ? [sum(costs.tessera), sum(costs.pipeline)] : [costs.tessera[step], costs.pipeline[step]];
    const ratio = ours !== null && theirs !== null && theirs > 0 ? `${(ours / theirs).toFixed(2)} ×` : '';
    return `  ${label.padEnd(44)} Tessera ${us(ours).padStart(9)}   pipeline ${us(theirs).padStart(9)}   ${ratio}`;
  };
  return [
    'batch statements: PostgreSQL backend CPU per delivery, one connection and no worker (the statement alone), Tessera\'s against the minimal pipeline\'s for the same step',
    row('fan-out (2,048 deliveries; 256 events)', 'fanOut'),
    row('claim (128)', 'claim'),
    row('outcome (64 delivered)', 'outcome'),
    row('the three', null),
  ].join('\n');
}

export function reportOrdered(run: OrderedRun, alg: string): string {
  const rate = (ms: number) => (ms > 0 ? Math.round((run.count * 1000) / ms) : 0);
  return [
    `ordered webhook, ${alg}: ${run.count} request.update events committed at once to one webhook with ordered: true, one worker process; sent one at a time in commit order (decision 052)`,
    `  ${rate(run.arrivalsMs)} deliveries/s first→last arrival (${run.count} in ${(run.arrivalsMs / 1000).toFixed(2)} s); ${rate(run.fromCommitMs)}/s from the commit incl. fan-out; ${run.outOfOrder === 0 ? 'every message after the one before it' : `${run.outOfOrder} OUT OF ORDER`}`,
  ].join('\n');
}

export function reportMail(runs: readonly MailRun[], options: DeliveriesOptions): string {
  const without = runs.find((r) => r.smtp === 'answering')!;
  const hung = runs.find((r) => r.smtp === 'hung')!;
  const ratio = without.latency.p99Ms > 0 ? hung.latency.p99Ms / without.latency.p99Ms : 0;
  const line = (r: MailRun) =>
    `  ${(r.smtp === 'hung' ? 'SMTP server hung (accepts, never greets)' : 'SMTP server answering (baseline)').padEnd(42)} healthy webhook ${latencyLine(r.latency)}; failing POSTs answered 500: ${r.failedPosts}; SMTP connections ${r.smtpConnections}, messages received ${r.smtpMessages}`;
  return [
    `failure e-mails during the run: commit to arrival of a healthy webhook at ${options.mailRate}/s (BENCH_MAIL_RATE) for ${options.latencySeconds} s, while ${without.failingWebhooks} failing webhooks (sink answers 500, mail_exceptions_to set) get ${without.failingRate} events/s; a fresh worker for each SMTP server`,
    line(without),
    ...backlog(without.latency),
    line(hung),
    `  ratio p99 hung/answering: ${ratio.toFixed(3)} × (target within 20 %, ≤ 1.2 ×: ${met(ratio <= 1.2)})`,
  ].join('\n');
}

/** A p50 above a second means the worker fell behind the rate: the figure is then a queue's length, said so. */
function backlog(latency: LatencyResult): string[] {
  return latency.p50Ms > 1000 ? [`  NOTE: the worker did not keep up with ${latency.rate} events/s (p50 over 1 s): these latencies are the backlog's`] : [];
}

function spread(options: DeliveriesOptions): string {
  const { webhooks, worker } = options;
  const capped = webhooks * worker.maxInFlightPerWebhook >= worker.maxInFlight;
  return `load spread over ${webhooks} webhooks to the same sink (${webhooks} × WEBHOOK_MAX_IN_FLIGHT_PER_WEBHOOK ${worker.maxInFlightPerWebhook} ${capped ? '≥' : '<'} WEBHOOK_MAX_IN_FLIGHT ${worker.maxInFlight}: ${capped ? 'the per-webhook cap is not what is measured' : 'THE PER-WEBHOOK CAP LIMITS THIS RUN'})`;
}

function rate(perSecond: number): string {
  return perSecond.toFixed(0).padStart(6);
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

/** The worker processes' CPU from the commit to the last record (fan-out included), per delivery: less moved by the machine's load than the rates. */
function workerCpu(w: WorkerThroughput, who = 'worker'): string {
  const worker = w.workerCpuMs === null ? `${who} CPU unknown (no /proc)` : `${who} CPU ${seconds(w.workerCpuMs)}, ${((w.workerCpuMs * 1000) / w.count).toFixed(0)} µs per delivery`;
  return w.postgresCpuMs === null ? worker : `${worker}; PostgreSQL CPU ${seconds(w.postgresCpuMs)}, ${((w.postgresCpuMs * 1000) / w.count).toFixed(0)} µs per delivery`;
}

function load(w: WorkerThroughput): string {
  return `${w.load.start.toFixed(2)} → ${w.load.end.toFixed(2)}`;
}

/** The sink's CPU over the time from the commit to the last record, in cores. */
function cores(w: WorkerThroughput): string {
  return w.allRecordedMs > 0 ? (w.sinkCpuMs / w.allRecordedMs).toFixed(2) : '0';
}

function met(ok: boolean): string {
  return ok ? 'met' : 'not met';
}

function latencyLine(l: LatencySummary): string {
  return `p50 ${l.p50Ms.toFixed(1)} ms, p90 ${l.p90Ms.toFixed(1)} ms, p99 ${l.p99Ms.toFixed(1)} ms, max ${l.maxMs.toFixed(1)} ms (${l.count} deliveries)`;
}

function stageLine(l: LatencySummary): string {
  return `${l.p50Ms.toFixed(0)} / ${l.p99Ms.toFixed(0)} ms`;
}

/** Today's claim at each backlog, and the largest backlog's cost per delivery over the smallest's (issue 34: ≤ 1.5 ×). */
export function reportBacklog(figures: readonly BacklogFigure[], options: DeliveriesOptions): string {
  const lines = figures.map(
    (f) =>
      `  backlog ${String(f.backlog).padStart(8)}: ${f.msPerClaim.toFixed(2)} ms a claim; per delivery ${f.wallUsPerDelivery.toFixed(1)} µs wall, ${f.backendUsPerDelivery === null ? 'backend CPU unknown (no /proc)' : `${f.backendUsPerDelivery.toFixed(1)} µs PostgreSQL backend CPU`} (${f.claimed} claimed in ${f.claims} claims); backlog written in ${seconds(f.fillMs)}`,
  );
  const [smallest, largest] = [figures[0], figures[figures.length - 1]];
  if (smallest && largest && figures.length > 1) {
    // One measure for both: the backend's CPU when both have it, else the wall time.
    const backend = smallest.backendUsPerDelivery !== null && largest.backendUsPerDelivery !== null;
    const cost = (f: BacklogFigure) => (backend ? f.backendUsPerDelivery! : f.wallUsPerDelivery);
    const which = backend ? 'backend CPU' : 'wall time';
    const ratio = cost(smallest) > 0 ? cost(largest) / cost(smallest) : 0;
    lines.push(`  ratio backlog ${largest.backlog}/${smallest.backlog}, ${which} per delivery: ${ratio.toFixed(2)} × (target ≤ 1.5 ×: ${met(ratio <= 1.5)})`);
  }
  return [
    `claim cost at a backlog: today's claim (the worker's claimDue, 128 a claim, WEBHOOK_MAX_IN_FLIGHT_PER_WEBHOOK ${options.worker.maxInFlightPerWebhook}, ${options.webhooks} webhooks, no worker running); at each size 10 claims then 200 measured, each claim's rows recorded delivered and replaced by new pending ones (a steady backlog)`,
    ...lines,
  ].join('\n');
}
