import { type CompiledExpression, compileExpression, NIL } from './compile-expression.js';
import type { RuleVariables } from './rule-value-type.js';

/**
 * A rule's `expressions` (RECORDS.md automation_rule: lines `name: expression`, GraphQL a
 * list of {name, value}): compiled in order, each one's checked type added to the variables
 * so later expressions and the condition may read it by name.
 */
export interface ExpressionLine {
  readonly name: string;
  readonly value: string;
}

export interface CompiledNamedExpression {
  readonly name: string;
  readonly expression: CompiledExpression;
}

export interface ExpressionLineError {
  /** Position of the line in the rule's expressions (for `expressions[2]`). */
  readonly index: number;
  readonly name: string;
  readonly message: string;
}

export type CompileExpressionsResult =
  | { ok: true; compiled: CompiledNamedExpression[]; variables: RuleVariables }
  /** `variables` still names every line (a failed one as dyn), so the condition can be checked too. */
  | { ok: false; errors: ExpressionLineError[]; variables: RuleVariables };

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** CEL's reserved words (langdef "Syntax") and its literals cannot name a value. */
const RESERVED = new Set(['true', 'false', 'null', 'in', 'as', 'break', 'const', 'continue', 'else', 'for', 'function', 'if', 'import', 'let', 'loop', 'package', 'namespace', 'return', 'var', 'void', 'while', NIL]);

export function compileExpressions(lines: readonly ExpressionLine[], variables: RuleVariables): CompileExpressionsResult {
  const scope: RuleVariables = { ...variables };
  const compiled: CompiledNamedExpression[] = [];
  const errors: ExpressionLineError[] = [];
  lines.forEach(({ name, value }, index) => {
    const nameProblem = namingProblem(name, scope);
    if (nameProblem) {
      errors.push({ index, name, message: nameProblem });
      return;
    }
    const result = compileExpression(value, scope);
    if (!result.ok) {
      errors.push({ index, name, message: result.message });
      scope[name] = 'dyn';
      return;
    }
    scope[name] = result.expression.type;
    compiled.push({ name, expression: result.expression });
  });
  return errors.length > 0 ? { ok: false, errors, variables: scope } : { ok: true, compiled, variables: scope };
}

function namingProblem(name: string, scope: RuleVariables): string | undefined {
  if (!NAME.test(name)) return `'${name}' is not a valid name: use letters, digits and '_', not starting with a digit`;
  if (RESERVED.has(name)) return `'${name}' is a reserved word and cannot name an expression`;
  if (Object.hasOwn(scope, name)) return `'${name}' is already defined`;
  return undefined;
}

export type EvaluateExpressionsResult =
  | { ok: true; bindings: Record<string, unknown> }
  | { ok: false; index: number; name: string; message: string };

/** Evaluates the named expressions in order; the bindings come back extended with each name's value. */
export function evaluateExpressions(compiled: readonly CompiledNamedExpression[], bindings: Record<string, unknown>): EvaluateExpressionsResult {
  const extended: Record<string, unknown> = { ...bindings };
  for (const [index, { name, expression }] of compiled.entries()) {
    const result = expression.evaluate(extended);
    if (!result.ok) return { ok: false, index, name, message: result.message };
    extended[name] = result.value;
  }
  return { ok: true, bindings: extended };
}
