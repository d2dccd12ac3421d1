import request from 'supertest';
import { decodeNodeId } from '@tessera/domain';
import { queuedEvents, startApiHarness, tokenFor, type ApiHarness } from './support/api-harness.js';

/** `/v1/cis` and `/v1/service_instances` writes: every problem in one 422, links kept in order, ci.* and service_instance.* through the one outbox. */
describe('configuration item and service instance writes', () => {
  let h: ApiHarness;
  let foreign: { team: number; si: number; ci: number; service: number };
  const send = (method: 'post' | 'patch', path: string, body: unknown, token?: string) =>
    request(h.app)[method](path).set('Authorization', `Bearer ${token ?? h.demo.admin.token}`).set('X-Service-Account', h.demo.account).send(body as object);
  const auditOf = (type: string, id: number) => h.test.db('audit_lines').where({ record_type: type, record_id: id }).orderBy('id');
  type QueuedEvent = { event: string; object_id: number; object_nodeID: string; payload: Record<string, unknown> };
  const eventsOf = async (id: number, prefix: string) =>
    ((await queuedEvents(h)) as QueuedEvent[]).filter((job) => job.object_id === id && job.event.startsWith(prefix));

  beforeAll(async () => {
    h = await startApiHarness();
    const db = h.test.db;
    await db('accounts').insert({ id: 'other', name: 'Other Corp' }).onConflict('id').ignore();
    const [{ id: team }] = await db('teams').insert({ account_id: 'other', name: 'Foreign Team' }).returning('id');
    const [{ id: service }] = await db('services').insert({ account_id: 'other', name: 'Foreign Service' }).returning('id');
    const [{ id: si }] = await db('service_instances').insert({ account_id: 'other', service_id: service, name: 'Foreign Production' }).returning('id');
    const [{ id: ci }] = await db('configuration_items').insert({ account_id: 'other', name: 'Foreign server', label: 'foreign-01' }).returning('id');
    foreign = { team, si, ci, service };
  });
  afterAll(() => h.drop());

  it('creates a CI with only a name, the defaults applied, and publishes ci.create with its node ids', async () => {
    const res = await send('post', '/v1/cis', { name: ' Switch 07 ' }).expect(201);
    expect(res.body).toMatchObject({ name: 'Switch 07', label: null, status: 'in_production', rule_set: 'hardware', source: null, source_id: null, support_team: null, service_instances: [] });
    expect(decodeNodeId(res.body.nodeID)).toMatchObject({ type: 'ConfigurationItem', id: res.body.id });
    expect((await h.get(`/v1/cis/${res.body.id}`).expect(200)).body).toEqual(res.body);
    const events = await eventsOf(res.body.id, 'ci.');
    expect(events).toEqual([expect.objectContaining({ event: 'ci.create', object_nodeID: res.body.nodeID, person_id: expect.any(Number), person_nodeID: expect.any(String) })]);
    expect(events[0]!.payload).toMatchObject({ audit_line_id: expect.any(Number), audit_line_nodeID: expect.any(String) });
    expect(await auditOf('ConfigurationItem', res.body.id)).toEqual([expect.objectContaining({ action: 'create', changes: expect.objectContaining({ name: 'Switch 07', status: 'in_production' }) })]);
  });

  it('creates a CI with every field, its service instances in the order given', async () => {
    const serviceDesk = await h.id('teams', { name: 'Service Desk' });
    const dbProd = await h.id('service_instances', { name: 'Database Production' });
    const mail = await h.id('service_instances', { name: 'E-mail Production' });
    const res = await send('post', '/v1/cis', {
      name: 'Mail relay', label: 'mail-relay-01', status: 'in_stock', rule_set: 'other', source: 'cmdb-sync', source_id: 'X-1',
      support_team_id: serviceDesk, service_instance_ids: [mail, dbProd],
    }).expect(201);
    expect(res.body).toMatchObject({
      label: 'mail-relay-01', status: 'in_stock', rule_set: 'other', source: 'cmdb-sync', source_id: 'X-1',
      support_team: { id: serviceDesk, name: 'Service Desk', nodeID: expect.any(String) },
      service_instances: [{ id: mail, name: 'E-mail Production', nodeID: expect.any(String) }, { id: dbProd, name: 'Database Production', nodeID: expect.any(String) }],
    });
    // The events intake takes the CI's first service instance for an event naming it.
    const event = await send('post', '/v1/events', { subject: 'Relay down', ci: 'mail-relay-01' }).expect(201);
    expect(event.body.service_instance).toMatchObject({ id: mail });
  });

  it('answers 422 with every problem at once, refuses another account’s records as unknown, and writes nothing', async () => {
    const before = await h.test.db('configuration_items').count({ n: '*' }).first();
    const res = await send('post', '/v1/cis', {
      label: 'srv-db-01', status: 'melted', rule_set: 'firmware', source: 'x'.repeat(31), support_team_id: foreign.team, service_instance_ids: [foreign.si], colour: 'red',
    }).expect(422);
    expect(res.body.errors).toEqual([
      ['colour', "'colour' is not a field of a configuration item"],
      ['name', "Name can't be blank"],
      ['label', 'Label has already been taken: srv-db-01 (labels in an account are compared as a person reads them: in any letter case, in Unicode NFC, invisible characters left out)'],
      ['status', 'Status is not included in the list: in_stock, in_production, being_repaired, archived'],
      ['rule_set', 'Rule set is not included in the list: hardware, software, license, other'],
      ['source', 'Source is too long (maximum is 30 characters)'],
      ['support_team_id', `Support team: no team of the account has the id ${foreign.team}`],
      ['service_instance_ids', `Service instance: no service instance of the account has the id ${foreign.si}`],
    ]);
    const lists = await send('post', '/v1/cis', { name: 'Twice', service_instance_ids: [1, 1] }).expect(422);
    expect(lists.body.errors).toEqual([['service_instance_ids', 'Service instance ids give the id 1 twice']]);
    const typed = await send('post', '/v1/cis', { name: 7, service_instance_ids: 'all', support_team_id: 'x' }).expect(422);
    expect(typed.body.errors.map(([field]: [string]) => field).sort()).toEqual(['name', 'service_instance_ids', 'support_team_id']);
    expect(await h.test.db('configuration_items').count({ n: '*' }).first()).toEqual(before);
  });

  it('changes a CI’s name, label, status, support team and service instances, publishing ci.update; the same values again publish nothing', async () => {
    const { body: ci } = await send('post', '/v1/cis', { name: 'Router 1', label: 'rt-1' }).expect(201);
    const dbOps = await h.id('teams', { name: 'Database Operations' });
    const dbProd = await h.id('service_instances', { name: 'Database Production' });
    const res = await send('patch', `/v1/cis/${ci.id}`, { name: 'Router one', label: 'rt-01', status: 'being_repaired', support_team_id: dbOps, service_instance_ids: [dbProd] }).expect(200);
    expect(res.body).toMatchObject({ name: 'Router one', label: 'rt-01', status: 'being_repaired', support_team: { id: dbOps }, service_instances: [{ id: dbProd }] });
    const audit = await auditOf('ConfigurationItem', ci.id);
    expect(audit[1].changes).toEqual({
      name: ['Router 1', 'Router one'], label: ['rt-1', 'rt-01'], status: ['in_production', 'being_repaired'], support_team_id: [null, dbOps], service_instance_ids: [[], [dbProd]],
    });
    expect((await eventsOf(ci.id, 'ci.')).map((job) => job.event)).toEqual(['ci.create', 'ci.update']);
    await send('patch', `/v1/cis/${ci.id}`, { name: 'Router one', service_instance_ids: [dbProd] }).expect(200);
    expect(await auditOf('ConfigurationItem', ci.id)).toHaveLength(2);
    // Cleared: no label, no support team, no service instance.
    const cleared = await send('patch', `/v1/cis/${ci.id}`, { label: null, support_team_id: null, service_instance_ids: [] }).expect(200);
    expect(cleared.body).toMatchObject({ label: null, support_team: null, service_instances: [] });
  });

  it('refuses a change of the rule set, a blank name or status, and a taken label, all at once; 404 for another account’s or a missing CI', async () => {
    const { body: ci } = await send('post', '/v1/cis', { name: 'Blade 9' }).expect(201);
    const res = await send('patch', `/v1/cis/${ci.id}`, { rule_set: 'software', name: ' ', status: null, label: 'srv-orphan-01' }).expect(422);
    expect(res.body.errors).toEqual([
      ['rule_set', "'rule_set' is read-only"], ['name', "Name can't be blank"], ['label', 'Label has already been taken: srv-orphan-01 (labels in an account are compared as a person reads them: in any letter case, in Unicode NFC, invisible characters left out)'], ['status', "Status can't be blank"],
    ]);
    await send('patch', `/v1/cis/${foreign.ci}`, { name: 'Mine now' }).expect(404);
    await h.get(`/v1/cis/${foreign.ci}`).expect(404);
    await send('patch', '/v1/cis/2147483647', { name: 'Nobody' }).expect(404);
    await send('patch', '/v1/cis/x', { name: 'Nobody' }).expect(404);
  });

  it('creates a service instance with only a name, and one with a service, teams and CIs; publishes service_instance.create', async () => {
    const bare = await send('post', '/v1/service_instances', { name: 'Wiki Production' }).expect(201);
    expect(bare.body).toMatchObject({ name: 'Wiki Production', service: null, first_line_team: null, support_team: null, configuration_items: [] });
    expect(decodeNodeId(bare.body.nodeID)).toMatchObject({ type: 'ServiceInstance', id: bare.body.id });
    expect((await eventsOf(bare.body.id, 'service_instance.')).map((job) => [job.event, job.object_nodeID])).toEqual([['service_instance.create', bare.body.nodeID]]);

    const service = await h.id('services', { name: 'Database' });
    const [serviceDesk, dbOps] = [await h.id('teams', { name: 'Service Desk' }), await h.id('teams', { name: 'Database Operations' })];
    const orphan = await h.id('configuration_items', { label: 'srv-orphan-01' });
    const full = await send('post', '/v1/service_instances', {
      name: 'Database Acceptance', service_id: service, first_line_team_id: dbOps, support_team_id: serviceDesk, configuration_item_ids: [orphan],
    }).expect(201);
    expect(full.body).toMatchObject({
      service: { id: service, name: 'Database' }, first_line_team: { id: dbOps, name: 'Database Operations' }, support_team: { id: serviceDesk }, configuration_items: [{ id: orphan, name: 'Orphan server 01' }],
    });
    expect((await h.get(`/v1/cis/${orphan}`).expect(200)).body.service_instances).toEqual([expect.objectContaining({ id: full.body.id })]);
    // An event naming the CI now finds the instance and its first line team.
    const event = await send('post', '/v1/events', { subject: 'Orphan no more', ci: 'srv-orphan-01' }).expect(201);
    expect(event.body).toMatchObject({ service_instance: { id: full.body.id }, team: { id: dbOps } });
  });

  it('answers 422 with every problem of a service instance, another account’s references included, and writes nothing', async () => {
    const before = await h.test.db('service_instances').count({ n: '*' }).first();
    const res = await send('post', '/v1/service_instances', {
      name: 'Database Production', service_id: foreign.service, first_line_team_id: foreign.team, configuration_item_ids: [foreign.ci, 2147483000], created_at: 'now',
    }).expect(422);
    expect(res.body.errors).toEqual([
      ['created_at', "'created_at' is read-only"],
      ['name', 'Name has already been taken: Database Production (names in an account are compared as a person reads them: in any letter case, in Unicode NFC, invisible characters left out)'],
      ['service_id', `Service: no service of the account has the id ${foreign.service}`],
      ['first_line_team_id', `First line team: no team of the account has the id ${foreign.team}`],
      ['configuration_item_ids', `Configuration item: no configuration item of the account has the id ${foreign.ci}, 2147483000`],
    ]);
    expect((await send('post', '/v1/service_instances', { name: 'x'.repeat(191) }).expect(422)).body.errors).toEqual([['name', 'Name is too long (maximum is 190 characters)']]);
    expect(await h.test.db('service_instances').count({ n: '*' }).first()).toEqual(before);
  });

  it('changes a service instance’s name, service, first line team and CIs, publishing service_instance.update; a CI newly linked comes after its other instances', async () => {
    const { body: si } = await send('post', '/v1/service_instances', { name: 'Storage Production' }).expect(201);
    const service = await h.id('services', { name: 'E-mail' });
    const dbOps = await h.id('teams', { name: 'Database Operations' });
    const dbCi = await h.id('configuration_items', { label: 'srv-db-01' });
    const res = await send('patch', `/v1/service_instances/${si.id}`, { name: 'Storage Prod', service_id: service, first_line_team_id: dbOps, configuration_item_ids: [dbCi] }).expect(200);
    expect(res.body).toMatchObject({ name: 'Storage Prod', service: { id: service }, first_line_team: { id: dbOps }, configuration_items: [{ id: dbCi }] });
    const dbProd = await h.id('service_instances', { name: 'Database Production' });
    expect((await h.get(`/v1/cis/${dbCi}`).expect(200)).body.service_instances.map((x: { id: number }) => x.id)).toEqual([dbProd, si.id]);
    expect((await eventsOf(si.id, 'service_instance.')).map((job) => job.event)).toEqual(['service_instance.create', 'service_instance.update']);
    expect((await auditOf('ServiceInstance', si.id))[1].changes).toEqual({
      name: ['Storage Production', 'Storage Prod'], service_id: [null, service], first_line_team_id: [null, dbOps], configuration_item_ids: [[], [dbCi]],
    });
    // Unlinked from the CI's side too; nothing changed, nothing published.
    await send('patch', `/v1/service_instances/${si.id}`, { configuration_item_ids: null }).expect(200);
    expect((await h.get(`/v1/cis/${dbCi}`).expect(200)).body.service_instances.map((x: { id: number }) => x.id)).toEqual([dbProd]);
    await send('patch', `/v1/service_instances/${si.id}`, { name: 'Storage Prod' }).expect(200);
    expect(await auditOf('ServiceInstance', si.id)).toHaveLength(3);
    await send('patch', `/v1/service_instances/${foreign.si}`, { name: 'Taken over' }).expect(404);
    expect((await send('patch', `/v1/service_instances/${si.id}`, { name: 'E-mail Production' }).expect(422)).body.errors).toEqual([['name', 'Name has already been taken: E-mail Production (names in an account are compared as a person reads them: in any letter case, in Unicode NFC, invisible characters left out)']]);
  });

  it('lets an agent write with a token allowing the actions, not a specialist or an end user', async () => {
    const agentToken = await tokenFor(h, h.demo.agent.email, ['ci:*', 'service_instance:*']);
    await send('post', '/v1/cis', { name: 'Agent CI' }, agentToken).expect(201);
    await send('post', '/v1/service_instances', { name: 'Agent Instance' }, agentToken).expect(201);
    const dana = await h.id('people', { primary_email: 'dana@widget.example' });
    await h.test.db('person_roles').insert({ person_id: dana, account_id: h.demo.account, role: 'specialist' }).onConflict().ignore();
    const specialist = await tokenFor(h, 'dana@widget.example', ['*:*']);
    const refused = await send('post', '/v1/cis', { name: 'Specialist CI' }, specialist).expect(403);
    expect(refused.body.reason).toBe('Configuration items and service instances are written by the administrators and agents of the account');
    await h.get('/v1/cis', specialist).expect(200);
  });
});
