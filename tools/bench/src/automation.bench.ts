/**
 * Issue 33 "Measured": the events intake with 20 enabled automation rules for requests in the
 * account — 19 whose condition never holds, one that matches and sets a field — against the same
 * intake with none, in the same run, through the real api process, with a real webhook worker
 * running the rules meanwhile (so the rules' CPU and writes are in the run, as in a deployment).
 * Honest about the work: it counts the rule runs the worker did, and how long the rest took to
 * drain after each run, and says whether the matching rule's change is on every request it ran for.
 */
import pg from 'pg';
import { createDatabase } from '@tessera/persistence';
import type { EventsMix, LoadPlan } from './bench-options.js';
import { benchIntake } from './events.bench.js';
import { failuresOf, formatResult, type Measured } from './load.js';
import { reportStatements, resetStatements, topStatements, type StatementFigure } from './pg-statements.js';

export const AUTOMATION_TARGET = 0.7;
const NON_MATCHING = 19;
/** How long the worker gets to finish the rules a run queued, before the figures are read. */
const DRAIN_MS = 120_000;

export interface AutomationBenchOptions {
  apiOrigin: string;
  databaseUrl: string;
  token: string;
  account: string;
  plan: LoadPlan;
  warmup: LoadPlan;
  clients: number;
  mix: EventsMix;
  /** BENCH_PG_STATEMENTS: PostgreSQL's statements of the rules run and its drain (api and worker), when the server loads pg_stat_statements. */
  statements: boolean;
}

interface Drained {
  /** Rule runs logged during the run and its drain, and how many of them matched: of the runs the log still keeps (each rule's newest RULE_LIMITS.runsKept). */
  runs: number;
  matched: number;
  /** Requests the run created, and how many of them the matching rule's change is on (impact low): all of them when every rule ran. */
  created: number;
  calmed: number;
  failed: number;
  /** automation-run jobs still queued when the measured run ended, and the seconds until none was. */
  queuedAtEnd: number;
  drainSeconds: number | null;
}

export interface AutomationBenchResult {
  none: Measured;
  rules: Measured;
  drained: Drained;
  /** The statements of the rules run and its drain, by execution time; null when not asked for. */
  statements: StatementFigure[] | null;
}

async function count(pool: pg.Pool, sql: string, values: unknown[]): Promise<number> {
  return Number((await pool.query<{ n: string }>(sql, values)).rows[0]!.n);
}

const queued = (pool: pg.Pool) =>
  count(pool, "select count(*) as n from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier = 'automation-run'", []);

/** The 20 rules, written through the REST API as an administrator would (compiled there). */
async function writeRules(options: AutomationBenchOptions): Promise<void> {
  const rule = async (body: Record<string, unknown>) => {
    const answer = await fetch(`${options.apiOrigin}/v1/automation_rules`, {
      method: 'POST',
      headers: { authorization: `Bearer ${options.token}`, 'x-service-account': options.account, 'content-type': 'application/json' },
      body: JSON.stringify({ generic: 'request', ...body }),
    });
    if (answer.status !== 201) throw new Error(`writing a bench rule answered ${answer.status}: ${await answer.text()}`);
  };
  for (let i = 0; i < NON_MATCHING; i++) {
    await rule({
      name: `bench never ${i}`, trigger: i % 2 === 0 ? 'on create' : 'on create or update', position: i,
      expressions: `wanted: 'bench-never-${i}'`, condition: `record.source == wanted && record.subject.contains('never')`,
      actions: "note: update request add note 'never'",
    });
  }
  await rule({ name: 'bench urgent', trigger: 'on create or update', position: NON_MATCHING, condition: "record.impact != 'low'", actions: "calm: update request set impact = 'low'" });
}

export async function benchAutomation(options: AutomationBenchOptions): Promise<AutomationBenchResult> {
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 2 });
  try {
    await pool.query('delete from automation_rules where account_id = $1', [options.account]);
    const none = (await benchIntake(options)).measured;
    await writeRules(options);
    const since = (await pool.query<{ now: Date }>('select now()')).rows[0]!.now;
    const db = options.statements ? createDatabase({ url: options.databaseUrl, poolMax: 1 }) : null;
    if (db) await resetStatements(db);
    const rules = (await benchIntake(options)).measured;
    const queuedAtEnd = await queued(pool);
    const began = performance.now();
    let drainSeconds: number | null = null;
    while (performance.now() - began < DRAIN_MS) {
      if ((await queued(pool)) === 0) {
        drainSeconds = (performance.now() - began) / 1000;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const runs = (where: string) => count(pool, `select count(*) as n from automation_rule_runs where account_id = $1 and at >= $2 ${where}`, [options.account, since]);
    const made = (where: string) => count(pool, `select count(*) as n from requests where account_id = $1 and created_at >= $2 ${where}`, [options.account, since]);
    const statements = db ? await topStatements(db, 25).finally(() => db.destroy()) : null;
    const drained = {
      runs: await runs(''), matched: await runs('and matched'), failed: await runs('and error is not null'), queuedAtEnd, drainSeconds,
      created: await made(''), calmed: await made("and impact = 'low'"),
    };
    return { none, rules, drained, statements };
  } finally {
    await pool.end();
  }
}

export function reportAutomation(result: AutomationBenchResult, options: Pick<AutomationBenchOptions, 'clients' | 'mix'>): string {
  const ratio = result.rules.result.perSecond / result.none.result.perSecond;
  const { runs, matched, failed, queuedAtEnd, drainSeconds, created, calmed } = result.drained;
  return [
    `automation rules: the events intake (${options.clients} clients, ${options.mix === 'half' ? 'half new events, half matching ones' : options.mix}) with ${NON_MATCHING + 1} enabled request rules ` +
      `(${NON_MATCHING} never matching, 1 matching that sets impact) against none; one webhook worker runs the rules during and after the run`,
    formatResult('POST /v1/events, no rules', result.none.result),
    formatResult(`POST /v1/events, ${NON_MATCHING + 1} rules`, result.rules.result),
    `  ratio with rules / without: ${ratio.toFixed(3)} × (target ≥ ${AUTOMATION_TARGET} ×: ${ratio >= AUTOMATION_TARGET ? 'met' : 'not met'})`,
    `  automation-run jobs queued when the run ended: ${queuedAtEnd}, ` + (drainSeconds === null ? `NOT drained after ${DRAIN_MS / 1000} s` : `drained ${drainSeconds.toFixed(1)} s later`),
    `  requests the run created: ${created}, the matching rule's change on ${calmed} of them; runs in the log (it keeps each rule's newest runs): ${runs}, ${matched} matched, ${failed} failed`,
    ...(result.statements ? [reportStatements(result.statements, result.rules.result.calls, 'measured event of the rules run (its warm-up and drain counted too)')] : []),
  ].join('\n');
}

export function automationFailures(result: AutomationBenchResult): number {
  // A request the matching rule did not reach is a rule run lost.
  return failuresOf(result.none, result.rules) + result.drained.failed + (result.drained.drainSeconds === null ? 1 : 0) + (result.drained.created - result.drained.calmed);
}
