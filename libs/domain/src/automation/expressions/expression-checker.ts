import type { Expr, Expr_Comprehension, Expr_CreateStruct, Expr_Select, Constant } from '@bufbuild/cel-spec/cel/expr/syntax_pb.js';
import { type CheckType, describeType, isList, isLoose, isMapOf, isRecord, joinTypes } from './check-type.js';
import { type CallTyping, globalCallType, methodCallType } from './call-types.js';
import { didYouMean } from './nearest-name.js';
import { callCost } from './node-costs.js';

/**
 * Type-checks a parsed expression against the rule's variables (issue 33 item 2: "names an
 * unknown field or a value of the wrong type is a 422"). @bufbuild/cel 0.6.1 ships a checker
 * that handles only constants and identifiers (and is not exported), so this walks the
 * library's own AST; it parses nothing. Every problem is collected, each with its column;
 * after an error the checker goes on with `dyn` so one mistake does not hide the next.
 */
export interface CheckOutcome {
  type: CheckType;
  problems: string[];
  /** Each field selection by its node id (`record.member` and `name`), to explain a selection that fails at run time. */
  selections: Map<string, { operand: string; field: string }>;
  /** Calls that cost more than one step (node-costs.ts), by node id. */
  weights: Map<string, number>;
}

export function checkExpression(root: Expr, variables: ReadonlyMap<string, CheckType>, positions: Readonly<Record<string, number>>): CheckOutcome {
  const problems: string[] = [];
  const selections = new Map<string, { operand: string; field: string }>();
  const weights = new Map<string, number>();
  const report = (expr: Expr, message: string, hint = ''): CheckType => {
    const offset = positions[expr.id.toString()];
    problems.push(`${message}${offset === undefined ? '' : ` (column ${offset + 1})`}${hint}`);
    return 'dyn';
  };
  const scopes: Map<string, CheckType>[] = [];
  const lookup = (name: string): CheckType | undefined => {
    for (let i = scopes.length - 1; i >= 0; i--) {
      const type = scopes[i]!.get(name);
      if (type !== undefined) return type;
    }
    return variables.get(name);
  };

  const visibleNames = (): string[] => [...variables.keys(), ...scopes.flatMap((scope) => [...scope.keys()])].filter((name) => !name.startsWith('@'));

  const check = (expr: Expr | undefined): CheckType => {
    if (!expr) return 'dyn';
    const kind = expr.exprKind;
    switch (kind.case) {
      case 'constExpr':
        return constantType(kind.value);
      case 'identExpr': {
        const type = lookup(kind.value.name) ?? (TYPE_NAMES.has(kind.value.name) ? 'type' : undefined);
        return type ?? report(expr, `unknown variable '${kind.value.name}'`, didYouMean(kind.value.name, visibleNames()));
      }
      case 'selectExpr':
        return checkSelect(expr, kind.value);
      case 'callExpr': {
        const call = kind.value;
        if (call.function === '_[_]') return checkIndex(expr, call.args);
        const target = call.target ? check(call.target) : undefined;
        const args = call.args.map(check);
        const typing = target === undefined ? globalCallType(call.function, args) : methodCallType(call.function, target, args);
        const cost = callCost(call.function, target, args);
        if (cost > 1) weights.set(expr.id.toString(), cost);
        return typed(expr, typing);
      }
      case 'listExpr': {
        if (kind.value.optionalIndices.length > 0) return report(expr, 'optional list elements are not supported');
        return { list: kind.value.elements.map(check).reduce<CheckType>((a, b) => joinTypes(a, b), 'none') };
      }
      case 'structExpr':
        return checkStruct(expr, kind.value);
      case 'comprehensionExpr':
        return checkComprehension(expr, kind.value);
      default:
        return report(expr, 'this kind of expression is not supported');
    }
  };

  const typed = (expr: Expr, typing: CallTyping): CheckType => ('error' in typing ? report(expr, typing.error) : typing.type);

  const checkSelect = (expr: Expr, select: Expr_Select): CheckType => {
    const operand = check(select.operand);
    // has() on a map literal tests a key that may be absent; on a record, an unknown field is a typo.
    if (select.testOnly && isRecord(operand) && operand.literal) return 'bool';
    const type = fieldType(expr, operand, select.field, select.operand);
    if (!select.testOnly) selections.set(expr.id.toString(), { operand: pathOf(select.operand), field: select.field });
    return select.testOnly ? 'bool' : type;
  };

  const fieldType = (expr: Expr, operand: CheckType, field: string, operandExpr: Expr | undefined): CheckType => {
    if (isLoose(operand)) return 'dyn';
    if (isRecord(operand)) {
      const type = operand.fields[field];
      return type ?? report(expr, `no field '${field}' on ${pathOf(operandExpr)}`, didYouMean(field, Object.keys(operand.fields)));
    }
    if (isMapOf(operand)) return operand.mapOf.value;
    if (operand === 'null') return 'dyn';
    return report(expr, `${pathOf(operandExpr)} is a ${describeType(operand)}, which has no field '${field}'`);
  };

  const checkIndex = (expr: Expr, args: Expr[]): CheckType => {
    const [containerExpr, keyExpr] = args;
    const container = check(containerExpr);
    const key = check(keyExpr);
    const literal = keyExpr?.exprKind.case === 'constExpr' && keyExpr.exprKind.value.constantKind.case === 'stringValue' ? keyExpr.exprKind.value.constantKind.value : undefined;
    if (literal !== undefined && isRecord(container)) {
      selections.set(expr.id.toString(), { operand: pathOf(containerExpr), field: literal });
      return fieldType(expr, container, literal, containerExpr);
    }
    return typed(expr, globalCallType('_[_]', [container, key]));
  };

  const checkStruct = (expr: Expr, struct: Expr_CreateStruct): CheckType => {
    if (struct.messageName !== '') return report(expr, `'${struct.messageName}{...}' builds a message; rules build maps only ({'key': value})`);
    const fields: Record<string, CheckType> = {};
    let keyType: CheckType = 'none';
    let valueType: CheckType = 'none';
    let allNamed = true;
    for (const entry of struct.entries) {
      if (entry.optionalEntry) report(expr, 'optional map entries are not supported');
      const keyExpr = entry.keyKind.case === 'mapKey' ? entry.keyKind.value : undefined;
      const key = check(keyExpr);
      const value = check(entry.value);
      if (key !== 'string' && key !== 'int' && key !== 'uint' && key !== 'bool' && !isLoose(key)) report(keyExpr ?? expr, `a map key must be a string, int or bool, not ${describeType(key)}`);
      const name = keyExpr?.exprKind.case === 'constExpr' && keyExpr.exprKind.value.constantKind.case === 'stringValue' ? keyExpr.exprKind.value.constantKind.value : undefined;
      if (name === undefined) allNamed = false;
      else fields[name] = value;
      keyType = joinTypes(keyType, key);
      valueType = joinTypes(valueType, value);
    }
    return allNamed ? { fields, literal: true } : { mapOf: { key: keyType, value: valueType } };
  };

  const checkComprehension = (expr: Expr, c: Expr_Comprehension): CheckType => {
    if (c.iterVar2 !== '') return report(expr, 'two-variable comprehensions are not supported');
    const range = check(c.iterRange);
    let element: CheckType;
    if (isList(range)) element = range.list;
    else if (isRecord(range)) element = 'string';
    else if (isMapOf(range)) element = range.mapOf.key;
    else if (isLoose(range)) element = 'dyn';
    else element = report(c.iterRange ?? expr, `a list macro needs a list or a map, not ${describeType(range)}`);
    const initial = check(c.accuInit);
    scopes.push(new Map([[c.accuVar, initial]]));
    scopes.push(new Map([[c.iterVar, element]]));
    const condition = check(c.loopCondition);
    if (condition !== 'bool' && !isLoose(condition)) report(c.loopCondition ?? expr, `the test of a list macro must be a bool, not ${describeType(condition)}`);
    const step = check(c.loopStep);
    scopes.pop();
    scopes[scopes.length - 1]!.set(c.accuVar, joinTypes(initial, step));
    const result = check(c.result);
    scopes.pop();
    return result;
  };

  const type = check(root);
  return { type, problems, selections, weights };
}

/** Type denotations (`type(x) == int`) are identifiers a variable may shadow. */
const TYPE_NAMES = new Set(['bool', 'int', 'uint', 'double', 'string', 'bytes', 'list', 'map', 'null_type', 'type']);

function constantType(constant: Constant): CheckType {
  switch (constant.constantKind.case) {
    case 'boolValue': return 'bool';
    case 'int64Value': return 'int';
    case 'uint64Value': return 'uint';
    case 'doubleValue': return 'double';
    case 'stringValue': return 'string';
    case 'bytesValue': return 'bytes';
    case 'nullValue': return 'null';
    case 'durationValue': return 'duration';
    case 'timestampValue': return 'timestamp';
    default: return 'dyn';
  }
}

/** How an operand reads in a message: `record.team` for a path of fields, else what it is. */
function pathOf(expr: Expr | undefined): string {
  if (!expr) return 'the value';
  const kind = expr.exprKind;
  if (kind.case === 'identExpr') return kind.value.name;
  if (kind.case === 'selectExpr') return `${pathOf(kind.value.operand)}.${kind.value.field}`;
  return 'the value';
}
