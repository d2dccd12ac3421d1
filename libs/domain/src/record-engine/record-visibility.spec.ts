import type { Role } from '../identity/roles.js';
import { PERSON } from '../people/person.record.js';
import { defineRecord } from './define-record.js';
import { assertVisibleQuery, visibleValue, visibleView } from './record-visibility.js';

/** A record whose `note` only the staff and the person it is about read, by its `person_id` reference. */
const DIARY = defineRecord({
  noun: 'time_entry',
  node: 'TimeEntry',
  what: 'diary entry',
  fields: {
    note: { type: 'text', max: 100, write: 'change', description: 'Note', collection: { default: true, filter: true } },
    person_id: { type: 'reference', target: 'Person', write: 'change', description: 'Person' },
  },
  visible: { note: { to: 'role', own: 'person_id' } },
  writers: { roles: ['administrator'], rule: 'Administrators' },
  describe: { create: '', update: '' },
});

const caller = (roles: Role[]) => ({ person: { id: 7, name: 'Caller', accountId: 'acme', primaryEmail: 'c@acme.example', organizationId: null, inDirectoryAccount: false }, roles });

describe('fields only some callers read (define-record.ts visible)', () => {
  it('shows a caller with a role every value, and anyone else the values of the records the own field names them in', () => {
    const mine = { id: 1, note: 'Mine', person: { id: 7, name: 'Caller' } };
    const theirs = { id: 2, note: 'Theirs', person: { id: 8, name: 'Other' } };
    expect([mine, theirs].map((view) => visibleView(DIARY, caller(['agent']), view).note)).toEqual(['Mine', 'Theirs']);
    expect([mine, theirs].map((view) => visibleView(DIARY, caller([]), view).note)).toEqual(['Mine', null]);
    expect(visibleValue(DIARY, caller([]), 'note', { note: 'Stored', person_id: 7 })).toBe('Stored');
    expect(visibleValue(PERSON, caller([]), 'primary_email', { id: 8, primary_email: 'o@acme.example' })).toBeNull();
  });

  it('leaves a record with no rule as it is, and refuses an end user a filter or sort on a hidden field, as the transport names it', () => {
    const view = { id: 3, name: 'Desk' };
    expect(visibleView({ ...DIARY, visible: {} }, caller([]), view)).toBe(view);
    expect(() => assertVisibleQuery(DIARY, caller([]), ['note'])).toThrow('Filtering or sorting on note needs a role in the account');
    expect(() => assertVisibleQuery(PERSON, caller([]), ['primaryEmail'], () => 'primaryEmail')).toThrow('Filtering or sorting on primaryEmail needs a role in the account');
    expect(() => assertVisibleQuery(DIARY, caller(['auditor']), ['note'])).not.toThrow();
    expect(() => assertVisibleQuery(DIARY, caller([]), ['person_id'])).not.toThrow();
  });
});
