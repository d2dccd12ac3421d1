/**
 * What `npm run bench` measures and for how long, from the environment (see
 * tools/bench/README.md). A bad value stops the run before anything starts.
 */
import path from 'node:path';

export type Runtime = 'bundle' | 'tsx';
export type EventsMix = 'half' | 'new' | 'match';
export type SinkMode = 'child' | 'inline';
/**
 * A policy algorithm (`jwt_alg`) of the deliveries benchmark. Any lower-case name is taken: one the
 * policy table does not accept yet (ed25519 while it is being added) is skipped with a line saying so.
 */
export type DeliveryAlg = string;

/** A measured phase lasts either a number of seconds or a number of calls. */
export type LoadPlan = { seconds: number } | { calls: number };

export interface BenchOptions {
  only: 'me' | 'events' | 'deliveries' | 'oauth' | 'graphql' | 'records' | 'expressions' | 'automation' | 'rules-fairness' | null;
  me: { plan: LoadPlan; warmup: LoadPlan; clients: number };
  events: { plan: LoadPlan; warmup: LoadPlan; clients: number; mix: EventsMix };
  deliveries: DeliveriesOptions;
  oauth: OAuthOptions;
  /** `{ me { id name } }` against a bare Apollo, then the 100-request page (BENCH_ONLY=graphql). */
  graphql: { plan: LoadPlan; warmup: LoadPlan; clients: number };
  /** A page and a create of organizations, a record of the engine, against raw SQL (BENCH_ONLY=records). */
  records: { plan: LoadPlan; warmup: LoadPlan; clients: number; organizations: number };
  /** Rule condition evaluations against a plain JS function, and the slowest accepted expressions (BENCH_ONLY=expressions). */
  expressions: { evaluations: number; worstEvaluations: number };
  /** Account B's calls while account A's hostile rules run, against A idle (BENCH_ONLY=rules-fairness): B's clients, A's changes a second. */
  rulesFairness: { plan: LoadPlan; warmup: LoadPlan; clients: number; hostileRate: number };
  runtime: Runtime;
  /** Where the api writes its .cpuprofile files; null when not profiling. */
  cpuProfileDir: string | null;
  /** BENCH_PG_STATEMENTS=1: the statements PostgreSQL ran in each deliveries throughput run, by time (pg_stat_statements). */
  pgStatements: boolean;
  logLevel: string;
}

export interface DeliveriesOptions {
  /** Deliveries of the throughput run (events × webhooks), and POSTs of the baseline loop. */
  events: number;
  /** Deliveries (and baseline POSTs) before the measured ones, to warm up the worker and the loop. */
  warmupEvents: number;
  /** One policy per algorithm, each measured with a fresh worker process. */
  algs: DeliveryAlg[];
  /** Webhooks to the same sink sharing the throughput load, so the per-webhook cap is not what is measured. */
  webhooks: number;
  /** The worker's settings (WEBHOOK_MAX_IN_FLIGHT, …): the baseline loop keeps `maxInFlight` POSTs in flight. */
  worker: WorkerSettings;
  /** Events per second (one per transaction) and seconds of the commit-to-arrival runs. */
  latencyRate: number;
  latencySeconds: number;
  /** Webhooks answered 500 during the mail runs, each with mail_exceptions_to, so failure e-mails are queued. */
  failingWebhooks: number;
  /** Events per second of the healthy webhook in the mail runs: a rate the worker keeps up with, so the mail's effect is what shows. */
  mailRate: number;
  sink: SinkMode;
  /** --quick / BENCH_QUICK=1: small counts, to check the harness (the bench's own spec), not the speed. */
  quick: boolean;
  /** BENCH_DELIVERY_PARTS: the parts to run (all by default), to measure one of them again quickly. */
  parts: DeliveryPart[];
  /** BENCH_CLAIM_BACKLOGS: the pending backlogs the claim's cost is measured at. */
  claimBacklogs: number[];
  /** BENCH_ORDERED_EVENTS: events committed at once to one ordered webhook, whose rate is printed. */
  orderedEvents: number;
}

export const DELIVERY_PARTS = ['throughput', 'durable', 'statements', 'scaling', 'latency', 'mail', 'ordered', 'backlog'] as const;
export type DeliveryPart = (typeof DELIVERY_PARTS)[number];

/** What the bench passes to the worker; null leaves the worker's own default. */
export interface WorkerSettings {
  maxInFlight: number;
  maxInFlightPerWebhook: number;
  concurrency: number | null;
  mailConcurrency: number | null;
}

/** The code → token benchmark (BENCH_ONLY=oauth): codes exchanged per side, after a warm-up. */
export interface OAuthOptions {
  codes: number;
  warmupCodes: number;
  clients: number;
}

