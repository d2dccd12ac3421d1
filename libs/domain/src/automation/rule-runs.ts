/**
 * A rule's run log (`GET /v1/automation_rules/:id/runs`, docs/decisions/053): when it ran, on which
 * record, whether it matched, the actions it did, why it failed; newest first by default. Read with
 * `automation_rule:Read` by whoever reads the rule (administrators); another account's rule is not found. The newest RULE_LIMITS.runsKept runs
 * of a rule are kept.
 */
import type { CollectionQuery, Page } from '../collections/collection-query.js';
import { notFound } from '../errors/domain-error.js';
import type { AccessContext } from '../identity/access-context.js';
import type { Repositories } from '../ports/unit-of-work.js';
import { FACETS } from '../record-engine/define-record.js';
import { recordReader } from '../record-engine/record-readers.js';
import { declareRecord } from '../records/record-fields.js';
import { assertAllowed } from '../scopes/evaluate-scopes.js';
import { AUTOMATION_RULE } from './automation-rule.record.js';
import type { RuleRunView } from './automation-rule.repository.js';
import { RULE_NOUNS } from './rule-nouns.js';

const { all: ALL, listed: LISTED } = FACETS;

/** The fields of a run as its collection reads them. */
export const RULE_RUN_RECORD = declareRecord('a rule run', {
  id: { type: 'integer', description: 'The run id', collection: ALL },
  at: { type: 'datetime', description: 'When it ran', collection: ALL },
  record_type: { type: 'enum', values: RULE_NOUNS, description: 'The type of the record it ran on', collection: LISTED },
  record_id: { type: 'integer', description: 'The id of the record it ran on', collection: LISTED },
  matched: { type: 'boolean', description: 'Whether its condition held and its actions were done', collection: LISTED },
  actions: { type: 'list', of: { type: 'text' }, description: 'The names of the actions done, in order', collection: { default: true } },
  error: { type: 'text', description: 'Why it failed or stopped; null when it did not', collection: LISTED },
  depth: { type: 'integer', description: 'How many rules’ changes led to it: 0 for a change made by a person or the service', collection: ALL },
});

export async function listRuleRuns(access: AccessContext, ruleId: number, query: CollectionQuery, repos: Pick<Repositories, 'records' | 'automationRules'>): Promise<Page<RuleRunView>> {
  assertAllowed(access, AUTOMATION_RULE.noun, 'Read');
  if (!(await repos.records.find(AUTOMATION_RULE, access.account.id, ruleId, recordReader(access)))) throw notFound();
  return repos.automationRules.runsPage(access.account.id, ruleId, query);
}
