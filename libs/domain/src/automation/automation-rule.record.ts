/**
 * An automation rule (issue 33; ../shared/RECORDS.md "automation_rule" and §6), a record of the
 * engine (docs/decisions/039, 053): `/v1/automation_rules`, GraphQL's `AutomationRule`. When a
 * record of its type (`generic`) or its owner record (`owner_type`, `owner_id`) changes as its
 * `trigger` says, its `condition` decides whether its `actions` run, as the person who last wrote
 * the rule (automation-run.ts). Compiled when written: every problem is a 422 pointing at it. Its
 * catalogue is the bare `automation_rule` its webhook calls send: writing a rule fires nothing.
 */
import type { FieldError } from '../errors/domain-error.js';
import { FACETS, defineRecord } from '../record-engine/define-record.js';
import { compiles, ruleLookups } from './automation-rule-checks.js';
import { RULE_LIMITS } from './rule-limits.js';
import { RULE_OWNER_TYPES } from './rule-nouns.js';
import { RULE_NOUNS, RULE_SUBJECTS } from './rule-subjects.js';

const { all: ALL, listed: LISTED } = FACETS;
const TEXT_MAX = 20_000;

const nouns = RULE_NOUNS.join(', ');

/**
 * ../shared/RECORDS.md §1's predefined filters, `/v1/automation_rules/for_requests`, …: the rules
 * that run for records of a type, generic for it or owned by one of its records.
 */
const forEachType = Object.fromEntries(RULE_NOUNS.map((noun) => {
  const { path, what } = RULE_SUBJECTS[noun];
  return [`for_${path}`, { summary: `The rules that run for ${what}s: generic for them, or owned by one`, any: [{ generic: noun }, { owner_type: noun }] }];
}));

export const AUTOMATION_RULE = defineRecord({
  noun: 'automation_rule',
  fields: {
    name: { type: 'text', max: 128, write: 'change', required: true, description: 'Name', note: "What `after <delay> trigger '<name>'` names it by", collection: ALL },
    trigger: { type: 'text', max: 128, write: 'change', required: true, description: 'When it runs', note: '`on create`, `on update`, `on create or update`, `on note added` or `on <field> update`', collection: LISTED },
    expressions: {
      type: 'text', max: TEXT_MAX, lines: true, write: 'change', description: 'Named values, one `name: expression` a line',
      note: `CEL expressions reading \`record\`, \`previous\` and \`person\`, and the names of earlier lines; at most ${RULE_LIMITS.maxExpressions}`,
    },
    condition: { type: 'text', max: TEXT_MAX, write: 'change', required: true, description: 'When its actions run', note: 'A CEL expression giving a bool' },
    actions: {
      type: 'text', max: TEXT_MAX, lines: true, write: 'change', description: 'What it does, in order, one `name: action` a line',
      note: `\`update <record> set <field> = <value>\`, \`update <record> add note <text>\`, \`update <record> add|remove <value> to|from <collection>\`, \`update <record> clear <collection>\`, \`after <delay> trigger '<rule>'\`, \`call webhook '<webhook>' with payload <value>\`; at most ${RULE_LIMITS.maxActions}`,
    },
    description: { type: 'text', max: TEXT_MAX, write: 'change', description: 'Description' },
    disabled: { type: 'boolean', write: 'change', nullable: false, description: 'Whether it no longer runs', note: 'Default: false', collection: LISTED },
    position: { type: 'integer', min: 0, max: 1_000_000, write: 'change', description: 'Its place in the order rules run in', note: 'Lowest first; none: after those with one', collection: { default: true, sort: true } },
    generic: { type: 'enum', values: RULE_NOUNS, write: 'change', description: 'The record type it runs for, every record of it', note: `One of ${nouns}; or an owner record`, collection: ALL },
    owner_type: {
      type: 'enum', values: RULE_OWNER_TYPES, write: 'change', description: 'The type of the one record it runs for, or `request_template`',
      note: 'With owner_id; or generic. A request template\'s rules never run themselves: each request created from the template gets a copy, run as the template rule\'s last writer', collection: LISTED,
    },
    owner_id: { type: 'integer', min: 1, write: 'change', description: 'The id of the one record it runs for, or of the request template', collection: { default: true } },
    last_error: { type: 'text', description: 'Why its last failed run failed; null when none has', collection: LISTED },
    last_error_at: { type: 'datetime', description: 'When its last failed run failed', collection: ALL },
  },
  defaults: { disabled: false },
  predefined: forEachType,
  service: ['last_error', 'last_error_at'],
  rules: compiles,
  lookups: (rule, context): Promise<FieldError[]> => ruleLookups(rule, context, AUTOMATION_RULE),
  writers: { roles: ['administrator'], rule: 'This needs the administrator role in the account' },
  // Administrators only, reads too (docs/decisions/056's readers): a rule shows the account's webhooks and what it does as whom.
  readers: { all: ['administrator'], when: [] },
  deletes: true,
  describe: {
    create:
      '`name`, `trigger`, `condition` and either `generic` or `owner_type` with `owner_id` are needed. Expressions, condition and actions are compiled now: ' +
      'every problem is a 422 naming its place (`expressions[2]`, `actions[0]`). The rule runs as whoever last wrote it. Fires no event.',
    update: 'Any field; the rule is compiled again as it would be. It then runs as the caller. Fires no event.',
    delete: 'The rule and its run log go. Fires no event.',
  },
});

