import { create } from '@bufbuild/protobuf';
import { type Expr, ExprSchema } from '@bufbuild/cel-spec/cel/expr/syntax_pb.js';
import { CHARGE_ITERATIONS } from './bounded-functions.js';

/**
 * Wraps the list of every list macro in a call that charges, before the first item,
 * items × the nodes the macro runs per item (its test and step) to the evaluation's
 * budget (issue 33 item 4, "a condition over a long list"). The library runs comprehensions
 * itself with no hook, so the count is made where the list enters. Positions of the new
 * calls point at the macro, so a stopped run names its column.
 */
export function chargeIterations(root: Expr, positions: Record<string, number>): void {
  let nextId = maxId(root) + 1n;
  const visit = (expr: Expr | undefined): void => {
    if (!expr) return;
    children(expr).forEach(visit);
    if (expr.exprKind.case !== 'comprehensionExpr') return;
    const c = expr.exprKind.value;
    const stepsPerItem = countNodes(c.loopCondition) + countNodes(c.loopStep) + 1;
    const callId = nextId++;
    const constId = nextId++;
    const position = positions[expr.id.toString()];
    if (position !== undefined) positions[callId.toString()] = position;
    const steps = create(ExprSchema, { id: constId, exprKind: { case: 'constExpr', value: { constantKind: { case: 'int64Value', value: BigInt(stepsPerItem) } } } });
    c.iterRange = create(ExprSchema, {
      id: callId,
      exprKind: { case: 'callExpr', value: { function: CHARGE_ITERATIONS, args: [c.iterRange ?? create(ExprSchema), steps] } },
    });
  };
  visit(root);
}

function children(expr: Expr): (Expr | undefined)[] {
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

function countNodes(expr: Expr | undefined): number {
  return expr ? 1 + children(expr).reduce((sum, child) => sum + countNodes(child), 0) : 0;
}

function maxId(expr: Expr | undefined): bigint {
  if (!expr) return 0n;
  return children(expr).reduce((max, child) => {
    const id = maxId(child);
    return id > max ? id : max;
  }, expr.id);
}
