/**
 * A rule compiled (docs/decisions/053): when it is written, every problem of its trigger,
 * expressions, condition and actions is found at once, each pointing at its place
 * (`condition`, `expressions[2]`, `actions[0]`); when it runs, the same compile gives what it
 * evaluates. Pure: the webhooks and rules its actions name are looked up by the caller.
 */
import type { FieldError } from '../errors/domain-error.js';
import type { FieldDeclaration } from '../records/record-fields.js';
import { compileExpression, type CompiledExpression } from './expressions/compile-expression.js';
import { compileExpressions } from './expressions/named-expressions.js';
import type { RuleValueType } from './expressions/rule-value-type.js';
import { parseAction, type RuleAction } from './rule-actions.js';
import { namedLines } from '../records/named-lines.js';
import { RULE_LIMITS } from './rule-limits.js';
import { TEMPLATE_OWNER } from './rule-nouns.js';
import { RULE_SUBJECTS, isRuleNoun, type RuleSubject } from './rule-subjects.js';
import { parseTrigger, type RuleTrigger } from './rule-trigger.js';
import { readFields, ruleVariables } from './rule-variables.js';

export interface CompiledAction {
  name: string;
  action: RuleAction;
  /** The action's value, where it has one. */
  expression: CompiledExpression | null;
}

export interface CompiledRule {
  subject: RuleSubject;
  trigger: RuleTrigger;
  expressions: Array<{ name: string; expression: CompiledExpression }>;
  condition: CompiledExpression;
  actions: CompiledAction[];
}

