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

/**
 * The owner type of a rule a request template owns (docs/decisions/058): it never runs itself; a
 * request created from the template gets a copy of it. Its record type is the request.
 */
export const TEMPLATE_OWNER = 'request_template';

/** What `owner_type` names: one record rules run for, or a request template. */
export const RULE_OWNER_TYPES = [...RULE_NOUNS, TEMPLATE_OWNER] as const;
