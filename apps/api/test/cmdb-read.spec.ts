import { decodeNodeId } from '@tessera/domain';
import { startApiHarness, tokenFor, type ApiHarness } from './support/api-harness.js';

/** `GET /v1/cis`, `/v1/cis/:id`, `/v1/service_instances` and `/v1/service_instances/:id`: the account's records, every collection convention. */
describe('GET /v1/cis and /v1/service_instances', () => {
  let h: ApiHarness;
  let dbCi: number;
  let dbProd: number;
  let foreignCi: number;
  let foreignSi: number;

  beforeAll(async () => {
    h = await startApiHarness();
    const db = h.test.db;
    await db('accounts').insert({ id: 'other', name: 'Other' });
    [{ id: foreignCi }] = await db('configuration_items').insert({ account_id: 'other', name: 'Other server', label: 'other-01' }).returning('id');
    [{ id: foreignSi }] = await db('service_instances').insert({ account_id: 'other', name: 'Other Production' }).returning('id');
    // A link to another account's service instance is not followed.
    dbCi = await h.id('configuration_items', { label: 'srv-db-01' });
    dbProd = await h.id('service_instances', { name: 'Database Production' });
    await db('ci_service_instances').insert({ account_id: 'wdc', ci_id: dbCi, service_instance_id: foreignSi, position: 2 });
  });
  afterAll(() => h.drop());

  it('lists the configuration items of the account, each with its service instances of the account in order', async () => {
    const res = await h.get('/v1/cis').expect(200);
    expect(res.headers['x-pagination-total-entries']).toBe('3');
    expect(res.body.map((ci: { name: string }) => ci.name)).toEqual(['Database server 01', 'Orphan server 01', 'PostgreSQL 16']);
    expect(res.body[0]).toEqual({
      id: dbCi, name: 'Database server 01', label: 'srv-db-01', status: 'in_production', rule_set: 'hardware', source: 'nagios', source_id: 'host-17',
      support_team: null, service_instances: [{ id: dbProd, name: 'Database Production', nodeID: expect.any(String) }],
      created_at: expect.any(String), updated_at: expect.any(String), nodeID: expect.any(String),
    });
    expect(decodeNodeId(res.body[0].nodeID)).toMatchObject({ type: 'ConfigurationItem', id: dbCi });
  });

  it('takes fields, sort, filters, `_id` references and pages as every collection does', async () => {
    const page = await h.get('/v1/cis?fields=name,rule_set&sort=-name&per_page=2&page=1').expect(200);
    expect(page.body.map((ci: { name: string }) => ci.name)).toEqual(['PostgreSQL 16', 'Orphan server 01']);
    expect(Object.keys(page.body[0]).sort()).toEqual(['id', 'name', 'nodeID', 'rule_set']);
    expect(page.headers['x-pagination-total-pages']).toBe('2');
    expect(page.headers['link']).toContain('page=2');
    expect((await h.get('/v1/cis?rule_set=software').expect(200)).body.map((ci: { name: string }) => ci.name)).toEqual(['PostgreSQL 16']);
    expect((await h.get('/v1/cis?label=srv-orphan-01,srv-db-01&sort=label').expect(200)).body.map((ci: { label: string }) => ci.label)).toEqual(['srv-db-01', 'srv-orphan-01']);
    const serviceDesk = await h.id('teams', { name: 'Service Desk' });
    await h.test.db('configuration_items').where({ id: dbCi }).update({ support_team_id: serviceDesk });
    expect((await h.get(`/v1/cis?support_team_id=${serviceDesk}`).expect(200)).body).toEqual([expect.objectContaining({ id: dbCi, support_team: expect.objectContaining({ name: 'Service Desk' }) })]);
    expect((await h.get('/v1/cis?status=archived').expect(200)).body).toEqual([]);
    expect((await h.get('/v1/cis?sort=service_instances').expect(400)).body.message).toMatch(/service_instances/);
    expect((await h.get('/v1/cis?status=melted').expect(400)).body.message).toMatch(/status/);
  });

  it('lists the service instances of the account with their teams and CIs; filters by first_line_team_id', async () => {
    const res = await h.get('/v1/service_instances?sort=name').expect(200);
    expect(res.body.map((si: { name: string }) => si.name)).toEqual(['Database Production', 'E-mail Production']);
    const dbOps = await h.id('teams', { name: 'Database Operations' });
    expect(res.body[0]).toEqual({
      id: dbProd, name: 'Database Production', service: expect.objectContaining({ name: 'Database' }), first_line_team: { id: dbOps, name: 'Database Operations', nodeID: expect.any(String) },
      support_team: expect.objectContaining({ name: 'Service Desk' }), configuration_items: [{ id: dbCi, name: 'Database server 01', nodeID: expect.any(String) }],
      created_at: expect.any(String), updated_at: expect.any(String), nodeID: expect.any(String),
    });
    expect((await h.get(`/v1/service_instances?first_line_team_id=${dbOps}&fields=name`).expect(200)).body).toEqual([{ id: dbProd, name: 'Database Production', nodeID: expect.any(String) }]);
    expect((await h.get('/v1/service_instances?first_line_team_id=').expect(200)).body.map((si: { name: string }) => si.name)).toEqual(['E-mail Production']);
  });

  it('shows one record with every field; another account’s, or no id, is not found', async () => {
    expect((await h.get(`/v1/cis/${dbCi}`).expect(200)).body).toMatchObject({ id: dbCi, label: 'srv-db-01' });
    expect((await h.get(`/v1/service_instances/${dbProd}`).expect(200)).body).toMatchObject({ id: dbProd });
    await h.get(`/v1/cis/${foreignCi}`).expect(404);
    await h.get(`/v1/service_instances/${foreignSi}`).expect(404);
    await h.get('/v1/cis/abc').expect(404);
    await h.get('/v1/service_instances/0').expect(404);
  });

  it('needs ci:Read and service_instance:Read; an end user with them reads', async () => {
    const requestsOnly = await tokenFor(h, h.demo.agent.email, ['request:Read']);
    await h.get('/v1/cis', requestsOnly).expect(403);
    await h.get('/v1/service_instances', requestsOnly).expect(403);
    const ellen = await tokenFor(h, 'ellen@widget.example', ['ci:Read', 'service_instance:Read']);
    await h.get('/v1/cis', ellen).expect(200);
    await h.get('/v1/service_instances', ellen).expect(200);
  });
});
