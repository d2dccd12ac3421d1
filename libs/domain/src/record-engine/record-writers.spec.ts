import type { AccessContext } from '../identity/access-context.js';
import type { Role } from '../identity/roles.js';
import { PROBLEM } from '../problems/problem.record.js';
import { PROJECT_TASK } from '../projects/project-task.record.js';
import { TASK } from '../workflows/task.record.js';
import { defineRecord } from './define-record.js';
import { assertResponsible } from './record-writers.js';

/** A caller, person 7 (the token's scopes are the use case's, checked before). */
const caller = (roles: Role[]) => ({ person: { id: 7, name: 'Caller' }, roles }) as unknown as AccessContext;

/** The store's answers: person 7 is in team 3; project task 5 is assigned to 7; workflow 9 is managed by 7. */
const store = {
  inTeam: async (team: number, person: number) => team === 3 && person === 7,
  linkIds: async (_def: unknown, field: string, id: number) => (field === 'assignment_ids' && id === 5 ? [7] : []),
  columnValue: async (table: string, id: number, column: string) => (table === 'workflows' && id === 9 && column === 'manager_id' ? 7 : null),
};

const answer = (promise: Promise<void>) => promise.then(() => 'allowed', (error: Error) => error.message);

describe('a limited writer writes only what they are responsible for (define-record.ts RecordLimited)', () => {
  it('lets a specialist change a problem they manage, are the member of or whose team they are in, and refuses any other', async () => {
    const specialist = caller(['specialist']);
    const rows = [{ manager_id: 7 }, { member_id: 7 }, { team_id: 3 }, { manager_id: 8, member_id: 8, team_id: 4 }, { team_id: null }];
    expect(await Promise.all(rows.map((row) => answer(assertResponsible(PROBLEM, specialist, store, row, 1))))).toEqual([
      'allowed', 'allowed', 'allowed',
      'A specialist changes only the problems they manage, are the member of, or whose team they are in',
      'A specialist changes only the problems they manage, are the member of, or whose team they are in',
    ]);
  });

  it('does not limit an administrator or an agent, nor a specialist who is an agent too', async () => {
    for (const roles of [['administrator'], ['agent'], ['specialist', 'agent']] as Role[][]) {
      expect(await answer(assertResponsible(PROBLEM, caller(roles), store, { manager_id: 8 }, 1))).toBe('allowed');
    }
  });

  it('looks a link list and a parent up: a project task assigned to them, a task of a workflow they manage', async () => {
    const specialist = caller(['specialist']);
    expect(await answer(assertResponsible(PROJECT_TASK, specialist, store, { project_id: 2 }, 5))).toBe('allowed');
    expect(await answer(assertResponsible(PROJECT_TASK, specialist, store, { project_id: 2 }, 6))).toMatch(/^A specialist changes only the project tasks/);
    expect(await answer(assertResponsible(TASK, specialist, store, { workflow_id: 9 }, 1))).toBe('allowed');
    expect(await answer(assertResponsible(TASK, specialist, store, { workflow_id: 10, member_id: 8 }, 1))).toMatch(/^A specialist changes only the tasks/);
  });

  it('on a create, asks only the parent: a task under a workflow they manage, whoever its member; a problem always', async () => {
    const specialist = caller(['specialist']);
    expect(await answer(assertResponsible(TASK, specialist, store, { workflow_id: 9 }, null))).toBe('allowed');
    expect(await answer(assertResponsible(TASK, specialist, store, { workflow_id: 10, member_id: 7 }, null))).toMatch(/adds tasks only to a workflow they manage$/);
    expect(await answer(assertResponsible(PROBLEM, specialist, store, { manager_id: 8 }, null))).toBe('allowed');
  });

  it('refuses a declaration whose responsibility names no reference of the kind it needs', () => {
    const declare = (by: Parameters<typeof defineRecord>[0]['writers']) => () =>
      defineRecord({
        noun: 'problem', node: 'Problem', what: 'trouble',
        fields: {
          owner_id: { type: 'reference', target: 'Person', write: 'change', description: 'Owner' },
          crew_id: { type: 'reference', target: 'Team', write: 'change', description: 'Crew' },
          subject: { type: 'text', max: 10, write: 'change', description: 'Subject' },
        },
        writers: by, describe: { create: '', update: '' },
      });
    const writers = (by: NonNullable<Parameters<typeof defineRecord>[0]['writers']['limited']>['by']) =>
      ({ roles: ['agent', 'specialist'], note: 'n', rule: 'r', limited: { roles: ['specialist'], by, rule: 'l' } }) as const;
    expect(declare(writers([{ person: 'owner_id' }, { team: 'crew_id' }]))).not.toThrow();
    expect(declare(writers([{ person: 'crew_id' }]))).toThrow('problem: the limited writers\' {"person":"crew_id"} names no reference of the kind it needs');
    expect(declare(writers([{ team: 'subject' }]))).toThrow('names no reference');
    expect(declare(writers([{ link: 'owner_id' }]))).toThrow('names no reference');
    expect(declare(writers([{ parent: 'subject', person: 'manager_id' }]))).toThrow('names no reference');
  });
});
