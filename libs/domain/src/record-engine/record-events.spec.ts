import { defineRecord } from './define-record.js';
import { recordEvents } from './record-events.js';

const PROBLEM = defineRecord({
  noun: 'problem',
  node: 'Problem',
  what: 'problem',
  fields: {
    subject: { type: 'text', max: 255, write: 'change', required: true, description: 'Subject' },
    status: { type: 'enum', values: ['assigned', 'solved'], write: 'change', description: 'Status' },
    manager_id: { type: 'reference', target: 'Person', write: 'change', description: 'Manager' },
    team_id: { type: 'reference', target: 'Team', write: 'change', description: 'Team' },
  },
  changeEvents: { 'status-changed': 'status', 'manager-changed': 'manager_id', 'team-changed': 'team_id' },
  writers: { roles: ['administrator'], rule: 'Administrators' },
  describe: { create: '', update: '' },
});

const view = { id: 7, subject: 'Slow', status: 'solved', manager: { id: 3, name: 'Mia' }, team: null, created_at: new Date(), updated_at: new Date() };

describe('the events of a write of a record of the engine', () => {
  it('fires create with the status of a noun that has status-changed', () => {
    expect(recordEvents(PROBLEM, view)).toEqual([{ name: 'problem.create', payload: { status: 'solved' } }]);
  });

  it('fires update once, and beside it each declared verb of a field that changed, with what it names now', () => {
    const events = recordEvents(PROBLEM, view, { before: { status: 'assigned', manager_id: 2, team_id: 5 }, changed: { status: 'solved', manager_id: 3, team_id: null } });
    expect(events).toEqual([
      { name: 'problem.update', payload: { status: 'solved' } },
      { name: 'problem.status-changed', payload: { status: 'solved', previous_status: 'assigned' } },
      { name: 'problem.manager-changed', payload: { manager: { id: 3, name: 'Mia', nodeID: expect.any(String) } } },
      { name: 'problem.team-changed', payload: { team: null } },
    ]);
    expect(recordEvents(PROBLEM, view, { before: { subject: 'Old' }, changed: { subject: 'Slow' } }).map((event) => event.name)).toEqual(['problem.update']);
  });

  it('refuses at definition a verb the catalogue does not have for the noun, or a field it does not declare', () => {
    const define = (changeEvents: object) => () =>
      defineRecord({ ...PROBLEM, fields: { status: PROBLEM.fields.fields.status }, changeEvents, describe: PROBLEM.describe } as never);
    expect(define({ 'member-changed': 'member_id' })).toThrow('problem has no field member_id for member-changed');
    expect(() => defineRecord({ noun: 'sla', node: 'X', what: 'x', fields: { status: { type: 'text', max: 1, description: 'S' } }, changeEvents: { 'status-changed': 'status' }, writers: PROBLEM.writers, describe: PROBLEM.describe })).toThrow('sla.status-changed is not in the catalogue');
  });
});
