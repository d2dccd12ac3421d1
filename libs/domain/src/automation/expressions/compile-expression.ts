import { CelScalar, celEnv, plan } from '@bufbuild/cel';
import { BOUNDED_FUNCTIONS } from './bounded-functions.js';
import { BOUNDED_STRING_FUNCTIONS } from './bounded-strings.js';
import { article, type CheckType, describeType, fits, fromRuleType, isLoose, toRuleType } from './check-type.js';
import { chargeIterations } from './charge-iterations.js';
import { checkExpression } from './expression-checker.js';
import { EXPRESSION_LIMITS } from './expression-limits.js';
import { shapeProblem } from './expression-shape.js';
import { treeCost } from './node-costs.js';
import { parseExpression } from './parse-expression.js';
import { variableUsage } from './variable-usage.js';
import { runExpression } from './run-expression.js';
import { NIL, type RuleValueType, type RuleVariables } from './rule-value-type.js';
import type { EvaluationResult } from './run-expression.js';

export { NIL } from './rule-value-type.js';
export type { EvaluationResult } from './run-expression.js';


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

  // What the expression costs once, its macros' items aside (charged as they run).
  const steps = treeCost(root, checked.weights);
  if (steps > EXPRESSION_LIMITS.maxIterationSteps) {
    return { ok: false, message: `the expression would take ${steps} steps; at most ${EXPRESSION_LIMITS.maxIterationSteps} are allowed (slow calls weigh more: a timestamp read in a time zone 1200, a timestamp parse 150)` };
  }
  const usage = variableUsage(root, new Set(declared.keys()));
  chargeIterations(root, positions, checked.weights);
  const env = celEnv({ variables: Object.fromEntries([...declared.keys()].map((name) => [name, CelScalar.DYN])), funcs: [...BOUNDED_FUNCTIONS, ...BOUNDED_STRING_FUNCTIONS] });
  const planned = plan(env, parsed.parsed);
  const program = (values: Record<string, unknown>) => planned(values as Parameters<typeof planned>[0]);
  const resultType = toRuleType(checked.type);
  const runtimeCheck = expect !== undefined && needsRuntimeCheck(checked.type) ? expect : undefined;
  return {
    ok: true,
    expression: {
      text,
      type: resultType,
      evaluate: (bindings) => runExpression(program, { declared, usage, expect: runtimeCheck, steps, positions, selections: checked.selections }, bindings),
    },
  };
}

/** A statically dyn result (or one holding dyn) is only known to fit its expected type once evaluated. */
function needsRuntimeCheck(type: CheckType): boolean {
  if (typeof type === 'string') return isLoose(type) || type === 'null';
  return true;
}
