/**
 * TEMPORARY stand-in for libs/domain/src/automation/expressions/ (branch cel-expr), with its
 * contract's names and shapes; deleted when that branch is merged.
 */
import { parse, run } from '@bufbuild/cel';

export type RuleValueType = 'string' | 'int' | 'double' | 'bool' | 'timestamp' | 'null' | { list: RuleValueType } | { map: Record<string, RuleValueType> } | 'dyn';
export type RuleVariables = Record<string, RuleValueType>;
export interface CompiledExpression {
  readonly text: string;
  readonly type: RuleValueType;
  evaluate(bindings: Record<string, unknown>): { ok: true; value: unknown } | { ok: false; message: string };
}

const toCel = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(toCel);
  if (value instanceof Date) return value.toISOString();
  if (value !== null && typeof value === 'object') return new Map(Object.entries(value).map(([k, v]) => [k, toCel(v)]));
  return value;
};
const fromCel = (value: unknown): unknown => {
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Map) return Object.fromEntries([...value].map(([k, v]) => [String(k), fromCel(v)]));
  if (value !== null && typeof value === 'object' && typeof (value as { keys?: unknown }).keys === 'function' && typeof (value as { get?: unknown }).get === 'function' && !Array.isArray(value)) {
    const map = value as unknown as { keys(): Iterable<unknown>; get(k: unknown): unknown };
    if (!('at' in value)) return Object.fromEntries([...map.keys()].map((k) => [String(k), fromCel(map.get(k))]));
  }
  if (value !== null && typeof value === 'object' && Symbol.iterator in value) return [...(value as Iterable<unknown>)].map(fromCel);
  return value;
};

export function compileExpression(text: string, variables: RuleVariables, expect?: RuleValueType): { ok: true; expression: CompiledExpression } | { ok: false; message: string } {
  const rewritten = text.replace(/\bnil\b/g, 'null');
  try {
    parse(rewritten);
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
  const unknown = [...rewritten.matchAll(/\brecord\.([a-z_]+)/g)].map((m) => m[1]!).find((name) => {
    const record = variables['record'];
    return typeof record === 'object' && 'map' in record && !(name in record.map);
  });
  if (unknown) return { ok: false, message: `no field '${unknown}' on record` };
  return {
    ok: true,
    expression: {
      text,
      type: expect ?? 'dyn',
      evaluate(bindings) {
        try {
          const value = run(rewritten, Object.fromEntries(Object.entries(bindings).map(([k, v]) => [k, toCel(v)])) as never);
          if (value instanceof Error) return { ok: false, message: value.message };
          if (value !== null && typeof value === 'object' && 'message' in value && (value as { constructor: { name: string } }).constructor.name.includes('Error')) return { ok: false, message: String((value as { message: unknown }).message) };
          return { ok: true, value: fromCel(value) };
        } catch (error) {
          return { ok: false, message: (error as Error).message };
        }
      },
    },
  };
}

export function compileExpressions(lines: ReadonlyArray<{ name: string; value: string }>, variables: RuleVariables):
  { ok: true; compiled: Array<{ name: string; expression: CompiledExpression }>; variables: RuleVariables } | { ok: false; errors: Array<{ index: number; message: string }> } {
  const compiled: Array<{ name: string; expression: CompiledExpression }> = [];
  const errors: Array<{ index: number; message: string }> = [];
  const all = { ...variables };
  lines.forEach((line, index) => {
    const result = compileExpression(line.value, all);
    if (!result.ok) errors.push({ index, message: result.message });
    else {
      compiled.push({ name: line.name, expression: result.expression });
      all[line.name] = result.expression.type;
    }
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, compiled, variables: all };
}

export function evaluateExpressions(compiled: ReadonlyArray<{ name: string; expression: CompiledExpression }>, bindings: Record<string, unknown>):
  { ok: true; bindings: Record<string, unknown> } | { ok: false; index: number; message: string } {
  const all = { ...bindings };
  for (const [index, { name, expression }] of compiled.entries()) {
    const result = expression.evaluate(all);
    if (!result.ok) return { ok: false, index, message: result.message };
    all[name] = result.value;
  }
  return { ok: true, bindings: all };
}
