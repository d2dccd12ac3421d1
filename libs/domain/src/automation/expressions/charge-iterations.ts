import { create } from '@bufbuild/protobuf';
import { type Expr, ExprSchema } from '@bufbuild/cel-spec/cel/expr/syntax_pb.js';
import { CHARGE_ITERATIONS } from './bounded-functions.js';
import { children, treeCost } from './node-costs.js';

/**
 * Wraps the list of every list macro in a call that charges, before the first item,
 * items × the steps the macro runs per item (its test and step, node-costs.ts) to the
 * evaluation's budget (issue 33 item 4, "a condition over a long list"). The library runs comprehensions
 * itself with no hook, so the count is made where the list enters. Positions of the new
 * calls point at the macro, so a stopped run names its column.
 */
export function chargeIterations(root: Expr, positions: Record<string, number>, weights: ReadonlyMap<string, number>): void {
  let nextId = maxId(root) + 1n;
  const visit = (expr: Expr | undefined): void => {
    if (!expr) return;
    children(expr).forEach(visit);
    if (expr.exprKind.case !== 'comprehensionExpr') return;
    const c = expr.exprKind.value;
    const stepsPerItem = treeCost(c.loopCondition, weights) + treeCost(c.loopStep, weights) + 1;
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

function maxId(expr: Expr | undefined): bigint {
  if (!expr) return 0n;
  return children(expr).reduce((max, child) => {
    const id = maxId(child);
    return id > max ? id : max;
  }, expr.id);
}
