/** Automation rules (docs/decisions/053), for the barrel. */
export { AUTOMATION_RULE } from './automation-rule.record.js';
export { RULE_LIMITS } from './rule-limits.js';
export { RULE_NOUNS, RULE_OWNER_TYPES, TEMPLATE_OWNER, type RuleNoun } from './rule-nouns.js';
export type { AutomationRuleRepository, RuleRun, RuleRunView, StoredRule, TemplateRule } from './automation-rule.repository.js';
export { runAutomation, type AutomationJobAttempt, type AutomationOutcome } from './automation-run.js';
export { evaluationBudget, type EvaluationBudget } from './evaluation-budget.js';
export { ruleLaneFlag } from './rule-lane-flags.js';
export { RULE_RUN_RECORD, listRuleRuns } from './rule-runs.js';
export { listOwnedRules } from './owned-rules.js';
export { RULE_SUBJECTS } from './rule-subjects.js';
export { namedLines, namedLinesText, type NamedLine } from '../records/named-lines.js';
