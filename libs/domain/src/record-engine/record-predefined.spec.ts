import { AUTOMATION_RULE } from '../automation/automation-rule.record.js';
import { BROADCAST } from '../broadcasts/broadcast.record.js';
import { collectionViews, defineRecord, type RecordPredefined } from './define-record.js';

/** A record with an enum, for predefined filters that name its fields rightly or not. */
const notice = (predefined: Record<string, RecordPredefined>) =>
  defineRecord({
    noun: 'broadcast',
    node: 'Broadcast',
    what: 'notice',
    fields: { audience: { type: 'enum', values: ['all', 'teams'], write: 'change', description: 'Audience' } },
    predefined,
    writers: { roles: ['administrator'], rule: 'Administrators' },
    describe: { create: '', update: '' },
  });

describe('predefined filters of a collection (define-record.ts predefined, collectionViews)', () => {
  it('gives a record with them `all` (its collection) then each, one with `current` its views, another none', () => {
    expect(collectionViews(AUTOMATION_RULE)).toEqual(['all', 'for_requests', 'for_problems', 'for_workflows', 'for_tasks', 'for_project_tasks', 'for_risks', 'for_cis']);
    expect(collectionViews(BROADCAST)).toEqual(['active', 'inactive', 'all']);
    expect(collectionViews(notice({}))).toEqual([]);
  });

  it('keeps, for each type, the rules generic for it or owned by one of its records', () => {
    expect(AUTOMATION_RULE.predefined['for_cis']).toEqual({ summary: 'The rules that run for configuration items: generic for them, or owned by one', any: [{ generic: 'ci' }, { owner_type: 'ci' }] });
  });

  it('refuses, when the definition loads, a filter naming no field, none, or named `all` or not in snake_case', () => {
    expect(notice({ for_teams: { summary: 'For teams', any: [{ audience: 'teams' }] } }).predefined['for_teams']!.any).toEqual([{ audience: 'teams' }]);
    expect(() => notice({ for_teams: { summary: 'x', any: [{ missing: 'teams' } as never] } })).toThrow('the predefined filter for_teams names no values or unknown fields: missing');
    expect(() => notice({ for_teams: { summary: 'x', any: [] } })).toThrow('names no values or unknown fields');
    expect(() => notice({ all: { summary: 'x', any: [{ audience: 'all' }] } })).toThrow("not 'all': all");
    expect(() => notice({ 'For-Teams': { summary: 'x', any: [{ audience: 'all' }] } })).toThrow('lower snake_case');
    expect(() => defineRecord({ ...BROADCAST_INPUT, predefined: { shown: { summary: 'x', any: [{ title: 'a' }] } } })).toThrow('a record with `current` has its views');
  });
});

const BROADCAST_INPUT = {
  noun: 'broadcast' as const,
  fields: {
    title: { type: 'text' as const, max: 10, write: 'change' as const, description: 'Title' },
    start_at: { type: 'datetime' as const, write: 'change' as const, description: 'Start' },
    end_at: { type: 'datetime' as const, write: 'change' as const, description: 'End' },
    disabled: { type: 'boolean' as const, write: 'change' as const, description: 'Off' },
  },
  current: { from: 'start_at' as const, until: 'end_at' as const, unless: 'disabled' as const },
  writers: { roles: ['administrator'] as const, rule: 'Administrators' },
  describe: { create: '', update: '' },
};
