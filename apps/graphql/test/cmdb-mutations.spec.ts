import { encodeNodeId } from '@tessera/domain';
import { startGraphqlHarness, type GraphqlHarness } from './support/graphql-harness.js';

/** configurationItemCreate/Update and serviceInstanceCreate/Update: REST's use cases over GraphQL, payloads shaped as requestCreate's. */
describe('GraphQL configuration item and service instance mutations', () => {
  let g: GraphqlHarness;
  let foreignTeam: number;
  let foreignCi: number;

  const CI_FIELDS = 'id dbId name label status ruleSet source sourceID supportTeam { name } serviceInstances(first: 10) { nodes { name } }';
  const SI_FIELDS = 'id dbId name firstLineTeam { name } supportTeam { name } configurationItems(first: 10) { nodes { name } }';
  const CI_CREATE = `mutation($input: ConfigurationItemCreateInput!) { configurationItemCreate(input: $input) { configurationItem { ${CI_FIELDS} } errors { path message } } }`;
  const CI_UPDATE = `mutation($input: ConfigurationItemUpdateInput!) { configurationItemUpdate(input: $input) { configurationItem { ${CI_FIELDS} } errors { path message } } }`;
  const SI_CREATE = `mutation($input: ServiceInstanceCreateInput!) { serviceInstanceCreate(input: $input) { serviceInstance { ${SI_FIELDS} } errors { path message } } }`;
  const SI_UPDATE = `mutation($input: ServiceInstanceUpdateInput!) { serviceInstanceUpdate(input: $input) { serviceInstance { ${SI_FIELDS} } errors { path message } } }`;

  async function run(query: string, input: Record<string, unknown>, token = g.demo.admin.token) {
    const reply = await g.call('/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-service-account': g.demo.account },
      body: JSON.stringify({ query, variables: { input } }),
    });
    const body = await reply.json();
    expect([reply.status, reply.status === 200 ? null : body]).toEqual([200, null]);
    return body;
  }
  const id = async (table: string, where: Record<string, unknown>) => (await g.test.db(table).where(where).first('id')).id as number;
  const events = async (type: string, recordId: number) =>
    (await g.test.db('graphile_worker._private_jobs').whereRaw("payload->>'object_id' = ? and payload->>'event' like ?", [String(recordId), `${type}.%`]).orderBy('id')
      .select('payload')).map((row: { payload: { event: string; object_nodeID: string } }) => [row.payload.event, row.payload.object_nodeID]);
  const count = async (table: string) => Number((await g.test.db(table).count({ n: '*' }).first())!.n);

  beforeAll(async () => {
    g = await startGraphqlHarness();
    await g.test.db('accounts').insert({ id: 'other', name: 'Other' }).onConflict('id').ignore();
    [{ id: foreignTeam }] = await g.test.db('teams').insert({ account_id: 'other', name: 'Other desk' }).returning('id');
    [{ id: foreignCi }] = await g.test.db('configuration_items').insert({ account_id: 'other', name: 'Other server' }).returning('id');
  });
  afterAll(() => g.stop());

  it('creates a configuration item with only a name, and one with every field by node IDs; each fires ci.create', async () => {
    const bare = (await run(CI_CREATE, { name: 'Switch 12' })).data.configurationItemCreate;
    expect(bare).toEqual({
      configurationItem: expect.objectContaining({ name: 'Switch 12', label: null, status: 'in_production', ruleSet: 'hardware', supportTeam: null, serviceInstances: { nodes: [] } }),
      errors: [],
    });
    expect(await events('ci', bare.configurationItem.dbId)).toEqual([['ci.create', bare.configurationItem.id]]);

    const desk = await id('teams', { name: 'Service Desk' });
    const [mail, dbProd] = [await id('service_instances', { name: 'E-mail Production' }), await id('service_instances', { name: 'Database Production' })];
    const full = (await run(CI_CREATE, {
      name: 'Relay 2', label: 'relay-02', status: 'in_stock', ruleSet: 'other', source: 'sync', sourceID: 'R-2',
      supportTeamId: encodeNodeId('Team', desk), serviceInstanceIds: [encodeNodeId('ServiceInstance', mail), encodeNodeId('ServiceInstance', dbProd)],
    })).data.configurationItemCreate;
    expect(full.errors).toEqual([]);
    expect(full.configurationItem).toMatchObject({
      label: 'relay-02', status: 'in_stock', ruleSet: 'other', source: 'sync', sourceID: 'R-2', supportTeam: { name: 'Service Desk' },
      // The connection is ordered as every connection (by id by default); REST's service_instances keep the link order.
      serviceInstances: { nodes: [{ name: 'Database Production' }, { name: 'E-mail Production' }] },
    });
  });

  it('answers every problem of the input in errors, the record null, and stores nothing', async () => {
    const before = await count('configuration_items');
    const result = (await run(CI_CREATE, {
      name: ' ', label: 'srv-db-01', status: 'melted', supportTeamId: encodeNodeId('Team', foreignTeam), serviceInstanceIds: ['not an id'],
    })).data.configurationItemCreate;
    expect(result).toEqual({ configurationItem: null, errors: [{ path: ['input', 'serviceInstanceIds'], message: 'Not a list of IDs of ServiceInstance records' }] });
    const values = (await run(CI_CREATE, { name: ' ', label: 'srv-db-01', status: 'melted', supportTeamId: encodeNodeId('Team', foreignTeam) })).data.configurationItemCreate;
    expect(values).toEqual({
      configurationItem: null,
      errors: [
        { path: ['input', 'name'], message: "Name can't be blank" },
        { path: ['input', 'label'], message: 'Label has already been taken: srv-db-01 (labels in an account are compared as a person reads them: in any letter case, in Unicode NFC, invisible characters left out)' },
        { path: ['input', 'status'], message: 'Status is not included in the list: in_stock, in_production, being_repaired, archived' },
        { path: ['input', 'supportTeamId'], message: `Support team: no team of the account has the id ${foreignTeam}` },
      ],
    });
    expect(await count('configuration_items')).toBe(before);
  });

  it('changes a configuration item and fires ci.update; another account’s CI is NOT_FOUND', async () => {
    const { configurationItem: ci } = (await run(CI_CREATE, { name: 'Blade 3' })).data.configurationItemCreate;
    const dbOps = await id('teams', { name: 'Database Operations' });
    const changed = (await run(CI_UPDATE, { id: ci.id, status: 'archived', label: 'blade-03', supportTeamId: encodeNodeId('Team', dbOps) })).data.configurationItemUpdate;
    expect(changed).toEqual({ configurationItem: expect.objectContaining({ id: ci.id, status: 'archived', label: 'blade-03', supportTeam: { name: 'Database Operations' } }), errors: [] });
    expect(await events('ci', ci.dbId)).toEqual([['ci.create', ci.id], ['ci.update', ci.id]]);
    const foreign = await run(CI_UPDATE, { id: encodeNodeId('ConfigurationItem', foreignCi), name: 'Mine' });
    expect(foreign.errors[0].extensions.code).toBe('NOT_FOUND');
    const wrongType = (await run(CI_UPDATE, { id: encodeNodeId('Team', dbOps), name: 'x' })).data.configurationItemUpdate;
    expect(wrongType).toEqual({ configurationItem: null, errors: [{ path: ['input', 'id'], message: 'Not the ID of a ConfigurationItem' }] });
  });

  it('creates and changes a service instance, linking CIs; fires service_instance.create and .update', async () => {
    const dbOps = await id('teams', { name: 'Database Operations' });
    const orphan = await id('configuration_items', { label: 'srv-orphan-01' });
    const created = (await run(SI_CREATE, { name: 'Backup Production', firstLineTeamId: encodeNodeId('Team', dbOps) })).data.serviceInstanceCreate;
    expect(created).toEqual({ serviceInstance: expect.objectContaining({ name: 'Backup Production', firstLineTeam: { name: 'Database Operations' }, supportTeam: null }), errors: [] });
    const si = created.serviceInstance;
    const changed = (await run(SI_UPDATE, { id: si.id, name: 'Backup Prod', configurationItemIds: [encodeNodeId('ConfigurationItem', orphan)] })).data.serviceInstanceUpdate;
    expect(changed).toEqual({ serviceInstance: expect.objectContaining({ name: 'Backup Prod', configurationItems: { nodes: [{ name: 'Orphan server 01' }] } }), errors: [] });
    expect(await events('service_instance', si.dbId)).toEqual([['service_instance.create', si.id], ['service_instance.update', si.id]]);
    const taken = (await run(SI_CREATE, { name: 'Database Production', configurationItemIds: [encodeNodeId('ConfigurationItem', foreignCi)] })).data.serviceInstanceCreate;
    expect(taken).toEqual({
      serviceInstance: null,
      errors: [
        { path: ['input', 'name'], message: 'Name has already been taken: Database Production (names in an account are compared as a person reads them: in any letter case, in Unicode NFC, invisible characters left out)' },
        { path: ['input', 'configurationItemIds'], message: `Configuration item: no configuration item of the account has the id ${foreignCi}` },
      ],
    });
  });

  it('is FORBIDDEN without the scope action, and to a person who is neither administrator nor agent; stores nothing', async () => {
    const before = await count('service_instances');
    const readOnly = await run(SI_CREATE, { name: 'Nope' }, await g.tokenWith(['service_instance:Read', 'ci:*']));
    expect(readOnly.data).toBeNull();
    expect(readOnly.errors[0]).toMatchObject({ path: ['serviceInstanceCreate'], extensions: expect.objectContaining({ code: 'FORBIDDEN' }) });
    expect(readOnly.errors[0].message).toContain('service_instance:Create');
    const endUser = await run(CI_CREATE, { name: 'Nope' }, await g.tokenWith(['*:*'], 'ellen@widget.example'));
    expect(endUser.errors[0].extensions.code).toBe('FORBIDDEN');
    const agent = await run(SI_CREATE, { name: 'Agent instance' }, await g.tokenWith(['service_instance:*'], g.demo.agent.email));
    expect(agent.data.serviceInstanceCreate.errors).toEqual([]);
    expect(await count('service_instances')).toBe(before + 1);
  });
});
