/**
 * The record types automation rules exist for (../shared/RECORDS.md automation_rule `generic`,
 * docs/decisions/053): requests, which keep their own use cases, and records of the engine. A
 * rule reads and writes its record through the same declaration its REST answer comes from.
 */
import { CONFIGURATION_ITEM } from '../cmdb/configuration-item.record.js';
import { PROBLEM } from '../problems/problem.record.js';
import { PROJECT_TASK } from '../projects/project-task.record.js';
import type { RecordDefinition } from '../record-engine/define-record.js';
import type { RecordDeclaration } from '../records/record-fields.js';
import { REQUEST_RECORD } from '../requests/request-fields.js';
import { RISK } from '../risks/risk.record.js';
import { TASK } from '../workflows/task.record.js';
import { WORKFLOW } from '../workflows/workflow.record.js';

import { RULE_NODES, ruleNounOfNode, type RuleNoun } from './rule-nouns.js';

export { RULE_NOUNS, isRuleNoun, type RuleNoun } from './rule-nouns.js';

export interface RuleSubject {
  noun: RuleNoun;
  /** Its node type, as audit lines and the outbox name it. */
  node: string;
  /** How a sentence names one. */
  what: string;
  /** Its table, where an owner id is looked up. */
  table: string;
  /** Its REST collection, `/v1/<path>`: the rules' predefined filter `for_<path>`, its records' `/v1/<path>/:id/automation_rules`. */
  path: string;
  declaration: RecordDeclaration;
  /** The engine's definition; null for requests. */
  def: RecordDefinition | null;
}

const engine = (noun: RuleNoun, def: RecordDefinition): RuleSubject => {
  if (RULE_NODES[noun] !== def.node) throw new Error(`rule-nouns.ts names ${noun} ${RULE_NODES[noun]}, its definition ${def.node}`);
  return { noun, node: def.node, what: def.what, table: def.table, path: def.path, declaration: def.fields, def };
};

export const RULE_SUBJECTS: Readonly<Record<RuleNoun, RuleSubject>> = {
  request: { noun: 'request', node: 'Request', what: 'request', table: 'requests', path: 'requests', declaration: REQUEST_RECORD, def: null },
  problem: engine('problem', PROBLEM),
  workflow: engine('workflow', WORKFLOW),
  task: engine('task', TASK),
  project_task: engine('project_task', PROJECT_TASK),
  risk: engine('risk', RISK),
  ci: engine('ci', CONFIGURATION_ITEM),
};

/** The subject of a record type by its node type (`Request`); undefined for a type rules do not exist for. */
export function subjectOfNode(node: string): RuleSubject | undefined {
  const noun = ruleNounOfNode(node);
  return noun && RULE_SUBJECTS[noun];
}
