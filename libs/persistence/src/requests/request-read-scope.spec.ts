import { canReadRequest, requestReadScope, trustedAccountId, type AccessContext, type GraphReadScope, type RequestReadScope, type Role } from '@tessera/domain';
import { KIND_TABLES } from '../connections/node-tables.js';
import { createTestDatabase, type TestDatabase } from '../testing/index.js';
import { whereNoteReadable, whereRequestReadable } from './request-read-scope.js';
import { findRequestView, listNoteViews } from './request-views.js';

/**
 * docs/decisions/007-request-visibility.md in SQL: every role sees every request and note of the
 * account; an end user sees the requests they requested or that are for them, and public notes only;
 * nobody sees another account's. The same rows as the domain's canReadRequest.
 */
let test: TestDatabase;
const WDC = trustedAccountId('scope-wdc');
const OTHER = trustedAccountId('scope-other');
const people: Record<'ann' | 'bob' | 'eve' | 'otto', number> = { ann: 0, bob: 0, eve: 0, otto: 0 };
/** Request name → id; named after who requested it and for whom. */
const requests: Record<string, number> = {};
const notes: Record<string, number> = {};
type RequestRow = { id: number; account_id: string; requested_by_id: number; requested_for_id: number };
let rows: RequestRow[];
const insertedId = async (insert: PromiseLike<unknown>) => ((await insert) as Array<{ id: number }>)[0]!.id;

beforeAll(async () => {
  test = await createTestDatabase();
  await test.db('accounts').insert([{ id: WDC, name: 'Scope WDC' }, { id: OTHER, name: 'Scope Other' }]);
  for (const [name, account] of [['ann', WDC], ['bob', WDC], ['eve', WDC], ['otto', OTHER]] as const) {
    people[name] = await insertedId(test.db('people').insert({ account_id: account, name, primary_email: `${name}@scope.test` }).returning('id'));
  }
  const request = async (name: string, account: string, by: number, forPerson: number) => {
    requests[name] = await insertedId(test.db('requests')
      .insert({ account_id: account, subject: name, category: 'other', status: 'assigned', requested_by_id: by, requested_for_id: forPerson, created_by_id: by })
      .returning('id'));
  };
  await request('annForAnn', WDC, people.ann, people.ann);
  await request('bobForAnn', WDC, people.bob, people.ann);
  await request('annForBob', WDC, people.ann, people.bob);
  await request('bobForBob', WDC, people.bob, people.bob);
  await request('ottoForOtto', OTHER, people.otto, people.otto);
  const note = async (name: string, request: number, account: string, internal: boolean) => {
    notes[name] = await insertedId(test.db('notes').insert({ account_id: account, request_id: request, person_id: people.bob, text: name, internal }).returning('id'));
  };
  await note('publicOnAnns', requests.annForAnn!, WDC, false);
  await note('internalOnAnns', requests.annForAnn!, WDC, true);
  await note('publicOnBobs', requests.bobForBob!, WDC, false);
  await note('publicOnOttos', requests.ottoForOtto!, OTHER, false);
  rows = await test.db('requests').select('id', 'account_id', 'requested_by_id', 'requested_for_id');
});
afterAll(() => test.drop());

const scopeOf = (person: keyof typeof people, roles: Role[], account = WDC): RequestReadScope =>
  requestReadScope({ person: { id: people[person] } as AccessContext['person'] }, account, roles);
const readable = async (scope: RequestReadScope) =>
  (await whereRequestReadable(test.db('requests as r'), scope).orderBy('r.id').pluck('r.id')) as number[];
const readableNotes = async (scope: RequestReadScope, request: number) =>
  (await whereNoteReadable(test.db('notes as n'), scope).where('n.request_id', request).orderBy('n.id').pluck('n.id')) as number[];
const ids = (...names: string[]) => names.map((name) => requests[name]!).sort((a, b) => a - b);

describe('whereRequestReadable', () => {
  it.each([['administrator'], ['agent'], ['specialist'], ['auditor']] as Array<[Role]>)(
    'lets a person who is %s in the account read every request of it, and no other account\'s', async (role) => {
      expect(await readable(scopeOf('eve', [role]))).toEqual(ids('annForAnn', 'bobForAnn', 'annForBob', 'bobForBob'));
    },
  );

  it('lets an end user read the requests they requested or that are requested for them, nothing else', async () => {
    expect(await readable(scopeOf('ann', []))).toEqual(ids('annForAnn', 'bobForAnn', 'annForBob'));
    expect(await readable(scopeOf('eve', []))).toEqual([]);
  });

  it("never reads another account's requests, whatever the person's roles", async () => {
    expect(await readable(scopeOf('otto', ['administrator'], OTHER))).toEqual(ids('ottoForOtto'));
    expect(await readable({ accountId: OTHER, personId: people.ann, internalNotes: false })).toEqual([]);
  });

  it("reads the same requests as the domain's canReadRequest, for every scope", async () => {
    const scopes = [scopeOf('ann', []), scopeOf('bob', []), scopeOf('eve', []), scopeOf('eve', ['agent']), scopeOf('otto', []), scopeOf('otto', ['auditor'], OTHER)];
    for (const scope of scopes) {
      expect(await readable(scope)).toEqual(rows.filter((row) => canReadRequest(scope, { ...row, account_id: trustedAccountId(row.account_id) })).map((row) => row.id).sort((a, b) => a - b));
    }
  });
});

describe('whereNoteReadable', () => {
  it('lets a person with a role read internal notes too, an end user only public ones', async () => {
    expect(await readableNotes(scopeOf('eve', ['agent']), requests.annForAnn!)).toEqual([notes.publicOnAnns, notes.internalOnAnns]);
    expect(await readableNotes(scopeOf('ann', []), requests.annForAnn!)).toEqual([notes.publicOnAnns]);
  });

  it("never reads another account's notes", async () => {
    expect(await readableNotes(scopeOf('eve', ['administrator']), requests.ottoForOtto!)).toEqual([]);
  });
});

describe('the reads that use it agree', () => {
  const graphScope = (scope: RequestReadScope): GraphReadScope => ({ accountId: scope.accountId, peopleAccounts: [scope.accountId], requests: scope, recordNotes: [], reader: { personId: 0, organizationId: null, roles: ['administrator'] } });

  it('REST views and GraphQL node pages read the same requests and notes', async () => {
    for (const scope of [scopeOf('ann', []), scopeOf('bob', []), scopeOf('eve', ['agent'])]) {
      const rest: number[] = [];
      for (const id of Object.values(requests)) if (await findRequestView(test.db, scope, id)) rest.push(id);
      const graph = (await KIND_TABLES.Request.scoped(test.db, graphScope(scope)).orderBy('r.id').pluck('r.id')) as number[];
      expect(rest.sort((a, b) => a - b)).toEqual(await readable(scope));
      expect(graph).toEqual(await readable(scope));
    }
    const query = { page: 1, perPage: 25, fields: [], sort: [], filters: [] };
    const endUser = scopeOf('ann', []);
    const restNotes = (await listNoteViews(test.db, endUser, requests.annForAnn!, query)).rows.map((note) => note.id);
    const graphNotes = (await KIND_TABLES.Note.scoped(test.db, graphScope(endUser)).orderBy('n.id').pluck('n.id')) as number[];
    expect(restNotes).toEqual([notes.publicOnAnns]);
    expect(graphNotes).toEqual([notes.publicOnAnns]);
  });
});