/** The stored values of a rule the compile reads. */
export interface RuleText {
  trigger?: unknown;
  expressions?: unknown;
  condition?: unknown;
  actions?: unknown;
  generic?: unknown;
  owner_type?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The subject of a rule: its `generic` type, or its owner's; a request template's rules are compiled for the requests they are copied onto. */
export function ruleSubject(rule: RuleText): RuleSubject | null {
  const noun = rule.generic ?? (rule.owner_type === TEMPLATE_OWNER ? 'request' : rule.owner_type);
  return isRuleNoun(noun) ? RULE_SUBJECTS[noun] : null;
}

const isA = (type: RuleValueType, ...names: string[]) => type === 'dyn' || (typeof type === 'string' && names.includes(type));
const shown = (type: RuleValueType) => (typeof type === 'string' ? type : 'list' in type ? 'list' : 'map');

/** What a `set` of the field takes, or null when the value's type fits. */
function unfit(field: FieldDeclaration, type: RuleValueType): string | null {
  if (type === 'dyn') return null;
  if (type === 'null') return field.notBlank || field.required ? 'a value, not nil' : null;
  switch (field.type) {
    case 'text': case 'enum': case 'date': return isA(type, 'string') ? null : `a string, not ${shown(type)}`;
    case 'integer': return isA(type, 'int') ? null : `an int, not ${shown(type)}`;
    case 'boolean': return isA(type, 'bool') ? null : `a bool, not ${shown(type)}`;
    case 'datetime': return isA(type, 'timestamp', 'string') ? null : `a timestamp, not ${shown(type)}`;
    case 'reference': return isA(type, 'int') || (typeof type === 'object' && 'map' in type) ? null : `an id (int) or a record, not ${shown(type)}`;
    case 'references': return typeof type === 'object' && 'list' in type ? null : `a list of ids, not ${shown(type)}`;
    default: return null;
  }
}

/** Every problem of the rule, or the rule compiled. */
export function compileRule(rule: RuleText): { errors: FieldError[]; compiled: CompiledRule | null } {
  const subject = ruleSubject(rule);
  if (!subject) return { errors: [], compiled: null };
  const errors: FieldError[] = [];
  // A trigger or condition not given is the declaration's problem ("can't be blank"), not a second one here.
  const given = (value: unknown) => typeof value === 'string' && value.trim() !== '';
  const trigger = parseTrigger(text(rule.trigger), subject);
  if (!trigger.ok && given(rule.trigger)) errors.push(['trigger', trigger.message]);

  const expressionLines = namedLines(text(rule.expressions));
  const actionLines = namedLines(text(rule.actions));
  if (expressionLines.length > RULE_LIMITS.maxExpressions) errors.push(['expressions', `a rule has at most ${RULE_LIMITS.maxExpressions} expressions`]);
  if (actionLines.length > RULE_LIMITS.maxActions) errors.push(['actions', `a rule has at most ${RULE_LIMITS.maxActions} actions`]);
  if (errors.some(([field]) => field !== 'trigger')) return { errors, compiled: null };

  // A line that does not compile is named dyn in `variables`, so the condition and actions are checked too.
  const expressions = compileExpressions(expressionLines, ruleVariables(subject));
  const variables = expressions.variables;
  const compiledExpressions: CompiledRule['expressions'] = expressions.ok ? expressions.compiled : [];
  if (!expressions.ok) errors.push(...expressions.errors.map(({ index, message }): FieldError => [`expressions[${index}]`, message]));

  const condition = compileExpression(text(rule.condition), variables, 'bool');
  if (!condition.ok && given(rule.condition)) errors.push(['condition', condition.message]);

  const fields = readFields(subject);
  const actions: CompiledAction[] = [];
  actionLines.forEach((line, index) => {
    const at = `actions[${index}]`;
    const parsed = parseAction(line.value);
    if (!parsed.ok) return void errors.push([at, parsed.message]);
    const action = parsed.action;
    if (parsed.record !== undefined && parsed.record !== subject.noun) return void errors.push([at, `a rule of a ${subject.what} updates the ${subject.noun}, not '${parsed.record}'`]);
    if (action.kind === 'set' || action.kind === 'add' || action.kind === 'remove' || action.kind === 'clear') {
      const found = fields.find((each) => each.read === action.field || each.name === action.field);
      if (!found) return void errors.push([at, `unknown field '${action.field}' of ${subject.what}`]);
      const writable = found.field.write === 'change' && !(subject.def?.service ?? []).includes(found.name);
      if (!writable) return void errors.push([at, `'${action.field}' of a ${subject.what} is not written by a change`]);
      if (action.kind !== 'set' && found.field.type !== 'references') return void errors.push([at, `'${action.field}' of a ${subject.what} is not a collection`]);
      action.field = found.name;
    }
    if (action.kind === 'after' && action.seconds > RULE_LIMITS.maxDelaySeconds) return void errors.push([at, `a delay is at most ${RULE_LIMITS.maxDelaySeconds / 86_400} days`]);
    if (!('value' in action)) return void actions.push({ name: line.name, action, expression: null });
    const compiled = compileExpression(action.value, variables);
    if (!compiled.ok) return void errors.push([at, compiled.message]);
    if (action.kind === 'set') {
      const problem = unfit(subject.declaration.fields[action.field] ?? fields.find((each) => each.name === action.field)!.field, compiled.expression.type);
      if (problem) return void errors.push([at, `'${action.field}' takes ${problem}`]);
    }
    actions.push({ name: line.name, action, expression: compiled.expression });
  });
  if (errors.length > 0 || !trigger.ok || !condition.ok) return { errors, compiled: null };
  return { errors, compiled: { subject, trigger: trigger.trigger, expressions: compiledExpressions, condition: condition.expression, actions } };
}

/** The webhooks and rules the actions name, for the caller to look up. */
export function namedInActions(compiled: CompiledRule): { webhooks: string[]; rules: string[] } {
  const webhooks = compiled.actions.flatMap(({ action }) => (action.kind === 'webhook' ? [action.webhook] : []));
  const rules = compiled.actions.flatMap(({ action }) => (action.kind === 'after' ? [action.rule] : []));
  return { webhooks: [...new Set(webhooks)], rules: [...new Set(rules)] };
}
