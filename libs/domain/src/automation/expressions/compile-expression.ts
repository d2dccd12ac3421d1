import { CelScalar, celEnv, isCelError, plan } from '@bufbuild/cel';
import { BOUNDED_FUNCTIONS } from './bounded-functions.js';
import { BindingError, toCelValue } from './cel-bindings.js';
import { type CheckType, describeType, fits, fromRuleType, isLoose, toRuleType } from './check-type.js';
import { startEvaluation } from './evaluation-budget.js';
import { chargeIterations } from './charge-iterations.js';
import { checkExpression } from './expression-checker.js';
import { shapeProblem } from './expression-shape.js';
import { toJsonResult } from './json-result.js';
import { parseExpression } from './parse-expression.js';
import { valueFits } from './value-fits.js';
import type { RuleValueType, RuleVariables } from './rule-value-type.js';

export type EvaluationResult = { ok: true; value: unknown } | { ok: false; message: string };

export interface CompiledExpression {
  readonly text: string;
  /** The checked result type. */
  readonly type: RuleValueType;
  /**
   * Evaluates with JSON-like bindings (numbers for int fields too, ISO strings or Dates for
   * timestamps, arrays, plain objects, null). Never throws; the value comes back as plain JSON.
   */
  evaluate(bindings: Record<string, unknown>): EvaluationResult;
}

export type CompileResult = { ok: true; expression: CompiledExpression } | { ok: false; message: string };

/** `nil` is the platform's spelling of null (`update request set member = nil`, RECORDS.md §6): a constant every rule can read. */
export const NIL = 'nil';

/**
 * Parses, bounds and type-checks one rule expression once, when the rule is written
 * (issue 33 item 2); `expect: 'bool'` for a condition. The message of a refusal is a
 * sentence the rule's author can act on; the runner puts it in a 422 entry.
 */
export function compileExpression(text: string, variables: RuleVariables, expect?: RuleValueType): CompileResult {
  const parsed = parseExpression(text);
  if (!parsed.ok) return parsed;
  const root = parsed.parsed.expr;
  const shape = shapeProblem(root);
  if (shape) return { ok: false, message: shape };

  const declared = new Map<string, CheckType>(Object.entries(variables).map(([name, type]) => [name, fromRuleType(type)]));
  declared.set(NIL, 'null');
  const positions = Object.fromEntries(Object.entries(parsed.parsed.sourceInfo?.positions ?? {}).map(([id, offset]) => [id, Number(offset)]));
  const checked = checkExpression(root, declared, positions);
  if (checked.problems.length > 0) return { ok: false, message: checked.problems.join('; ') };
  const expected = expect === undefined ? undefined : fromRuleType(expect);
  if (expected !== undefined && !fits(checked.type, expected)) {
    return { ok: false, message: `the expression must be ${article(describeType(expected))}, not ${article(describeType(checked.type))}` };
  }

  chargeIterations(root, positions);
  const env = celEnv({ variables: Object.fromEntries([...declared.keys()].map((name) => [name, CelScalar.DYN])), funcs: BOUNDED_FUNCTIONS });
  const planned = plan(env, parsed.parsed);
  const program = (values: Record<string, unknown>) => planned(values as Parameters<typeof planned>[0]);
  const resultType = toRuleType(checked.type);
  const runtimeCheck = expect !== undefined && needsRuntimeCheck(checked.type) ? expect : undefined;
  return {
    ok: true,
    expression: {
      text,
      type: resultType,
      evaluate: (bindings) => evaluate(program, declared, bindings, runtimeCheck, positions),
    },
  };
}

function evaluate(
  program: (bindings: Record<string, unknown>) => unknown,
  declared: ReadonlyMap<string, CheckType>,
  bindings: Record<string, unknown>,
  expect: RuleValueType | undefined,
  positions: Readonly<Record<string, number>>,
): EvaluationResult {
  // Errors inside an evaluation are values (CEL's `||` may absorb one), and a macro over a
  // long list can make one per item after a bound is reached: without stack traces they
  // stay cheap. The evaluation is synchronous, so nothing else runs with the limit lowered.
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    startEvaluation();
    const values: Record<string, unknown> = {};
    for (const [name, type] of declared) values[name] = name === NIL ? null : toCelValue(bindings[name], type, name);
    const result = program(values);
    if (isCelError(result)) {
      const offset = result.exprId === undefined ? undefined : positions[result.exprId.toString()];
      return { ok: false, message: `evaluation failed${offset === undefined ? '' : ` at column ${offset + 1}`}: ${result.message}` };
    }
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

/** A statically dyn result (or one holding dyn) is only known to fit its expected type once evaluated. */
function needsRuntimeCheck(type: CheckType): boolean {
  if (typeof type === 'string') return isLoose(type) || type === 'null';
  return true;
}

function article(typeName: string): string {
  return /^[aeiou]/.test(typeName) ? `an ${typeName}` : `a ${typeName}`;
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a map';
  if (typeof value === 'number') return Number.isInteger(value) ? 'a number' : 'a double';
  return `a ${typeof value === 'boolean' ? 'bool' : typeof value}`;
}
