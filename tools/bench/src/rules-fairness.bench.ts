/**
 * Issue 33 "Done when": the API stays as fast for other accounts while hostile rules run. Account A
 * (the demo account) has hostile but accepted request rules — conditions over long lists at the macro
 * step bound, strings built by a map, time-zone reads near the call bound, a regular expression, and
 * a rule that changes its own request until the depth limit stops it — and changes a request at a
 * fixed rate (open loop), so every change runs them all, six levels deep. Meanwhile account B (made
 * here, with one rule of its own) drives a closed loop of `GET /v1/me`, `POST /v1/requests` and
 * `PATCH /v1/requests/:id`. B's figures in three phases of the same run, through the same api and
 * webhook worker: A idle; A's changes without its rules (what A's own calls cost B); A's changes
 * with its hostile rules. Besides B's rate and latencies: the worker's CPU in each phase, and how
 * long B's own rule took to run after a change of the request it watches, which shows whether A's
 * rules hold the rules lane.
 */
import { generatePersonalAccessToken, hashToken } from '@tessera/domain';
import { createDatabase, insertPersonalAccessToken } from '@tessera/persistence';
import pg from 'pg';
import type { LoadPlan } from './bench-options.js';
import { createHttpClient, type HttpClient } from './http-client.js';
import { runLoad, type Measured } from './load.js';

export const FAIRNESS_TARGET = 0.8;
/** Hostile rules of account A (all evaluate, none acts), besides its self-changing one. */
export const HOSTILE_RULES = 20;
/** How long B's new requests' rule runs are waited for after a phase, before the lag is read. */
export const SETTLE_MS = 5_000;
/** How long the worker gets to finish A's jobs once its rules are gone, at the end. */
export const DRAIN_MS = 120_000;
const A_REQUESTS = 20;
const B_REQUESTS = 20;

export interface RulesFairnessOptions {
  apiOrigin: string;
  databaseUrl: string;
  /** Account A: the demo account and its administrator's token. */
  token: string;
  account: string;
  plan: LoadPlan;
  warmup: LoadPlan;
  /** B's clients at once. */
  clients: number;
  /** A's changes a second. */
  hostileRate: number;
  /** The webhook worker's CPU time so far (ms); null when it cannot be read. */
  workerCpuMs: () => number | null;
}

export type PhaseName = 'A idle' | "A's changes, no rules" | "A's changes and hostile rules";

export interface PhaseResult {
  name: PhaseName;
  b: Measured;
  /** Cores the worker used over B's measured run; null when it could not be read. */
  workerCores: number | null;
  /** A's changes sent during B's measured run, and those that failed. */
  aChanges: number;
  aFailures: Record<string, number>;
  /** B's rule: change of its watched request → its run (ms, sorted) in the measured run, and how many changes had no run SETTLE_MS after it. */
  bRuleLags: number[];
  bRuleMissing: number;
}

export interface RulesFairnessResult {
  phases: PhaseResult[];
  /** A's rule runs logged in the hostile phase and its drain: all, stopped at the depth limit or the budget, failed otherwise. */
  aRuns: { runs: number; stopped: number; failed: number };
  /** automation-run jobs queued when the hostile phase ended, and the seconds until none was (A's rules disabled first). */
  queuedAtEnd: number;
  drainSeconds: number | null;
}

interface Account {
  id: string;
  token: string;
}

const headersOf = (account: Account) => ({ authorization: `Bearer ${account.token}`, 'x-service-account': account.id, 'content-type': 'application/json' });

