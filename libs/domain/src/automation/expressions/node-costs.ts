import type { Expr } from '@bufbuild/cel-spec/cel/expr/syntax_pb.js';
import type { CheckType } from './check-type.js';

/**
 * What evaluating a node costs, in steps (~0.07 µs, a comparison). Most nodes cost one; some
 * of the library's functions cost far more, measured on this machine: a timestamp read in
 * an IANA time zone builds an Intl.DateTimeFormat (~80 µs), any timestamp read or parse ~10 µs,
 * other conversions to and from text a few µs. The checker, which knows the argument types,
 * weighs each call (`callCost`); macros are charged per item with these weights and the rest
 * of the expression once, so 500 time-zone reads are as bounded as a long list.
 */
const TIME_ACCESSORS = new Set(['getFullYear', 'getMonth', 'getDate', 'getDayOfMonth', 'getDayOfWeek', 'getDayOfYear', 'getHours', 'getMinutes', 'getSeconds', 'getMilliseconds']);

export function callCost(fn: string, target: CheckType | undefined, args: readonly CheckType[]): number {
  const [first] = args;
  if (target !== undefined) {
    if (TIME_ACCESSORS.has(fn)) return target === 'duration' ? 10 : args.length > 0 ? 1_200 : 150;
    return 1;
  }
  switch (fn) {
    case 'timestamp': return first === 'timestamp' ? 1 : 150;
    case 'duration': return first === 'duration' ? 1 : 50;
    case 'string': return first === 'timestamp' || first === 'duration' || first === 'double' || first === 'dyn' ? 50 : 1;
    case 'double': case 'int': case 'uint': return first === 'string' || first === 'timestamp' || first === 'dyn' ? 40 : 1;
    case 'type': return 50;
    default: return 1;
  }
}

export function children(expr: Expr): (Expr | undefined)[] {
  const kind = expr.exprKind;
  switch (kind.case) {
    case 'selectExpr': return [kind.value.operand];
    case 'callExpr': return [kind.value.target, ...kind.value.args];
    case 'listExpr': return kind.value.elements;
    case 'structExpr': return kind.value.entries.flatMap((e) => [e.keyKind.case === 'mapKey' ? e.keyKind.value : undefined, e.value]);
    case 'comprehensionExpr': return [kind.value.iterRange, kind.value.accuInit, kind.value.loopCondition, kind.value.loopStep, kind.value.result];
    default: return [];
  }
}

/** Steps of evaluating `expr` once, with the checker's weights by node id; a macro inside counts its per-item part once (it is charged per item as it runs). */
export function treeCost(expr: Expr | undefined, weights: ReadonlyMap<string, number>): number {
  return expr ? (weights.get(expr.id.toString()) ?? 1) + children(expr).reduce((sum, child) => sum + treeCost(child, weights), 0) : 0;
}
