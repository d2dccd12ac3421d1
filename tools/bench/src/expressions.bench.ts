/**
 * Issue 33 "Measured": the cost of evaluating one rule's condition (µs), against the same
 * check written as a plain JS function, and the slowest accepted expression over the
 * largest record a rule can see (1,000-item lists, 64 KiB text) against the 5 ms bound the
 * expression limits are sized for (docs/decisions/054). In process, no database: a few seconds.
 */
import { loadavg } from 'node:os';
import { compileExpression, EXPRESSION_LIMITS, type CompiledExpression, type RuleVariables } from '@tessera/domain';

export interface ExpressionsOptions {
  /** Evaluations of each measured condition, after as many again of warm-up. */
  evaluations: number;
  /** Evaluations of each worst-case expression (they take milliseconds each). */
  worstEvaluations: number;
}

export interface ConditionFigure {
  name: string;
  text: string;
  matches: boolean;
  celMicros: number;
  jsMicros: number;
}

export interface WorstFigure {
  name: string;
  /** Median over the runs: the load of other processes moves single runs. */
  medianMillis: number;
  maxMillis: number;
}

export interface ExpressionsResult {
  conditions: ConditionFigure[];
  worst: WorstFigure[];
  /** Anything that did not evaluate as expected: a bench of a broken path is not a figure. */
  problems: string[];
}

const PERSON = { map: { id: 'int', name: 'string' } } as const;
const REQUEST = {
  map: {
    id: 'int', subject: 'string', status: 'string', category: 'string', impact: 'string', team_id: 'int',
    team: { map: { id: 'int', name: 'string' } }, member: PERSON, requested_by: PERSON, created_at: 'timestamp',
    updated_at: 'timestamp', major_incident_status: 'string', tags: { list: 'string' }, note_count: 'int',
  },
} as const;
const VARIABLES: RuleVariables = { record: REQUEST, previous: REQUEST, person: PERSON };

function requestBindings(status: string, team: string): Record<string, unknown> {
  const record = {
    id: 41, subject: 'Printer on fire', status, category: 'incident', impact: 'low', team_id: 7, team: { id: 7, name: team },
    member: { id: 100, name: 'Howard' }, requested_by: { id: 12, name: 'Ada' }, created_at: '2026-11-29T08:00:00.000Z',
    updated_at: '2026-11-29T09:00:00.000Z', major_incident_status: null, tags: ['printer', 'hardware'], note_count: 3,
  };
  return { record, previous: { ...record, status: 'in_progress' }, person: { id: 9, name: 'Ada' } };
}

const TYPICAL = "record.status == 'waiting_for_customer' && record.team.name == 'Ops'";
type Bindings = Record<string, unknown>;
const typicalInJs = (b: Bindings): boolean => {
  const record = b['record'] as { status: string; team: { name: string } | null };
  return record.status === 'waiting_for_customer' && record.team?.name === 'Ops';
};

export function benchExpressions(options: ExpressionsOptions): ExpressionsResult {
  const problems: string[] = [];
  const condition = compiled(TYPICAL, VARIABLES, problems);
  const conditions: ConditionFigure[] = [];
  for (const [name, bindings, matches] of [
    ['matching', requestBindings('waiting_for_customer', 'Ops'), true],
    ['not matching (status differs)', requestBindings('in_progress', 'Ops'), false],
  ] as const) {
    if (!condition) break;
    const result = condition.evaluate(bindings);
    if (!result.ok || result.value !== matches || typicalInJs(bindings) !== matches) problems.push(`${name}: ${JSON.stringify(result)}`);
    conditions.push({ name, text: TYPICAL, matches, celMicros: microsPer(() => condition.evaluate(bindings), options.evaluations), jsMicros: microsPer(() => typicalInJs(bindings), options.evaluations) });
  }
  const worst = worstCases().flatMap(({ name, text }) => {
    const expression = compiled(text, LARGEST_VARIABLES, problems);
    if (!expression) return [];
    const first = expression.evaluate(LARGEST_RECORD);
    if (!first.ok) problems.push(`worst case "${name}" did not evaluate: ${first.message}`);
    return [{ name, ...millisOf(() => expression.evaluate(LARGEST_RECORD), options.worstEvaluations) }];
  });
  return { conditions, worst, problems: sink < 0 ? ['unreachable'] : problems };
}

function compiled(text: string, variables: RuleVariables, problems: string[]): CompiledExpression | null {
  const result = compileExpression(text, variables);
  if (result.ok) return result.expression;
  problems.push(`${text.slice(0, 60)}: ${result.message}`);
  return null;
}

