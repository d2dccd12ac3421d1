import { READERS, readBy } from '@tessera/persistence/testing';
import { audienceSuite } from './support/audience-reads.js';

/**
 * Who reads broadcasts over GraphQL (docs/decisions/056), as over REST
 * (apps/api/test/broadcast-readers.spec.ts): the `broadcasts` connection, in each view, pages and
 * counts only the broadcasts whose visibility reaches the caller, and `node(id:)` / `nodes(ids:)`
 * answer null for the others, as for another account's.
 */
describe('who reads broadcasts over GraphQL', () => {
  const suite = audienceSuite();
  const { reads } = suite;

  it.each(READERS)('pages to the %s exactly the broadcasts meant for them, one at a time, and reads the others by node ID as null', async (reader) => {
    const wanted = readBy(suite.a.broadcasts, reader);
    for (const args of ['', ', view: ALL']) {
      const { labels, totals, sizes } = await reads.walk(reader, 'broadcasts', args, suite.a.broadcasts);
      expect({ args, labels, totals }).toEqual({ args, labels: wanted, totals: [wanted.length] });
      expect(sizes.every((size) => size === 1)).toBe(true);
    }
    const byId = suite.a.broadcasts.map((broadcast) => (broadcast.readBy.includes(reader) ? broadcast.label : null));
    expect(await reads.byNodeIds(reader, 'Broadcast', suite.a.broadcasts)).toEqual({ node: byId, nodes: byId });
  });

  it('filters within what the caller reads', async () => {
    expect((await reads.walk('specialist of team A', 'broadcasts', ', filter: { visibility: { values: ["members_of_teams"] } }', suite.a.broadcasts)).labels).toEqual(['members of team A']);
    expect((await reads.walk('end user', 'broadcasts', ', filter: { visibility: { values: ["account_specialists"] } }', suite.a.broadcasts)).labels).toEqual([]);
  });
});
