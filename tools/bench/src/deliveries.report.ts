/** The printed lines of the deliveries benchmark, one block per signing algorithm. */
import type { DeliveriesOptions } from './bench-options.js';
import { WORKER_DEFAULT_CONCURRENCY, type DeliveriesResult } from './deliveries.bench.js';
import type { LatencySummary } from './delivery-figures.js';
import { formatReasons } from './load.js';

const ALG_NOTES: Record<string, string> = {
  none: 'unsecured JWT (alg none)',
  hs256: 'JWT HS256 + Standard Webhooks v1 HMAC signature header',
  es256: 'JWT ES256 (P-256 ECDSA)',
  rs256: 'JWT RS256 (RSA 2048)',
};

export function reportDeliveries(result: DeliveriesResult, options: DeliveriesOptions, sinkMode: string): string {
  const { worker, baseline, latency } = result;
  const ratio = baseline.perSecond > 0 ? worker.perSecond / baseline.perSecond : 0;
  const sink = sinkMode === 'child' ? 'node:http sink in a child process' : 'node:http sink in the bench process';
  const failures = Object.keys(result.failures).length === 0 ? 'failures 0' : `FAILURES: ${formatReasons(result.failures)}`;
  return [
    `webhook deliveries, ${result.alg}: ${ALG_NOTES[result.alg] ?? result.alg}; body ${result.bodyBytes} bytes; ${sink} answering 204; one worker process, concurrency ${WORKER_DEFAULT_CONCURRENCY} (its default); ${options.warmupEvents} events of warm-up per side first; load average ${result.loadAtStart.toFixed(2)}`,
    `  ${'worker: N webhook-event jobs in one commit'.padEnd(46)} ${rate(worker.perSecond)} deliveries/s first→last arrival (${worker.count} in ${(worker.spanMs / 1000).toFixed(2)} s); ${worker.fromCommitPerSecond.toFixed(0)}/s from the commit incl. fan-out; all recorded delivered ${(worker.allRecordedMs / 1000).toFixed(2)} s after the commit; sink CPU ${(worker.sinkCpuMs / 1000).toFixed(2)} s, ${worker.connections} connections`,
    `  ${`baseline: bare got POST loop, ${WORKER_DEFAULT_CONCURRENCY} clients`.padEnd(46)} ${rate(baseline.perSecond)} POSTs/s first→last arrival (${baseline.count} in ${(baseline.spanMs / 1000).toFixed(2)} s); same body and headers, same sink; load client ${baseline.client.clientCores.toFixed(2)} cores; sink CPU ${(baseline.sinkCpuMs / 1000).toFixed(2)} s, ${baseline.connections} connections`,
    `  ratio worker/baseline deliveries per second: ${ratio.toFixed(3)} ×`,
    `  commit-to-delivery, one event per transaction at ${latency.rate}/s for ${latency.seconds} s: ${latencyLine(latency)}${latency.missing ? `, ${latency.missing} MISSING` : ''}`,
    `    by stage (p50 / p99): commit → delivery row ${stageLine(latency.stages.fanOut)}; → first attempt started ${stageLine(latency.stages.pickUp)}; → arrival at the sink ${stageLine(latency.stages.send)}`,
    `  ${failures}`,
  ].join('\n');
}

export function deliveriesFailures(result: DeliveriesResult): number {
  return Object.values(result.failures).reduce((sum, n) => sum + n, 0);
}

function rate(perSecond: number): string {
  return perSecond.toFixed(0).padStart(6);
}

function latencyLine(l: LatencySummary): string {
  return `p50 ${l.p50Ms.toFixed(1)} ms, p99 ${l.p99Ms.toFixed(1)} ms, max ${l.maxMs.toFixed(1)} ms (${l.count} deliveries)`;
}

function stageLine(l: LatencySummary): string {
  return `${l.p50Ms.toFixed(0)} / ${l.p99Ms.toFixed(0)} ms`;
}
