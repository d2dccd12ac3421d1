/**
 * A problem (issue 32; ../shared/RECORDS.md "problem"), a record of the engine
 * (docs/decisions/039, 046): `/v1/problems`, GraphQL's `Problem`, `problem.create` / `.update`
 * and, beside an update, `problem.status-changed`, `.manager-changed`, `.member-changed` and
 * `.team-changed`; notes fire `problem.note-added`. The cause of one or more requests, managed by
 * a person, worked on by a team and one of its members; `solved_at` is stamped when it is solved.
 */
import { FACETS, defineRecord } from '../record-engine/define-record.js';
import { CALLER } from '../record-engine/caller.js';
import { workWriters } from './work-writers.js';
import { WAITING_UNTIL } from '../workflows/task-statuses.js';

const { all: ALL, listed: LISTED } = FACETS;

export const PROBLEM_STATUSES = [
  'assigned', 'declined', 'accepted', 'in_progress', 'waiting_for', 'analyzed', 'change_requested', 'workflow_pending', 'on_backlog',
  'project_pending', 'progress_halted', 'solved',
] as const;
const IMPACTS = ['none', 'low', 'medium', 'high', 'top'] as const;

export const PROBLEM = defineRecord({
  noun: 'problem',
  fields: {
    subject: { type: 'text', max: 255, write: 'change', required: true, description: 'Subject: the symptoms', collection: ALL },
    service_id: { type: 'reference', target: 'Service', write: 'change', required: true, description: 'Service the problem affects', collection: LISTED },
    impact: { type: 'enum', values: IMPACTS, write: 'change', nullable: false, description: 'Impact', note: 'Default: none', collection: ALL },
    category: { type: 'enum', values: ['reactive', 'proactive'], write: 'change', nullable: false, description: 'Category', note: 'Default: reactive', collection: LISTED },
    status: { type: 'enum', values: PROBLEM_STATUSES, write: 'change', nullable: false, description: 'Status', note: 'Default: assigned; solved stamps solved_at', collection: ALL },
    manager_id: { type: 'reference', target: 'Person', write: 'change', notBlank: true, description: 'Problem manager', note: 'Default: the caller', collection: LISTED },
    team_id: { type: 'reference', target: 'Team', write: 'change', description: 'Team working on it', note: 'Default: the service’s support team', collection: LISTED },
    member_id: { type: 'reference', target: 'Person', write: 'change', description: 'Member of the team working on it', collection: LISTED },
    known_error: { type: 'boolean', write: 'change', nullable: false, description: 'Whether its cause and a workaround are known', note: 'Default: false', collection: LISTED },
    workaround: { type: 'text', maxBytes: 65_536, write: 'change', description: 'How to work around it until it is solved' },
    waiting_until: { type: 'datetime', write: 'change', description: 'When a problem waiting_for returns to assigned', collection: LISTED },
    solved_at: { type: 'datetime', description: 'When it was solved; null while it is not', collection: ALL },
  },
  defaults: { impact: 'none', category: 'reactive', status: 'assigned', manager_id: CALLER, team_id: { from: 'service_id', take: 'support_team_id' }, known_error: false },
  timers: [WAITING_UNTIL],
  stamps: { solved_at: { when: 'status', in: ['solved'] } },
  changeEvents: { 'status-changed': 'status', 'manager-changed': 'manager_id', 'member-changed': 'member_id', 'team-changed': 'team_id' },
  notes: true,
  writers: workWriters('problems', [{ person: 'manager_id' }, { person: 'member_id' }, { team: 'team_id' }], 'A specialist changes only the problems they manage, are the member of, or whose team they are in'),
  describe: {
    create: '`subject` and `service_id` are needed; the manager is the caller and the team the service’s support team unless given. Fires problem.create.',
    update:
      'Any field; solved stamps solved_at, leaving solved clears it. Fires problem.update, and beside it problem.status-changed, .manager-changed, ' +
      '.member-changed or .team-changed for those fields; a change that changes nothing fires nothing.',
  },
});
