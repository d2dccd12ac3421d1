/**
 * The record types automation rules exist for, by noun and by node type (a leaf: the outbox
 * reads it with every change, without loading the records' definitions).
 */
export const RULE_NODES = {
  request: 'Request',
  problem: 'Problem',
  workflow: 'Workflow',
  task: 'Task',
  project_task: 'ProjectTask',
  risk: 'Risk',
  ci: 'ConfigurationItem',
} as const;

export type RuleNoun = keyof typeof RULE_NODES;
export const RULE_NOUNS = Object.keys(RULE_NODES) as RuleNoun[];

const NOUN_OF = new Map<string, RuleNoun>(Object.entries(RULE_NODES).map(([noun, node]) => [node, noun as RuleNoun]));

/** The noun of a node type rules exist for; undefined for another. */
export const ruleNounOfNode = (node: string): RuleNoun | undefined => NOUN_OF.get(node);

export const isRuleNoun = (value: unknown): value is RuleNoun => typeof value === 'string' && value in RULE_NODES;
