/**
 * Rules in a template are copied onto the records created from it (../shared/RECORDS.md §6;
 * docs/decisions/058). A request template's rules (`owner_type` request_template) never run
 * themselves; a request created from the template gets a copy of each, owned by the request, in
 * the request's own transaction and before its change is written, so the outbox's "could a rule
 * match" probe sees them and an `on create` copy runs for the request's creation.
 *
 * Each copy is written as the template rule's last writer: its audit line names that person, so
 * it runs as them (rule-owner.ts), as the template rule would have, whoever created the request. An
 * administrator wrote it; the requester only chose the template, as they may, and gains no rights:
 * the copy acts with the writer's rights, through the checks of any write. A template holds at most
 * RULE_LIMITS.maxRulesPerType rules, so a new request's copies stay within the bound for one record.
 */
import { recordChange } from '../outbox/record-change.js';
import type { Transaction } from '../ports/unit-of-work.js';
import type { RecordRow } from '../record-engine/record-store.repository.js';
import type { AccountId } from '../tenancy/account-id.js';
import { AUTOMATION_RULE } from './automation-rule.record.js';
import { RULE_LIMITS } from './rule-limits.js';

export type TemplateRulePorts = Pick<Transaction, 'automationRules' | 'records' | 'auditLines' | 'jobs'>;

export async function copyTemplateRules(tx: TemplateRulePorts, request: { account_id: AccountId; id: number; template_id: number | null }): Promise<void> {
  if (request.template_id === null) return;
  const account = request.account_id;
  for (const { writer, ...rule } of await tx.automationRules.ofTemplate(account, request.template_id, RULE_LIMITS.maxRulesPerType)) {
    const row: RecordRow = { ...rule, generic: null, owner_type: 'request', owner_id: request.id, last_error: null, last_error_at: null };
    const id = await tx.records.insert(AUTOMATION_RULE, account, row);
    if (id === null) throw new Error('an automation rule has no unique field to be taken');
    // Audited as any rule write: a create by the person it runs as; its catalogue fires no event.
    await recordChange(tx, { account, record: { type: AUTOMATION_RULE.node, id }, action: 'create', actor: writer, source: null, sourceId: null, changes: row, events: [] });
  }
}
