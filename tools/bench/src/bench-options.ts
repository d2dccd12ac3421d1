/**
 * What `npm run bench` measures and for how long, from the environment (see
 * tools/bench/README.md). A bad value stops the run before anything starts.
 */
import path from 'node:path';

export type Runtime = 'bundle' | 'tsx';
export type EventsMix = 'half' | 'new' | 'match';
export type SinkMode = 'child' | 'inline';
/** The signing algorithms the deliveries benchmark can give its webhook's policy. */
export const DELIVERY_ALGS = ['none', 'hs256', 'es256', 'rs256'] as const;
export type DeliveryAlg = (typeof DELIVERY_ALGS)[number];

/** A measured phase lasts either a number of seconds or a number of calls. */
export type LoadPlan = { seconds: number } | { calls: number };

export interface BenchOptions {
  only: 'me' | 'events' | 'deliveries' | 'oauth' | 'graphql' | null;
  me: { plan: LoadPlan; warmup: LoadPlan; clients: number };
  events: { plan: LoadPlan; warmup: LoadPlan; clients: number; mix: EventsMix };
  deliveries: DeliveriesOptions;
  oauth: OAuthOptions;
  /** `{ me { id name } }` against a bare Apollo, then the 100-request page (BENCH_ONLY=graphql). */
  graphql: { plan: LoadPlan; warmup: LoadPlan; clients: number };
  runtime: Runtime;
  /** Where the api writes its .cpuprofile files; null when not profiling. */
  cpuProfileDir: string | null;
  logLevel: string;
}

export interface DeliveriesOptions {
  /** webhook-event jobs committed at once for the throughput run. */
  events: number;
  /** Events delivered (and not measured) before it, to warm up the worker and the baseline. */
  warmupEvents: number;
  /** One policy per algorithm, each measured with a fresh worker process. */
  algs: DeliveryAlg[];
  /** Events per second and seconds of the commit-to-delivery latency run. */
  latencyRate: number;
  latencySeconds: number;
  sink: SinkMode;
}

/** The code → token benchmark (BENCH_ONLY=oauth): codes exchanged per side, after a warm-up. */
export interface OAuthOptions {
  codes: number;
  warmupCodes: number;
  clients: number;
}

export function readBenchOptions(env: Record<string, string | undefined>): BenchOptions {
  const seconds = positive(env, 'BENCH_DURATION', 10);
  const warmupSeconds = positive(env, 'BENCH_WARMUP', 3);
  const clients = env['BENCH_CLIENTS'] === undefined ? null : positive(env, 'BENCH_CLIENTS', 1);
  const meCalls = optionalPositive(env, 'BENCH_ME_REQUESTS');
  const eventsCalls = optionalPositive(env, 'BENCH_EVENTS');
  const graphqlCalls = optionalPositive(env, 'BENCH_GRAPHQL_REQUESTS');
  return {
    only: oneOf(env, 'BENCH_ONLY', ['me', 'events', 'deliveries', 'oauth', 'graphql'] as const, null),
    me: {
      plan: meCalls ? { calls: meCalls } : { seconds },
      warmup: { seconds: warmupSeconds },
      clients: clients ?? 20,
    },
    events: {
      plan: eventsCalls ? { calls: eventsCalls } : { seconds },
      warmup: { seconds: warmupSeconds },
      clients: clients ?? 50,
      mix: oneOf(env, 'BENCH_EVENTS_MIX', ['half', 'new', 'match'] as const, 'half'),
    },
    deliveries: {
      events: Math.round(positive(env, 'BENCH_DELIVERIES', 2000)),
      warmupEvents: Math.round(positive(env, 'BENCH_DELIVERIES_WARMUP', 200)),
      algs: listOf(env, 'BENCH_WEBHOOK_ALGS', DELIVERY_ALGS, ['hs256', 'es256']),
      latencyRate: positive(env, 'BENCH_LATENCY_RATE', 20),
      latencySeconds: positive(env, 'BENCH_LATENCY_SECONDS', 10),
      sink: oneOf(env, 'BENCH_SINK', ['child', 'inline'] as const, 'child'),
    },
    oauth: {
      codes: Math.round(positive(env, 'BENCH_OAUTH_CODES', 2000)),
      warmupCodes: Math.round(positive(env, 'BENCH_OAUTH_WARMUP', 200)),
      clients: clients ?? 10,
    },
    graphql: {
      plan: graphqlCalls ? { calls: graphqlCalls } : { seconds },
      warmup: { seconds: warmupSeconds },
      clients: clients ?? 20,
    },
    runtime: oneOf(env, 'BENCH_RUNTIME', ['bundle', 'tsx'] as const, 'bundle'),
    cpuProfileDir: env['BENCH_CPU_PROFILE'] ? path.resolve(env['BENCH_CPU_PROFILE']) : null,
    logLevel: env['BENCH_LOG_LEVEL'] ?? 'warn',
  };
}

export function describePlan(plan: LoadPlan): string {
  return 'seconds' in plan ? `${plan.seconds} s` : `${plan.calls} calls`;
}

function positive(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

function optionalPositive(env: Record<string, string | undefined>, name: string): number | null {
  return env[name] ? Math.round(positive(env, name, 1)) : null;
}

function listOf<T extends string>(env: Record<string, string | undefined>, name: string, values: readonly T[], fallback: T[]): T[] {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const items = [...new Set(raw.split(',').map((item) => item.trim()).filter((item) => item !== ''))];
  return items.map((item) => oneOf({ [name]: item }, name, values, null) as T);
}

function oneOf<T extends string, F extends T | null>(env: Record<string, string | undefined>, name: string, values: readonly T[], fallback: F): T | F {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const found = values.find((value) => value === raw);
  if (found === undefined) throw new Error(`${name} must be one of ${values.join(', ')}, got "${raw}"`);
  return found;
}
