import { BROADCAST } from '../broadcasts/broadcast.record.js';
import { defineRecord } from './define-record.js';
import { readsEveryRecord, recordReader, type RecordReaders } from './record-readers.js';

/** A record with an enum, a flag and a list of teams, for readers that name them rightly or not. */
const notice = (readers: RecordReaders) =>
  defineRecord({
    noun: 'broadcast',
    node: 'Broadcast',
    what: 'notice',
    fields: {
      audience: { type: 'enum', values: ['all', 'teams'], write: 'change', description: 'Audience' },
      public: { type: 'boolean', write: 'change', description: 'Public' },
      title: { type: 'text', max: 10, write: 'change', description: 'Title' },
      team_ids: { type: 'references', target: 'Team', max: 5, write: 'change', description: 'Teams' },
    },
    links: { team_ids: { table: 'notice_teams', self: 'notice_id', other: 'team_id', position: 'self' } },
    writers: { roles: ['administrator'], rule: 'Administrators' },
    readers,
    describe: { create: '', update: '' },
  });

describe('who reads which records (define-record.ts readers)', () => {
  it('takes clauses on the enums and flags of the record and audiences naming its references', () => {
    const def = notice({ all: ['administrator'], when: [{ where: { audience: ['teams'], public: false }, to: { team: 'team_ids' } }] });
    expect(def.readers?.when).toHaveLength(1);
    expect(notice({ all: ['auditor'], when: [] }).readers).toEqual({ all: ['auditor'], when: [] });
  });

  it('refuses, when the definition loads, a clause naming no enum value, no flag or no field of the record', () => {
    expect(() => notice({ all: [], when: [{ where: { audience: ['everyone'] }, to: 'anyone' }] })).toThrow("the readers' clause on audience names no enum value of the record");
    expect(() => notice({ all: [], when: [{ where: { title: true }, to: 'anyone' }] })).toThrow("the readers' clause on title names no flag of the record");
    expect(() => notice({ all: [], when: [{ where: { missing: true }, to: 'anyone' }] })).toThrow("the readers' clause on missing names no flag of the record");
    expect(() => notice({ all: [], when: [{ where: {}, to: { team: 'owner_team_id' } }] })).toThrow("the readers' audience owner_team_id names no field of the record");
  });

  it('takes the caller as parameters: their person, organization and roles; the roles of `all` read every record', () => {
    const person = { id: 7, name: 'Caller', accountId: 'acme', primaryEmail: 'c@acme.example', organizationId: 4, inDirectoryAccount: false };
    expect(recordReader({ person, roles: ['specialist'] })).toEqual({ personId: 7, organizationId: 4, roles: ['specialist'] });
    expect(readsEveryRecord(BROADCAST.readers!, { personId: 7, organizationId: 4, roles: ['specialist'] })).toBe(false);
    expect(readsEveryRecord(BROADCAST.readers!, { personId: 7, organizationId: 4, roles: ['specialist', 'agent'] })).toBe(true);
    expect(readsEveryRecord(BROADCAST.readers!, { personId: 7, organizationId: null, roles: [] })).toBe(false);
  });
});
