import { READERS, insertAudiences, insertNeededRecord, readBy, type Audiences } from '@tessera/persistence/testing';
import { startApiHarness, type ApiHarness } from './support/api-harness.js';
import { audienceReads } from './support/audience-reads.js';

/**
 * Who reads broadcasts over REST (docs/decisions/056): administrators all; anyone else those whose
 * visibility reaches them — all of the account, its specialists, the members of its teams, the
 * people of its organizations or of those below them. A broadcast a caller may not read is absent
 * from their pages, predefined filters and counts, and not found, with its teams and organizations.
 */
describe('who reads broadcasts over REST', () => {
  let h: ApiHarness;
  let a: Audiences;
  let othersBroadcast: number;
  const reads = audienceReads(() => h, () => a);

  beforeAll(async () => {
    h = await startApiHarness();
    a = await insertAudiences(h.test.db);
    othersBroadcast = await insertNeededRecord(h.test.db, h.demo.account, 'Broadcast');
  }, 60_000);
  afterAll(() => h.drop());

  it.each(READERS)('lists to the %s exactly the broadcasts meant for them, a page of one at a time, shown now and under /all', async (reader) => {
    const wanted = readBy(a.broadcasts, reader);
    for (const path of ['/v1/broadcasts', '/v1/broadcasts/all']) {
      const { labels, totals, sizes } = await reads.walk(reader, path, a.broadcasts);
      expect({ path, labels, totals }).toEqual({ path, labels: wanted, totals: [String(wanted.length)] });
      expect(sizes.every((size) => size === 1)).toBe(true);
    }
    expect((await reads.walk(reader, '/v1/broadcasts/inactive', a.broadcasts)).labels).toEqual([]);
  });

  it.each(READERS)('answers the %s 404 for a broadcast not meant for them, as for another account’s, and for its teams and organizations', async (reader) => {
    const otherAccounts = (await reads.get(reader, `/v1/broadcasts/${othersBroadcast}`).expect(404)).body;
    const answers = [];
    for (const broadcast of a.broadcasts) {
      const one = await reads.get(reader, `/v1/broadcasts/${broadcast.id}`);
      const statuses = [one.status];
      for (const list of ['teams', 'organizations']) statuses.push((await reads.get(reader, `/v1/broadcasts/${broadcast.id}/${list}`)).status);
      answers.push([broadcast.label, statuses, one.status === 404 ? one.body : null]);
    }
    expect(answers).toEqual(a.broadcasts.map((broadcast) => {
      const read = broadcast.readBy.includes(reader);
      return [broadcast.label, read ? [200, 200, 200] : [404, 404, 404], read ? null : otherAccounts];
    }));
  });

  it('filters within what the caller reads: asking for a visibility never brings back a broadcast not meant for them', async () => {
    expect((await reads.walk('specialist of team B', '/v1/broadcasts/all?visibility=members_of_teams', a.broadcasts)).labels).toEqual(['members of team B']);
    expect((await reads.walk('end user', '/v1/broadcasts/all?visibility=account_specialists', a.broadcasts)).labels).toEqual([]);
  });
});