export function readBenchOptions(env: Record<string, string | undefined>, argv: readonly string[] = []): BenchOptions {
  const quick = argv.includes('--quick') || env['BENCH_QUICK'] === '1';
  const seconds = positive(env, 'BENCH_DURATION', 10);
  const warmupSeconds = positive(env, 'BENCH_WARMUP', 3);
  const clients = env['BENCH_CLIENTS'] === undefined ? null : positive(env, 'BENCH_CLIENTS', 1);
  const meCalls = optionalPositive(env, 'BENCH_ME_REQUESTS');
  const eventsCalls = optionalPositive(env, 'BENCH_EVENTS');
  const graphqlCalls = optionalPositive(env, 'BENCH_GRAPHQL_REQUESTS');
  const recordsCalls = optionalPositive(env, 'BENCH_RECORDS_REQUESTS');
  return {
    only: oneOf(env, 'BENCH_ONLY', ['me', 'events', 'deliveries', 'oauth', 'graphql', 'records', 'expressions', 'automation', 'rules-fairness'] as const, null),
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
      events: count(env, 'BENCH_DELIVERIES', quick ? 160 : 20_000),
      warmupEvents: count(env, 'BENCH_DELIVERIES_WARMUP', quick ? 40 : 2_000),
      algs: algList(env, quick ? ['hs256', 'ed25519'] : ['hs256', 'es256', 'ed25519']),
      webhooks: count(env, 'BENCH_WEBHOOKS', 8),
      worker: {
        maxInFlight: count(env, 'BENCH_WORKER_MAX_IN_FLIGHT', 64),
        maxInFlightPerWebhook: count(env, 'BENCH_WORKER_MAX_IN_FLIGHT_PER_WEBHOOK', 16),
        concurrency: optionalPositive(env, 'BENCH_WORKER_CONCURRENCY'),
        mailConcurrency: optionalPositive(env, 'BENCH_MAIL_CONCURRENCY'),
      },
      latencyRate: positive(env, 'BENCH_LATENCY_RATE', quick ? 50 : 200),
      latencySeconds: positive(env, 'BENCH_LATENCY_SECONDS', quick ? 1 : 10),
      failingWebhooks: count(env, 'BENCH_FAILING_WEBHOOKS', 4),
      mailRate: positive(env, 'BENCH_MAIL_RATE', quick ? 50 : 100),
      sink: oneOf(env, 'BENCH_SINK', ['child', 'inline'] as const, 'child'),
      quick,
      parts: partList(env),
      claimBacklogs: countList(env, 'BENCH_CLAIM_BACKLOGS', quick ? [1_000, 5_000] : [10_000, 100_000, 1_000_000]),
      orderedEvents: count(env, 'BENCH_ORDERED_EVENTS', quick ? 20 : 300),
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
    records: {
      plan: recordsCalls ? { calls: recordsCalls } : { seconds },
      warmup: { seconds: warmupSeconds },
      clients: clients ?? 20,
      organizations: count(env, 'BENCH_RECORDS_ORGANIZATIONS', 200),
    },
    expressions: {
      evaluations: count(env, 'BENCH_EXPRESSION_EVALUATIONS', quick ? 2_000 : 30_000),
      worstEvaluations: count(env, 'BENCH_EXPRESSION_WORST_RUNS', quick ? 5 : 30),
    },
    rulesFairness: {
      plan: { seconds },
      warmup: { seconds: warmupSeconds },
      clients: clients ?? 10,
      hostileRate: positive(env, 'BENCH_HOSTILE_RATE', 10),
    },
    runtime: oneOf(env, 'BENCH_RUNTIME', ['bundle', 'tsx'] as const, 'bundle'),
    cpuProfileDir: env['BENCH_CPU_PROFILE'] ? path.resolve(env['BENCH_CPU_PROFILE']) : null,
    pgStatements: env['BENCH_PG_STATEMENTS'] === '1',
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

function count(env: Record<string, string | undefined>, name: string, fallback: number): number {
  return Math.round(positive(env, name, fallback));
}

function algList(env: Record<string, string | undefined>, fallback: DeliveryAlg[]): DeliveryAlg[] {
  const raw = env['BENCH_WEBHOOK_ALGS'];
  if (raw === undefined || raw.trim() === '') return fallback;
  const items = [...new Set(raw.split(',').map((item) => item.trim()).filter((item) => item !== ''))];
  const bad = items.find((item) => !/^[a-z][a-z0-9]{1,15}$/.test(item));
  if (bad !== undefined) throw new Error(`BENCH_WEBHOOK_ALGS must be policy algorithms in lower case (hs256, es256, ed25519, …), got "${bad}"`);
  return items;
}

function countList(env: Record<string, string | undefined>, name: string, fallback: number[]): number[] {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  return raw.split(',').map((item) => item.trim()).filter((item) => item !== '').map((item) => {
    const value = Number(item.replace(/_/g, ''));
    if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be positive whole numbers separated by commas, got "${item}"`);
    return value;
  });
}

function partList(env: Record<string, string | undefined>): DeliveryPart[] {
  const raw = env['BENCH_DELIVERY_PARTS'];
  if (raw === undefined || raw.trim() === '') return [...DELIVERY_PARTS];
  const items = raw.split(',').map((item) => item.trim()).filter((item) => item !== '');
  const bad = items.find((item) => !(DELIVERY_PARTS as readonly string[]).includes(item));
  if (bad !== undefined) throw new Error(`BENCH_DELIVERY_PARTS must name parts among ${DELIVERY_PARTS.join(', ')}, got "${bad}"`);
  return DELIVERY_PARTS.filter((part) => items.includes(part));
}

function oneOf<T extends string, F extends T | null>(env: Record<string, string | undefined>, name: string, values: readonly T[], fallback: F): T | F {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const found = values.find((value) => value === raw);
  if (found === undefined) throw new Error(`${name} must be one of ${values.join(', ')}, got "${raw}"`);
  return found;
}
