import type { Expr } from '@bufbuild/cel-spec/cel/expr/syntax_pb.js';

/**
 * Which parts of its variables an expression reads: `record.status == 'x'` reads one field
 * of a record of thirty. Evaluation converts only those (cel-bindings.ts), so a condition
 * costs what it reads, not the size of the record (issue 33 "Measured"). A variable read
 * as a whole (`record` as a payload, `record[key]`, a list macro over it) is converted whole.
 */
export type Usage = 'whole' | Map<string, Usage>;

export function variableUsage(root: Expr, variables: ReadonlySet<string>): Map<string, Usage> {
  const usage = new Map<string, Usage>();
  const shadowed: string[] = [];

  const mark = (path: string[]): void => {
    const [name, ...fields] = path as [string, ...string[]];
    if (!variables.has(name) || shadowed.includes(name)) return;
    let parent: Map<string, Usage> = usage;
    let key = name;
    for (const field of fields) {
      let node = parent.get(key);
      if (node === 'whole') return;
      if (node === undefined) {
        node = new Map();
        parent.set(key, node);
      }
      parent = node;
      key = field;
    }
    parent.set(key, 'whole');
  };

  const visit = (expr: Expr | undefined): void => {
    if (!expr) return;
    const path = fieldPath(expr);
    if (path) return mark(path);
    const kind = expr.exprKind;
    switch (kind.case) {
      case 'selectExpr':
        return visit(kind.value.operand);
      case 'callExpr':
        visit(kind.value.target);
        return kind.value.args.forEach(visit);
      case 'listExpr':
        return kind.value.elements.forEach(visit);
      case 'structExpr':
        for (const entry of kind.value.entries) {
          if (entry.keyKind.case === 'mapKey') visit(entry.keyKind.value);
          visit(entry.value);
        }
        return;
      case 'comprehensionExpr': {
        const c = kind.value;
        visit(c.iterRange);
        visit(c.accuInit);
        shadowed.push(c.iterVar, c.accuVar);
        [c.loopCondition, c.loopStep, c.result].forEach(visit);
        shadowed.splice(-2, 2);
        return;
      }
      default:
        return;
    }
  };
  visit(root);
  return usage;
}

/** `record.team.name` or `record['team'].name` as ['record', 'team', 'name']; undefined for anything else. */
function fieldPath(expr: Expr): string[] | undefined {
  const kind = expr.exprKind;
  if (kind.case === 'identExpr') return [kind.value.name];
  if (kind.case === 'selectExpr') {
    const operand = kind.value.operand && fieldPath(kind.value.operand);
    return operand && [...operand, kind.value.field];
  }
  if (kind.case === 'callExpr' && kind.value.function === '_[_]' && !kind.value.target) {
    const [container, key] = kind.value.args;
    const constant = key?.exprKind.case === 'constExpr' ? key.exprKind.value.constantKind : undefined;
    const operand = container && fieldPath(container);
    return operand && constant?.case === 'stringValue' ? [...operand, constant.value] : undefined;
  }
  return undefined;
}
