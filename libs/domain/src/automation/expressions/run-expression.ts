import { isCelError } from '@bufbuild/cel';
import { BindingError, toCelValue } from './cel-bindings.js';
import { article, type CheckType, describeType, fromRuleType } from './check-type.js';
import { boundReached, startEvaluation } from './evaluation-budget.js';
import { toJsonResult } from './json-result.js';
import { NIL, type RuleValueType } from './rule-value-type.js';
import { valueFits } from './value-fits.js';
import type { Usage } from './variable-usage.js';

export type EvaluationResult = { ok: true; value: unknown } | { ok: false; message: string };

/**
 * One evaluation of a compiled expression (CompiledExpression.evaluate): its budget started,
 * the bindings it reads converted, the library's program run, the value turned into JSON and
 * checked against what the caller expects. Never throws: every failure is a message.
 */
export function runExpression(program: (values: Record<string, unknown>) => unknown, source: RunTimeSource, bindings: Record<string, unknown>): EvaluationResult {
  const { declared, usage, expect } = source;
  // Errors inside an evaluation are values (CEL's `||` may absorb one), and a macro over a
  // long list can make one per item after a bound is reached: without stack traces they
  // stay cheap. The evaluation is synchronous, so nothing else runs with the limit lowered.
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    startEvaluation(source.steps);
    const values: Record<string, unknown> = {};
    for (const [name, used] of usage) values[name] = name === NIL ? null : toCelValue(bindings[name], declared.get(name)!, name, used);
    const result = program(values);
    if (isCelError(result)) return { ok: false, message: runTimeMessage(result.message, result.exprId, source) };
    const stopped = boundReached();
    if (stopped) return { ok: false, message: `evaluation failed: ${stopped.message}` };
    const value = toJsonResult(result as never);
    if (expect !== undefined && !valueFits(value, expect)) {
      return { ok: false, message: `the expression must give ${article(describeType(fromRuleType(expect)))}, but gave ${describeValue(value)}` };
    }
    return { ok: true, value };
  } catch (error) {
    if (error instanceof BindingError) return { ok: false, message: `bad input: ${error.message}` };
    return { ok: false, message: `evaluation failed: ${error instanceof Error ? error.message : String(error)}` };
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
}

export interface RunTimeSource {
  declared: ReadonlyMap<string, CheckType>;
  /** What the expression reads of each variable: only that is converted. */
  usage: ReadonlyMap<string, Usage>;
  /** The type a dyn result must turn out to have, when the caller expects one. */
  expect: RuleValueType | undefined;
  /** Steps of one evaluation outside its macros' items, charged as it starts. */
  steps: number;
  positions: Readonly<Record<string, number>>;
  selections: ReadonlyMap<string, { operand: string; field: string }>;
}

/** The library's run-time error with its column; a failed field read names the value read (a null record reference, mostly). */
function runTimeMessage(message: string, exprId: bigint | undefined, source: RunTimeSource): string {
  const id = exprId?.toString();
  const offset = id === undefined ? undefined : source.positions[id];
  const selection = id === undefined ? undefined : source.selections.get(id);
  const reason = selection && message.startsWith('field not found') ? `${selection.operand} is null or has no field '${selection.field}'` : message;
  return `evaluation failed${offset === undefined ? '' : ` at column ${offset + 1}`}: ${reason}`;
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a map';
  if (typeof value === 'number') return Number.isInteger(value) ? 'a number' : 'a double';
  return `a ${typeof value === 'boolean' ? 'bool' : typeof value}`;
}
