import { RULE_SUBJECTS } from './rule-subjects.js';
import { parseTrigger, triggerFires } from './rule-trigger.js';

const request = RULE_SUBJECTS.request;
const change = (action: 'create' | 'update', previous: Record<string, unknown> = {}, verbs: string[] = []) => ({ action, previous, verbs });

describe('a rule trigger', () => {
  it('is one of a closed set, a field named as it is read or written', () => {
    expect(parseTrigger('On  Status Update', request)).toEqual({ ok: true, trigger: { on: 'field update', field: 'status' } });
    expect(parseTrigger('on member update', request)).toEqual({ ok: true, trigger: { on: 'field update', field: 'member_id' } });
    expect(parseTrigger('on team_id update', request)).toEqual({ ok: true, trigger: { on: 'field update', field: 'team_id' } });
    expect(parseTrigger('on note added', request)).toEqual({ ok: true, trigger: { on: 'note added' } });
    expect(parseTrigger('on membr update', request)).toEqual({ ok: false, message: "unknown field 'membr' of request" });
    expect(parseTrigger('whenever', request)).toEqual({ ok: false, message: expect.stringContaining("a trigger is 'on create'") });
  });

  it('fires on the changes it names', () => {
    const status = { on: 'field update', field: 'status' } as const;
    expect(triggerFires(status, change('update', { status: 'assigned' }))).toBe(true);
    expect(triggerFires(status, change('update', { impact: 'low' }))).toBe(false);
    expect(triggerFires(status, change('create'))).toBe(false);
    expect(triggerFires({ on: 'create' }, change('create'))).toBe(true);
    expect(triggerFires({ on: 'update' }, change('create'))).toBe(false);
    expect(triggerFires({ on: 'create or update' }, change('update'))).toBe(true);
    expect(triggerFires({ on: 'note added' }, change('update', {}, ['note-added']))).toBe(true);
    expect(triggerFires({ on: 'note added' }, change('update', { status: 'x' }, ['update']))).toBe(false);
  });
});