/** Results are counted so the JIT cannot drop a call whose result is unused. */
let sink = 0;

function microsPer(run: () => unknown, evaluations: number): number {
  for (let i = 0; i < evaluations; i++) if (run()) sink++;
  const started = performance.now();
  for (let i = 0; i < evaluations; i++) if (run()) sink++;
  return ((performance.now() - started) * 1000) / evaluations;
}

function millisOf(run: () => unknown, evaluations: number): { medianMillis: number; maxMillis: number } {
  for (let i = 0; i < Math.max(3, evaluations / 4); i++) run();
  const times = Array.from({ length: evaluations }, () => {
    const started = performance.now();
    run();
    return performance.now() - started;
  }).sort((a, b) => a - b);
  return { medianMillis: times[Math.floor(times.length / 2)]!, maxMillis: times[times.length - 1]! };
}

const LARGEST_VARIABLES: RuleVariables = { record: { map: { tags: { list: 'string' }, numbers: { list: 'int' }, description: 'string', note: 'string' } } };
const LARGEST_RECORD = {
  record: {
    tags: Array.from({ length: 1_000 }, (_, i) => `tag-${i}`),
    numbers: Array.from({ length: 1_000 }, (_, i) => i),
    description: 'lorem ipsum dolor sit amet '.repeat(2_500).slice(0, 65_536),
    note: 'lorem ipsum dolor sit amet '.repeat(80).slice(0, 2_000),
  },
};

/** Each near one evaluation bound, and all of them at once: what a hostile but accepted rule can cost. */
function worstCases(): { name: string; text: string }[] {
  // exists() runs 4k + 5 steps per item for a test of k comparisons, and the expression's own nodes are
  // charged once besides: the most over 1,000 items leaves a step per item for those.
  const comparisons = Math.floor((EXPRESSION_LIMITS.maxIterationSteps / 1_000 - 6) / 4);
  const longTest = Array.from({ length: comparisons }, (_, i) => `t == 'v${i}'`).join(' || ');
  const scans = Array.from({ length: 30 }, (_, i) => `record.description.contains('absent ${i}')`).join(' || ');
  const iterations = `record.tags.exists(t, ${longTest})`;
  const regex = "record.note.matches('[a-z]+[0-9]')";
  const building = "record.tags.map(t, t + '-' + t).size() == 0";
  return [
    { name: `macro steps (1,000 items × a ${comparisons}-way test)`, text: iterations },
    { name: 'text scanned (30 × contains on 64 KiB)', text: scans },
    { name: 'matches() on 2,000 characters', text: regex },
    { name: 'strings built (map over 1,000 items)', text: building },
    { name: 'strings extension on 64 KiB (replace, lowerAscii, indexOf)', text: "record.description.replace('ipsum', 'IPSUM').lowerAscii().indexOf('zzz') == -1" },
    { name: 'all of the above in one expression', text: `${scans} || ${regex} || record.numbers.exists(n, n < 0 || n > 5000) || record.tags.filter(t, t.endsWith('9')).size() == 0` },
  ];
}

export function reportExpressions(result: ExpressionsResult, options: ExpressionsOptions): string {
  const lines = [
    `rule expressions (CEL, @bufbuild/cel): ${options.evaluations} evaluations of each condition after as many of warm-up, in process (load average ${loadavg()[0]!.toFixed(2)})`,
  ];
  for (const c of result.conditions) {
    lines.push(`  condition ${c.name}: ${c.celMicros.toFixed(2)} µs per evaluation; plain JS function ${c.jsMicros.toFixed(3)} µs; ratio ${(c.celMicros / c.jsMicros).toFixed(0)} ×`);
  }
  lines.push(`  ${TYPICAL}`);
  lines.push(`  slowest accepted expressions over the largest record (1,000-item lists, 64 KiB text), ${options.worstEvaluations} runs each; bound ${EXPRESSION_LIMITS.maxIterationSteps} macro steps, target < 5 ms:`);
  for (const w of result.worst) lines.push(`    ${w.name}: median ${w.medianMillis.toFixed(2)} ms, max ${w.maxMillis.toFixed(2)} ms${w.medianMillis < 5 ? '' : '  (over the 5 ms target)'}`);
  if (result.problems.length > 0) lines.push('  PROBLEMS (the figures above are not valid):', ...result.problems.map((p) => `    ${p}`));
  return lines.join('\n');
}