async function call(client: HttpClient, account: Account, method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const answer = await client.send({ method, path, headers: headersOf(account), ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const text = answer.body.toString('utf8');
  return { status: answer.status, json: text.length > 0 && answer.status < 300 ? JSON.parse(text) : text };
}

async function must(answer: Promise<{ status: number; json: unknown }>, expected: number, what: string): Promise<Record<string, unknown>> {
  const { status, json } = await answer;
  if (status !== expected) throw new Error(`${what} answered ${status}: ${typeof json === 'string' ? json : JSON.stringify(json)}`);
  return json as Record<string, unknown>;
}

/** Account B: an account of its own, an administrator in it and their `*:*` token. */
async function makeAccountB(pool: pg.Pool, databaseUrl: string): Promise<Account> {
  const id = `bench-b-${Date.now().toString(36)}`;
  await pool.query('insert into accounts (id, name) values ($1, $2)', [id, 'Bench account B']);
  const person = await pool.query<{ id: number }>('insert into people (account_id, name, primary_email, locale) values ($1, $2, $3, $4) returning id', [id, 'Bea Bench', `${id}@bench.example`, 'en-US']);
  const personId = person.rows[0]!.id;
  await pool.query("insert into person_roles (person_id, account_id, role) values ($1, $2, 'administrator'), ($1, $2, 'agent')", [personId, id]);
  const token = generatePersonalAccessToken();
  const db = createDatabase({ url: databaseUrl, poolMax: 1 });
  try {
    await insertPersonalAccessToken(db, { personId, name: 'bench account B', tokenHash: hashToken(token), scopes: ['*:*'], expiresAt: null });
  } finally {
    await db.destroy();
  }
  return { id, token };
}

/** `n` comma-separated integers from 0: a list literal within the expression's length and node bounds. */
const numbers = (n: number) => Array.from({ length: n }, (_, i) => i).join(',');

/**
 * Each near an evaluation bound of decision 054, none of them true: 300 items × an 18-way test (about
 * 23,000 of the 25,000 macro steps), 300 strings built by a map, 15 time-zone reads (the call bound
 * refuses 21), a regular expression; the condition reads them all, so every rule pays every one.
 */
export function hostileRule(i: number): Record<string, unknown> {
  const test = Array.from({ length: 18 }, (_, k) => `n == ${-1 - k}`).join(' || ');
  const hours = Array.from({ length: 15 }, () => "record.created_at.getHours('Europe/Amsterdam')").join(' + ');
  return {
    name: `hostile ${i}`, generic: 'request', trigger: 'on create or update', position: i,
    expressions: [
      `items: [${numbers(300)}]`,
      `listed: items.exists(n, ${test})`,
      `built: items.map(n, record.subject + string(n)).size() == 0`,
      `hours: ${hours} > 400`,
      `pattern: record.subject.matches('^([a-z]+ )+[0-9]+z$')`,
    ].join('\n'),
    condition: 'listed || built || hours || pattern',
    actions: "note: update request add note 'never'",
  };
}

/** Changes its own request at every run: each change runs it (and every rule) again one level deeper, until the depth limit stops it. */
export const SELF_CHANGING_RULE = {
  name: 'hostile self-changing', generic: 'request', trigger: 'on update', position: HOSTILE_RULES,
  condition: 'true', actions: "flip: update request set impact = record.impact == 'low' ? 'medium' : 'low'",
};

/**
 * B's own rule, owned by one of B's requests (the watched one, which B's loop changes about once a
 * second): only that request's changes queue B's rule runs, so their lag is the lane's, not a
 * backlog of B's own. Its action changes no subject: it does not trigger itself.
 */
const bRule = (watched: number) => ({
  name: 'bench b watched', owner_type: 'request', owner_id: watched, trigger: 'on subject update', condition: 'true', actions: "calm: update request set impact = 'low'",
});

export async function benchRulesFairness(options: RulesFairnessOptions): Promise<RulesFairnessResult> {
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 2 });
  const client = createHttpClient(options.apiOrigin, options.clients + 4);
  const a: Account = { id: options.account, token: options.token };
  try {
    await pool.query('delete from automation_rules where account_id = $1', [a.id]);
    const b = await makeAccountB(pool, options.databaseUrl);
    const made = async (account: Account, n: number, label: string) => {
      const ids: number[] = [];
      for (let i = 0; i < n; i++) ids.push(Number((await must(call(client, account, 'POST', '/v1/requests', { subject: `${label} ${i}`, category: 'incident' }), 201, `creating ${label}`))['id']));
      return ids;
    };
    const aRequests = await made(a, A_REQUESTS, 'fairness a');
    const bRequests = await made(b, B_REQUESTS, 'fairness b');
    const bRuleId = Number((await must(call(client, b, 'POST', '/v1/automation_rules', bRule(bRequests[0]!)), 201, "writing B's rule"))['id']);

    const phases: PhaseResult[] = [];
    const phase = async (name: PhaseName) => {
      const stream = name === 'A idle' ? null : startStream(client, a, aRequests, options.hostileRate);
      try {
        const watchedChanges: number[] = [];
        const bLoad = loadOfB(client, b, bRequests, name, watchedChanges);
        await runLoad(options.warmup, options.clients, bLoad);
        watchedChanges.length = 0;
        const since = await dbNow(pool);
        const cpuBefore = options.workerCpuMs();
        const sentBefore = stream?.sent() ?? 0;
        const result = await runLoad(options.plan, options.clients, bLoad);
        const cpuAfter = options.workerCpuMs();
        const aChanges = (stream?.sent() ?? 0) - sentBefore;
        await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
        const lags = await bRuleLags(pool, bRuleId, since, watchedChanges);
        phases.push({
          name, b: { result, warmupFailures: {} }, aChanges, aFailures: stream?.failures() ?? {},
          workerCores: cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / 1000 / result.seconds,
          bRuleLags: lags.lags, bRuleMissing: lags.missing,
        });
      } finally {
        await stream?.stop();
      }
    };

    await phase('A idle');
    await phase("A's changes, no rules");
    const hostileSince = await dbNow(pool);
    for (let i = 0; i < HOSTILE_RULES; i++) await must(call(client, a, 'POST', '/v1/automation_rules', hostileRule(i)), 201, 'writing a hostile rule');
    await must(call(client, a, 'POST', '/v1/automation_rules', SELF_CHANGING_RULE), 201, 'writing the self-changing rule');
    await phase("A's changes and hostile rules");

    const queuedAtEnd = await queuedRuns(pool);
    // A's rule runs of the hostile phase so far, counted before its rules (and their runs with them) go.
    const count = async (where: string) => Number((await pool.query<{ n: string }>(`select count(*) as n from automation_rule_runs where account_id = $1 and at >= $2 ${where}`, [a.id, hostileSince])).rows[0]!.n);
    const aRuns = { runs: await count(''), stopped: await count("and error like 'stopped%'"), failed: await count("and error is not null and error not like 'stopped%'") };
    // Disabled, A's rules leave the jobs left nothing to run: the drain is the queue's, not the rules'. (Deleted,
    // their runs still being logged would fail on the rules gone.)
    await pool.query('update automation_rules set disabled = true where account_id = $1', [a.id]);
    const began = performance.now();
    let drainSeconds: number | null = null;
    while (performance.now() - began < DRAIN_MS) {
      if ((await queuedRuns(pool)) === 0) {
        drainSeconds = (performance.now() - began) / 1000;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await pool.query('delete from automation_rules where account_id = $1', [a.id]);
    return { phases, aRuns, queuedAtEnd, drainSeconds };
  } finally {
    await client.close();
    await pool.end();
  }
}

const dbNow = async (pool: pg.Pool): Promise<Date> => (await pool.query<{ now: Date }>('select clock_timestamp() as now')).rows[0]!.now;

async function queuedRuns(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ n: string }>(
    "select count(*) as n from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier = 'automation-run'",
  );
  return Number(rows[0]!.n);
}

/** B's closed loop: `GET /v1/me`, a new request, a change of one of B's requests, in turn; when a change of the watched request (the first) was answered, into `watched` (ms, this clock). */
function loadOfB(client: HttpClient, b: Account, requests: readonly number[], phase: string, watched: number[]) {
  return async (i: number) => {
    const kind = i % 3;
    const target = requests[i % requests.length]!;
    const answer =
      kind === 0 ? await call(client, b, 'GET', '/v1/me')
      : kind === 1 ? await call(client, b, 'POST', '/v1/requests', { subject: `fairness b ${phase} ${i}`, category: 'incident', impact: 'high' })
      : await call(client, b, 'PATCH', `/v1/requests/${target}`, { subject: `fairness b changed ${phase} ${i}`, impact: 'high' });
    if (kind === 2 && target === requests[0] && answer.status === 200) watched.push(Date.now());
    const expected = kind === 1 ? 201 : 200;
    return answer.status === expected ? (true as const) : `${['GET /v1/me', 'POST /v1/requests', 'PATCH /v1/requests/:id'][kind]} HTTP ${answer.status}`;
  };
}

/** A's changes at a fixed rate, whatever the answers take (open loop): the same load on the api in both phases A is in. */
function startStream(client: HttpClient, a: Account, requests: readonly number[], perSecond: number) {
  let sent = 0;
  const failures: Record<string, number> = {};
  const inFlight = new Set<Promise<void>>();
  const timer = setInterval(() => {
    const n = sent++;
    const change = call(client, a, 'PATCH', `/v1/requests/${requests[n % requests.length]}`, { subject: `fairness a ${n}` })
      .then(
        (answer) => {
          if (answer.status !== 200) failures[`A's PATCH HTTP ${answer.status}`] = (failures[`A's PATCH HTTP ${answer.status}`] ?? 0) + 1;
        },
        (error: unknown) => {
          const reason = `A's PATCH ${error instanceof Error ? error.message : String(error)}`;
          failures[reason] = (failures[reason] ?? 0) + 1;
        },
      )
      .finally(() => inFlight.delete(change));
    inFlight.add(change);
  }, 1000 / perSecond);
  return {
    sent: () => sent,
    failures: () => ({ ...failures }),
    async stop() {
      clearInterval(timer);
      await Promise.all(inFlight);
    },
  };
}

/**
 * For each change of B's watched request in the measured run (when its answer came, sorted), how long
 * until B's rule ran on it (ms, sorted): the k-th change's run is the k-th run after the run began (the
 * server's clock and this one are the machine's). Changes without a run yet are counted apart.
 */
async function bRuleLags(pool: pg.Pool, rule: number, since: Date, changes: readonly number[]): Promise<{ lags: number[]; missing: number }> {
  const { rows } = await pool.query<{ at: Date }>('select at from automation_rule_runs where rule_id = $1 and at >= $2 and depth = 0 order by at', [rule, since]);
  const lags = changes.slice(0, rows.length).map((changed, k) => Math.max(0, rows[k]!.at.getTime() - changed)).sort((x, y) => x - y);
  return { lags, missing: Math.max(0, changes.length - rows.length) };
}
