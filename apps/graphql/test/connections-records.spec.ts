import { encodeNodeId } from '@tessera/domain';
import { startGraphqlHarness, type GraphqlHarness } from './support/graphql-harness.js';
import { insertOtherAccount, postVars } from './support/reads-fixtures.js';

/** Root `teams`, `serviceInstances`, `configurationItems`, `webhooks`, `uiExtensions` and the service instance ⇄ CI connections. */
describe('GraphQL record connections', () => {
  let g: GraphqlHarness;
  let admin: string;
  const account = () => g.demo.account;

  beforeAll(async () => {
    g = await startGraphqlHarness();
    admin = g.demo.admin.token;
    const db = g.test.db;
    await db('webhooks').insert(Array.from({ length: 5 }, (_, i) => ({
      account_id: account(), name: `Hook ${i}`, event: i < 3 ? 'request.create' : 'request.update', uri: `https://hooks.example/${i}`, disabled: i === 4,
    })));
    await insertOtherAccount(db);
  });
  afterAll(() => g.stop());

  const count = async (table: string) => Number((await g.test.db(table).where({ account_id: account() }).count({ n: '*' }).first())!.n);

  it.each([
    ['teams', 'teams'],
    ['serviceInstances', 'service_instances'],
    ['configurationItems', 'configuration_items'],
    ['webhooks', 'webhooks'],
    ['uiExtensions', 'ui_extensions'],
  ])('lists %s of the current account only, first/after and last/before meeting in the middle', async (field, table) => {
    const query = `query($first: Int, $last: Int, $after: String, $before: String) {
      ${field}(first: $first, last: $last, after: $after, before: $before) { totalCount pageInfo { hasNextPage hasPreviousPage startCursor endCursor } nodes { id dbId name } }
    }`;
    const total = await count(table);
    expect(total).toBeGreaterThan(0);
    const all = (await postVars(g, admin, query, { first: 100 })).json().data[field];
    expect(all.totalCount).toBe(total);
    const own = await g.test.db(table).where({ account_id: account() }).orderBy('id').pluck('id');
    expect(all.nodes.map((n: { dbId: number }) => n.dbId)).toEqual(own);
    const head = (await postVars(g, admin, query, { first: 1 })).json().data[field];
    expect(head.pageInfo.hasNextPage).toBe(total > 1);
    const rest = (await postVars(g, admin, query, { first: 100, after: head.pageInfo.endCursor })).json().data[field];
    expect(rest.nodes.map((n: { dbId: number }) => n.dbId)).toEqual(own.slice(1));
    const before = (await postVars(g, admin, query, { last: 100, before: rest.pageInfo.startCursor ?? head.pageInfo.endCursor })).json().data[field];
    expect(before.nodes.map((n: { dbId: number }) => n.dbId)).toEqual(total > 1 ? own.slice(0, 1) : []);
  });

  it.each([
    ['teams', 'name', 'teams', 'name'],
    ['serviceInstances', 'name', 'service_instances', 'name'],
    ['configurationItems', 'ruleSet', 'configuration_items', 'rule_set'],
    ['uiExtensions', 'category', 'ui_extensions', 'category'],
  ])('filters %s by %s and orders them by name DESC', async (field, filterField, table, column) => {
    const rows = await g.test.db(table).where({ account_id: account() }).orderBy('id').select('id', 'name', column);
    const value = rows[0][column] as string;
    const expected = rows.filter((r) => r[column] === value).sort((a, b) => (a.name < b.name ? 1 : a.name > b.name ? -1 : b.id - a.id)).map((r) => r.id);
    const query = `query($values: [String]) { ${field}(first: 50, filter: { ${filterField}: { values: $values } }, order: { field: NAME, direction: DESC }) { totalCount edges { cursor node { dbId } } } }`;
    const body = (await postVars(g, admin, query, { values: [value] })).json();
    expect(body.errors).toBeUndefined();
    expect(body.data[field].totalCount).toBe(expected.length);
    expect(body.data[field].edges.map((e: { node: { dbId: number } }) => e.node.dbId)).toEqual(expected);
    const none = (await postVars(g, admin, query, { values: ['no such value'] })).json();
    expect(none.data[field]).toEqual({ totalCount: 0, edges: [] });
  });

  it('filters and orders webhooks, and counts the filter', async () => {
    const body = (await g.post(admin, `{ webhooks(first: 10, filter: { event: { values: ["request.create"] }, disabled: false }, order: { field: NAME, direction: DESC }) {
      totalCount nodes { name event uri disabled }
    } }`)).json();
    expect(body.data.webhooks).toEqual({
      totalCount: 3,
      nodes: [2, 1, 0].map((i) => ({ name: `Hook ${i}`, event: 'request.create', uri: `https://hooks.example/${i}`, disabled: false })),
    });
  });

  it('refuses webhooks to a person without the administrator role even with webhook:Read, as REST does', async () => {
    const token = await g.tokenWith(['webhook:Read'], 'agent@widget.example');
    const body = (await g.post(token, '{ webhooks(first: 5) { totalCount } }')).json();
    expect(body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect(body.errors[0].message).toContain('administrator');
  });

  it.each([
    ['teams', 'team:Read'],
    ['serviceInstances', 'service_instance:Read'],
    ['configurationItems', 'ci:Read'],
    ['webhooks', 'webhook:Read'],
    ['uiExtensions', 'ui_extension:Read'],
  ])('refuses %s to a token without %s, naming the action', async (field, action) => {
    const body = (await g.post(await g.tokenWith(['me:Read']), `{ ${field}(first: 1) { totalCount } }`)).json();
    expect(body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect(body.errors[0].message).toContain(action);
  });

  it('pages the configuration items of each service instance and the service instances of each CI', async () => {
    const db = g.test.db;
    const [si] = await db('service_instances').where({ account_id: account(), name: 'Database Production' }).select('id');
    const linked = await db('ci_service_instances').where({ service_instance_id: si.id }).pluck('ci_id');
    const body = (await g.post(admin, `{ serviceInstances(first: 10, filter: { name: { values: ["Database Production"] } }) {
      nodes { id name firstLineTeam { name } configurationItems(first: 5) { totalCount nodes { dbId serviceInstances(first: 5) { nodes { name } } } } }
    } }`)).json();
    expect(body.errors).toBeUndefined();
    const [node] = body.data.serviceInstances.nodes;
    expect(node.id).toBe(encodeNodeId('ServiceInstance', si.id));
    expect(node.configurationItems.totalCount).toBe(linked.length);
    expect(node.configurationItems.nodes.map((n: { dbId: number }) => n.dbId).sort()).toEqual([...linked].sort());
    for (const ci of node.configurationItems.nodes) expect(ci.serviceInstances.nodes.map((n: { name: string }) => n.name)).toContain('Database Production');
  });

  it('answers a filter field the connection does not have as a GraphQL validation error, and a bad order field too', async () => {
    const body = (await g.post(admin, '{ teams(first: 5, filter: { colour: { values: ["red"] } }) { totalCount } }')).json();
    expect(body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const order = (await g.post(admin, '{ teams(first: 5, order: { field: SUBJECT, direction: ASC }) { totalCount } }')).json();
    expect(order.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });
});
