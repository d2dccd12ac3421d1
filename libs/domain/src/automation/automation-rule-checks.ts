/**
 * What an automation rule's write checks beyond its fields (automation-rule.record.ts, decision 053):
 * that it compiles (compile-rule.ts), and what it names exists in the account.
 */
import type { FieldError } from '../errors/domain-error.js';
import type { RecordDefinition, RecordLookups } from '../record-engine/define-record.js';
import { namedLines } from '../records/named-lines.js';
import { compileRule, ruleSubject } from './compile-rule.js';
import { parseAction } from './rule-actions.js';
import { RULE_LIMITS } from './rule-limits.js';
import { TEMPLATE_OWNER } from './rule-nouns.js';

/** Generic for a type or owned by one record, never both; then the rule compiles. */
export function compiles(rule: Readonly<Record<string, unknown>>): FieldError[] {
  const [generic, ownerType, ownerId] = [rule['generic'], rule['owner_type'], rule['owner_id']];
  if ((generic === null) === (ownerType === null)) return [['generic', 'A rule is either generic for a record type or has an owner record (owner_type and owner_id), not both nor neither']];
  if ((ownerType === null) !== (ownerId === null)) return [['owner_id', 'An owner record needs both owner_type and owner_id']];
  return compileRule(rule).errors;
}

/**
 * The owner exists in the account; the webhooks and rules actions name too; at most
 * RULE_LIMITS.maxRulesPerType rules for the type or record (`self`: the rule's definition, whose
 * siblings are counted).
 */
export async function ruleLookups(rule: Readonly<Record<string, unknown>>, { account, id, store }: Parameters<RecordLookups>[1], self: RecordDefinition): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const subject = ruleSubject(rule)!;
  const owner = rule['owner_type'] === TEMPLATE_OWNER ? { table: 'templates', what: 'request template' } : subject;
  if (typeof rule['owner_id'] === 'number' && (await store.missingIds(owner.table, [account], [rule['owner_id']])).length > 0) {
    errors.push(['owner_id', `Owner: no ${owner.what} of the account has the id ${rule['owner_id']}`]);
  }
  const actions = namedLines(typeof rule['actions'] === 'string' ? rule['actions'] : '').map((line) => parseAction(line.value));
  const named = (kind: 'webhook' | 'after') => actions.flatMap((parsed, index) => {
    if (!parsed.ok || parsed.action.kind !== kind) return [];
    return [{ index, name: parsed.action.kind === 'webhook' ? parsed.action.webhook : parsed.action.kind === 'after' ? parsed.action.rule : '' }];
  });
  const webhooks = named('webhook');
  const missingWebhooks = new Set(await store.missingNames('webhooks', account, 'name', webhooks.map((each) => each.name)));
  for (const { index, name } of webhooks) if (missingWebhooks.has(name)) errors.push([`actions[${index}]`, `no webhook of the account is named '${name}'`]);
  const triggered = named('after').filter(({ name }) => name !== rule['name']);
  const missingRules = new Set(await store.missingNames('automation_rules', account, 'name', triggered.map((each) => each.name)));
  for (const { index, name } of triggered) if (missingRules.has(name)) errors.push([`actions[${index}]`, `no automation rule of the account is named '${name}'`]);
  const [field, value] = rule['generic'] !== null ? ['generic', rule['generic']] : ['owner_id', rule['owner_id']];
  const siblings = (await store.rowsWhere(self, account, field, value)).filter((row) => row.id !== id && (field === 'generic' || row['owner_type'] === rule['owner_type']));
  if (siblings.length >= RULE_LIMITS.maxRulesPerType) errors.push([field, `An account has at most ${RULE_LIMITS.maxRulesPerType} rules for one record type or record`]);
  return errors;
}
