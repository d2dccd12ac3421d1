import { encodeNodeId } from '@tessera/domain';
import { startGraphqlHarness, type GraphqlHarness } from './support/graphql-harness.js';

/**
 * Broadcasts over GraphQL (issue 31, docs/decisions/043): the connection reads those shown now,
 * and its `view` the others, as REST's `/v1/broadcasts`, `/inactive` and `/all`
 * (apps/api/test/broadcasts.spec.ts); an end before the start is refused in the payload.
 */
describe('broadcasts over GraphQL', () => {
  let g: GraphqlHarness;
  const HOUR = 3_600_000;
  const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
  const run = (query: string, variables: Record<string, unknown> = {}) => g.data(query, variables);
  const create = async (input: object) =>
    (await run('mutation($input: BroadcastCreateInput!) { broadcastCreate(input: $input) { broadcast { id message endAt teams(first: 5) { nodes { name } } } errors { path message } } }', {
      input: { message: 'Mail is down', messageType: 'outage', ...input },
    })).broadcastCreate;
  const messages = async (args: string) =>
    ((await run(`{ broadcasts(first: 50${args}) { totalCount nodes { message } } }`)).broadcasts.nodes as Array<{ message: string }>).map((node) => node.message).sort();

  beforeAll(async () => {
    g = await startGraphqlHarness();
  }, 60_000);
  afterAll(() => g.stop());

  it('reads those shown now by default, the others through its view, with its filters', async () => {
    for (const input of [
      { message: 'now' },
      { message: 'until tomorrow', startAt: at(-HOUR), endAt: at(24 * HOUR) },
      { message: 'tomorrow', startAt: at(24 * HOUR) },
      { message: 'ended', startAt: at(-2 * HOUR), endAt: at(-HOUR) },
      { message: 'disabled', disabled: true, messageType: 'info' },
    ]) expect((await create(input)).errors).toEqual([]);
    expect(await messages('')).toEqual(['now', 'until tomorrow']);
    expect(await messages(', view: ACTIVE')).toEqual(['now', 'until tomorrow']);
    expect(await messages(', view: INACTIVE')).toEqual(['disabled', 'ended', 'tomorrow']);
    expect(await messages(', view: ALL')).toEqual(['disabled', 'ended', 'now', 'tomorrow', 'until tomorrow']);
    expect(await messages(', view: ALL, filter: { messageType: { values: ["info"] } }')).toEqual(['disabled']);
    const views = (await run('{ __type(name: "BroadcastView") { enumValues { name } } }')).__type.enumValues.map((value: { name: string }) => value.name);
    expect(views).toEqual(['ACTIVE', 'INACTIVE', 'ALL']);
  });

  it('refuses an end before the start in the payload, and shows its teams', async () => {
    const refused = await create({ startAt: '2026-06-01T10:00:00Z', endAt: '2026-06-01T09:00:00Z' });
    expect(refused).toEqual({ broadcast: null, errors: [{ path: ['input', 'endAt'], message: 'End at may not be before the start at' }] });
    const team = (await g.test.db('teams').where({ account_id: g.demo.account }).first('id', 'name')) as { id: number; name: string };
    const created = await create({ visibility: 'members_of_teams', teamIds: [encodeNodeId('Team', team.id)] });
    expect(created).toMatchObject({ broadcast: { message: 'Mail is down', endAt: null, teams: { nodes: [{ name: team.name }] } }, errors: [] });
  });
});
