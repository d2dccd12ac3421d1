import type { Expr } from '@bufbuild/cel-spec/cel/expr/syntax_pb.js';
import { EXPRESSION_LIMITS } from './expression-limits.js';

/**
 * The size of a parsed expression against the compile-time bounds (issue 33 item 4):
 * the tree's depth and node count, and how deep comprehensions nest — one comprehension
 * runs once per item of its list, so one inside another would run items² times.
 */
export function shapeProblem(root: Expr): string | undefined {
  let nodes = 0;
  let deepest = 0;
  let nesting = 0;
  const walk = (expr: Expr | undefined, depth: number, comprehensions: number): void => {
    if (!expr) return;
    nodes++;
    deepest = Math.max(deepest, depth);
    if (deepest > EXPRESSION_LIMITS.maxDepth || nodes > EXPRESSION_LIMITS.maxNodes) return;
    const next = depth + 1;
    const kind = expr.exprKind;
    switch (kind.case) {
      case 'selectExpr':
        walk(kind.value.operand, next, comprehensions);
        break;
      case 'callExpr':
        walk(kind.value.target, next, comprehensions);
        for (const arg of kind.value.args) walk(arg, next, comprehensions);
        break;
      case 'listExpr':
        for (const element of kind.value.elements) walk(element, next, comprehensions);
        break;
      case 'structExpr':
        for (const entry of kind.value.entries) {
          if (entry.keyKind.case === 'mapKey') walk(entry.keyKind.value, next, comprehensions);
          walk(entry.value, next, comprehensions);
        }
        break;
      case 'comprehensionExpr': {
        const inner = comprehensions + 1;
        nesting = Math.max(nesting, inner);
        const c = kind.value;
        walk(c.iterRange, next, comprehensions);
        walk(c.accuInit, next, comprehensions);
        // A macro's expansion adds two levels (the comprehension and its step) the author never wrote.
        walk(c.loopCondition, depth, inner);
        walk(c.loopStep, depth, inner);
        walk(c.result, depth, inner);
        break;
      }
      default:
        break;
    }
  };
  walk(root, 1, 0);
  if (deepest > EXPRESSION_LIMITS.maxDepth) return `expression is nested more than ${EXPRESSION_LIMITS.maxDepth} deep (each term of a chain of + or - is a level: build long texts in named expressions)`;
  if (nodes > EXPRESSION_LIMITS.maxNodes) return `expression has more than ${EXPRESSION_LIMITS.maxNodes} parts; split it into named expressions`;
  if (nesting > EXPRESSION_LIMITS.maxComprehensionNesting) {
    return 'a list macro (all, exists, exists_one, map, filter) may not be used inside another one';
  }
  return undefined;
}
