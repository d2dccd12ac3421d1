/**
 * What the GraphQL benchmark judges and prints besides load.ts's lines: whether one answer is a
 * success (HTTP 200 and no `errors`: a GraphQL error answers 200 too), the quota headers of the
 * real app's answer, and the ratio of the two sides.
 */
import type { CallOutcome, LoadResult } from './load.js';

/** A call succeeded when it answered 200 with data and no `errors`; else why not (`HTTP 429`, `GraphQL UNAUTHORIZED`). */
export function graphqlOutcome(status: number, body: string): CallOutcome {
  if (status !== 200) return `HTTP ${status}`;
  // Cheap on the success path, the same on both sides: parse only an answer that may hold errors.
  if (!body.includes('"errors"')) return true;
  try {
    const errors = (JSON.parse(body) as { errors?: Array<{ extensions?: { code?: unknown } }> }).errors;
    if (!errors || errors.length === 0) return true;
    return `GraphQL ${String(errors[0]?.extensions?.code ?? 'error')}`;
  } catch {
    return 'GraphQL unreadable body';
  }
}

const QUOTA_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-costlimit-limit', 'x-costlimit-cost', 'x-costlimit-remaining'];

/** The rate and cost headers of one answer, to show the quotas ran (and were set high enough). */
export function describeQuotaHeaders(headers: Record<string, string | string[] | undefined>): string {
  const present = QUOTA_HEADERS.filter((name) => headers[name] !== undefined).map((name) => `${name} ${String(headers[name])}`);
  return present.length > 0 ? present.join(', ') : 'none (this build sends no X-RateLimit-* or X-CostLimit-* header)';
}

export function formatThroughputRatio(name: string, tessera: LoadResult, baseline: LoadResult): string {
  const ratio = baseline.perSecond > 0 ? tessera.perSecond / baseline.perSecond : 0;
  return `  ratio ${name} throughput: ${ratio.toFixed(3)} ×; p99 ${tessera.p99Ms.toFixed(1)} ms against ${baseline.p99Ms.toFixed(1)} ms`;
}

export function formatSkipped(what: string, reason: string): string {
  return `${what}: skipped: ${reason}`;
}

/**
 * The server processes' CPU time per call over the measured runs (/proc): a figure the shared
 * machine's load moves much less than the rates, since waiting for a core is not counted.
 */
export function formatServerCpu(name: string, ms: number | null, baselineName: string, baselineMs: number | null): string {
  if (ms === null || baselineMs === null) return '  server CPU per call: unknown (no /proc here)';
  const ratio = baselineMs > 0 ? ` (${(ms / baselineMs).toFixed(2)} ×)` : '';
  return `  server CPU per call: ${name} ${ms.toFixed(3)} ms, ${baselineName} ${baselineMs.toFixed(3)} ms${ratio}`;
}
