/**
 * Issue 30 item 4: what lies below `nodes(ids: [...])` is looked up once per ID, so it weighs
 * the list's length in the node count (SPEC.md rule 1) and in the cost (rule 3), as a
 * connection's `first` does, in the dry run and the real run alike. The query is the issue's.
 */
import { encodeNodeId } from '@tessera/domain';
import { SPEC_GRAPHQL_LIMITS, startGraphqlHarness, type GraphqlHarness } from './support/graphql-harness.js';
import { postVars } from './support/reads-fixtures.js';

const LIMITS = { ...SPEC_GRAPHQL_LIMITS, requestWindows: [{ points: 100_000, durationSeconds: 3600 }], costPoints: 100_000, maxCallsInFlight: 100 };
const FAN_OUT = '... on Team { members(first: 100) { nodes { teams(first: 10) { nodes { members(first: 10) { nodes { name } } } } } } }';
const NODES = `query($ids: [ID!]!) { nodes(ids: $ids) { ${FAN_OUT} } rateLimit { cost } }`;
const DRY_RUN = `query($ids: [ID!]!) { nodes(ids: $ids) { ${FAN_OUT} } rateLimit(dryRun: true) { cost } }`;

describe('nodes(ids: [...]) weighs the number of IDs', () => {
  let g: GraphqlHarness;
  let team: string;
  const ids = (count: number) => Array.from({ length: count }, () => team);

  beforeAll(async () => {
    g = await startGraphqlHarness({ limits: LIMITS });
    team = encodeNodeId('Team', (await g.test.db('teams').where({ account_id: g.demo.account }).first('id')).id);
  });
  afterAll(() => g.stop());

  // Per ID: members 1 + 100 x (teams 1 + 10 x members 1) = 1,101 requests; 100 + 100 x (10 + 10 x 10) = 11,100 nodes.
  it.each([
    [1, 11],
    [10, 110],
    [45, 495],
  ])('charges %i IDs the cost of each one (%i points), in the dry run and the real run', async (count, points) => {
    const dry = (await postVars(g, g.demo.admin.token, DRY_RUN, { ids: ids(count) })).json();
    expect(dry).toEqual({ data: { rateLimit: { cost: points } }, extensions: { cost: expect.objectContaining({ requestedQueryCost: points }) } });
    const real = await postVars(g, g.demo.admin.token, NODES, { ids: ids(count) });
    expect(real.status).toBe(200);
    expect(real.json().errors).toBeUndefined();
    expect(real.json().data.nodes).toHaveLength(count);
    expect(real.json().data.rateLimit).toEqual({ cost: points });
    expect(real.headers['x-costlimit-cost']).toBe(String(points));
  });

  it.each([46, 100])('refuses %i IDs over the 500,000-node limit before running anything, as the same work in node(id:) aliases is', async (count) => {
    const refused = await postVars(g, g.demo.admin.token, NODES, { ids: ids(count) });
    expect(refused.status).toBe(400);
    expect(refused.json().errors).toEqual([expect.objectContaining({ message: 'Individual calls cannot request more than 500,000 total nodes.', extensions: expect.objectContaining({ code: 'GRAPHQL_VALIDATION_FAILED' }) })]);
    const aliases = `{ ${Array.from({ length: count }, (_, i) => `n${i}: node(id: "${team}") { ${FAN_OUT} }`).join(' ')} }`;
    const asAliases = await postVars(g, g.demo.admin.token, aliases, {});
    expect(asAliases.json().errors).toEqual(refused.json().errors);
  });

  it('weighs IDs given inline as well as by a variable', async () => {
    const inline = `{ nodes(ids: [${ids(10).map((id) => JSON.stringify(id)).join(', ')}]) { ${FAN_OUT} } rateLimit(dryRun: true) { cost } }`;
    expect((await postVars(g, g.demo.admin.token, inline, {})).json().data.rateLimit).toEqual({ cost: 110 });
  });
});
