import { requestReadScope, trustedAccountId, type AccessContext, type OpenRequestQuery, type RequestReadScope } from '@tessera/domain';
import { createTestDatabase, type TestDatabase } from '../testing/index.js';
import { requestRepository } from './request.repository.js';

/**
 * The open requests an event may match (SPEC.md "Event matching"), as the query finds them:
 * rule 4's comparison of the first public note is made here and nowhere else (the domain takes
 * the newest candidate), and only requests the caller may read are candidates.
 */
let test: TestDatabase;
const WDC = trustedAccountId('match-wdc');
const NOW = new Date();
const SINCE = new Date(NOW.getTime() - 24 * 3600_000);
let ann: number;
let bob: number;
let ci: number;
const insertedId = async (insert: PromiseLike<unknown>) => ((await insert) as Array<{ id: number }>)[0]!.id;

beforeAll(async () => {
  test = await createTestDatabase();
  await test.db('accounts').insert({ id: WDC, name: 'Match WDC' });
  ann = await insertedId(test.db('people').insert({ account_id: WDC, name: 'Ann', primary_email: 'ann@match.test' }).returning('id'));
  bob = await insertedId(test.db('people').insert({ account_id: WDC, name: 'Bob', primary_email: 'bob@match.test' }).returning('id'));
  ci = await insertedId(test.db('configuration_items').insert({ account_id: WDC, name: 'mail-01', label: 'mail-01' }).returning('id'));
});
afterAll(() => test.drop());

/** An open request of source Event, `minutesAgo` old, with its notes in order ([text, internal]). */
async function openRequest(subject: string, minutesAgo: number, notes: Array<[string, boolean]> = [], values: Record<string, unknown> = {}): Promise<number> {
  const id = await insertedId(test.db('requests').insert({
    account_id: WDC, subject, category: 'other', status: 'assigned', source: 'Event', requested_by_id: ann, requested_for_id: ann, created_by_id: ann,
    created_at: new Date(NOW.getTime() - minutesAgo * 60_000), ...values,
  }).returning('id'));
  for (const [text, internal] of notes) await test.db('notes').insert({ account_id: WDC, request_id: id, person_id: ann, text, internal });
  return id;
}

const staff: RequestReadScope = { accountId: WDC, personId: null, internalNotes: true };
const withoutCi = (subject: string, firstPublicNote: string | null, scope = staff): OpenRequestQuery =>
  ({ scope, source: 'Event', since: SINCE, withoutCi: { subject, requestedForId: ann, firstPublicNote } });
const matched = async (query: OpenRequestQuery) => (await requestRepository(test.db).openCandidates(query)).map((candidate) => candidate.request.id);

describe('SPEC.md "Event matching" rule 4 — without a configuration item', () => {
  it('finds the newest open request whose first public note equals the note', async () => {
    await openRequest('Disk full', 30, [['at 99%', false]]);
    const newer = await openRequest('Disk full', 20, [['at 99%', false]]);
    await openRequest('Disk full', 10, [['other text', false]]);

    expect(await matched(withoutCi('Disk full', 'at 99%'))).toEqual([newer]);
  });

  it('compares the first public note only: not a later one, nor an internal one before it', async () => {
    const internalFirst = await openRequest('Mail down', 20, [['on call paged', true], ['queue at 5000', false]]);
    await openRequest('Mail down', 10, [['first words', false], ['queue at 5000', false]]);

    expect(await matched(withoutCi('Mail down', 'queue at 5000'))).toEqual([internalFirst]);
  });

  it('finds a request without a public note when the event has no note, both absent counting as equal', async () => {
    const internalOnly = await openRequest('Printer jam', 20, [['toner ordered', true]]);
    await openRequest('Printer jam', 10, [['tray 2', false]]);

    expect(await matched(withoutCi('Printer jam', null))).toEqual([internalOnly]);
  });

  it('does not find a request with a note for an event without one, nor the reverse', async () => {
    await openRequest('VPN slow', 10, [['since noon', false]]);
    await openRequest('VPN flaky', 10);

    expect(await matched(withoutCi('VPN slow', null))).toEqual([]);
    expect(await matched(withoutCi('VPN flaky', 'since noon'))).toEqual([]);
  });

  it('leaves out requests with a CI, of another requested_for, completed or older than the window', async () => {
    await openRequest('Fan noise', 10, [], { ci_id: ci });
    await openRequest('Fan noise', 10, [], { requested_for_id: bob });
    await openRequest('Fan noise', 10, [], { status: 'completed', completion_reason: 'solved', completed_at: NOW });
    await openRequest('Fan noise', 25 * 60);

    expect(await matched(withoutCi('Fan noise', null))).toEqual([]);
  });
});

describe('SPEC.md "Event matching" — only requests the caller may read', () => {
  const scopeOf = (person: number, roles: AccessContext['roles']) => requestReadScope({ person: { id: person } as AccessContext['person'] }, WDC, roles);

  it("limits an end user's event to the requests they requested or that are for them", async () => {
    const bobsOwn = await openRequest('Keyboard broken', 20, [], { requested_by_id: bob });
    const annsOwn = await openRequest('Keyboard broken', 10);

    // Ann's request (the newer) is not Bob's to match; the one he requested for Ann is.
    expect(await matched(withoutCi('Keyboard broken', null, scopeOf(bob, [])))).toEqual([bobsOwn]);
    expect(await matched(withoutCi('Keyboard broken', null, scopeOf(bob, ['agent'])))).toEqual([annsOwn]);
  });

  it('applies the scope to rule 2 (with a configuration item) too', async () => {
    const disk = await insertedId(test.db('configuration_items').insert({ account_id: WDC, name: 'disk-01', label: 'disk-01' }).returning('id'));
    const annsRequest = await openRequest('Disk errors', 10, [], { ci_id: disk });
    const withCi = (scope: RequestReadScope): OpenRequestQuery => ({ scope, source: 'Event', since: SINCE, ci: { id: disk, serviceInstanceId: null } });

    expect(await matched(withCi(scopeOf(bob, [])))).toEqual([]);
    expect(await matched(withCi(scopeOf(ann, [])))).toEqual([annsRequest]);
    expect(await matched(withCi(scopeOf(bob, ['agent'])))).toEqual([annsRequest]);
  });
});
