/**
 * A closed-loop load: `clients` workers call in turn until the plan (a number
 * of calls or of seconds) is spent; every call's latency is kept, and every
 * failure is counted under its reason so a run never hides one.
 */
import type { LoadPlan } from './bench-options.js';

/** What each API bench runs with: its caller (a token in its account), and the measured plan after the warm-up, with this many clients at once. */
export interface LoadBenchOptions {
  token: string;
  account: string;
  plan: LoadPlan;
  warmup: LoadPlan;
  clients: number;
}

/** `true` for a call that did what it should, else why it did not (`HTTP 500`, `ECONNRESET`, …). */
export type CallOutcome = true | string;

export interface LoadResult {
  calls: number;
  failures: number;
  failureReasons: Record<string, number>;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** CPU the load client itself used, in cores: near 1 would mean the client, not the server, sets the pace. */
  clientCores: number;
}

export async function runLoad(plan: LoadPlan, clients: number, call: (index: number) => Promise<CallOutcome>): Promise<LoadResult> {
  const latencies: number[] = [];
  const failureReasons: Record<string, number> = {};
  let next = 0;
  const began = performance.now();
  const cpuBefore = process.cpuUsage();
  const more = 'calls' in plan ? () => next < plan.calls : () => performance.now() - began < plan.seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (more()) {
        const index = next++;
        const start = performance.now();
        const outcome = await call(index).catch(reasonOf);
        latencies.push(performance.now() - start);
        if (outcome !== true) failureReasons[outcome] = (failureReasons[outcome] ?? 0) + 1;
      }
    }),
  );
  const seconds = (performance.now() - began) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  latencies.sort((a, b) => a - b);
  const at = (q: number) => percentile(latencies, q);
  const failures = Object.values(failureReasons).reduce((sum, n) => sum + n, 0);
  return { calls: latencies.length, failures, failureReasons, seconds, perSecond: latencies.length / seconds, p50Ms: at(0.5), p99Ms: at(0.99), clientCores: (cpu.user + cpu.system) / 1e6 / seconds };
}

/** The value at quantile `q` (0.5 = p50) of values sorted ascending, nearest rank; 0 when there are none. */
export function percentile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/** A measured run and what failed in the warm-up before it (JIT, pools and caches warm up first). */
export interface Measured {
  result: LoadResult;
  warmupFailures: Record<string, number>;
}

export async function warmThenMeasure(warmup: LoadPlan, plan: LoadPlan, clients: number, call: (index: number) => Promise<CallOutcome>): Promise<Measured> {
  const warm = await runLoad(warmup, clients, call);
  const result = await runLoad(plan, clients, call);
  return { result, warmupFailures: warm.failureReasons };
}

export function failuresOf(...sides: Measured[]): number {
  return sides.reduce((sum, side) => sum + side.result.failures + Object.values(side.warmupFailures).reduce((a, b) => a + b, 0), 0);
}

export function formatWarmupFailures(sides: Record<string, Measured>): string[] {
  return Object.entries(sides)
    .filter(([, side]) => Object.keys(side.warmupFailures).length > 0)
    .map(([name, side]) => `  WARM-UP FAILURES (${name}): ${formatReasons(side.warmupFailures)}`);
}

export function formatResult(name: string, r: LoadResult): string {
  const failures = r.failures === 0 ? 'failures 0' : `FAILURES ${r.failures} (${formatReasons(r.failureReasons)})`;
  return `  ${name.padEnd(44)} ${r.perSecond.toFixed(0).padStart(7)} /s   p50 ${r.p50Ms.toFixed(1).padStart(6)} ms   p99 ${r.p99Ms.toFixed(1).padStart(6)} ms   ${String(r.calls).padStart(6)} calls   client ${r.clientCores.toFixed(2)} cores   ${failures}`;
}

export function formatRatio(tessera: LoadResult, baseline: LoadResult, target: number): string {
  const ratio = tessera.perSecond / baseline.perSecond;
  return `  ratio tessera/baseline throughput: ${ratio.toFixed(3)} × (target ≥ ${target} ×: ${ratio >= target ? 'met' : 'not met'})`;
}

export function formatReasons(reasons: Record<string, number>): string {
  return Object.entries(reasons)
    .sort(([, a], [, b]) => b - a)
    .map(([reason, count]) => `${reason} ×${count}`)
    .join(', ');
}

function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return 'code' in error && typeof error.code === 'string' ? error.code : error.name;
}
