import type { RuleVariables } from './rule-value-type.js';

/** A request rule's variables as the runner declares them (a trimmed request), for the expression specs. */
export const REQUEST_VARIABLES: RuleVariables = {
  record: {
    map: {
      id: 'int',
      subject: 'string',
      status: 'string',
      impact: 'string',
      team_id: 'int',
      team: { map: { id: 'int', name: 'string' } },
      member: { map: { id: 'int', name: 'string' } },
      created_at: 'timestamp',
      score: 'double',
      major: 'bool',
      tags: { list: 'string' },
      custom: 'dyn',
    },
  },
  previous: { map: { status: 'string', member: { map: { id: 'int', name: 'string' } } } },
  person: { map: { id: 'int', name: 'string' } },
};

export function requestBindings(record: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    record: {
      id: 41,
      subject: 'Printer on fire',
      status: 'waiting_for_customer',
      impact: 'low',
      team_id: 7,
      team: { id: 7, name: 'Ops' },
      member: { id: 100, name: 'Howard' },
      created_at: '2026-11-29T08:00:00.000Z',
      score: 2.5,
      major: false,
      tags: ['printer', 'hardware'],
      custom: { priority: 3, flag: true },
      ...record,
    },
    previous: { status: 'in_progress', member: { id: 100, name: 'Howard' } },
    person: { id: 9, name: 'Ada' },
  };
}
