import { decodeNodeId } from '@tessera/domain';
import { startApiHarness, tokenFor, type ApiHarness } from './support/api-harness.js';

/** `GET /v1/people` and `/v1/people/:id`, and who sees whose primary e-mail (docs/decisions/033). */
describe('GET /v1/people', () => {
  let h: ApiHarness;
  let ellen: string;
  let dana: number;
  let ellenId: number;

  beforeAll(async () => {
    h = await startApiHarness();
    await h.test.db('accounts').insert({ id: 'other', name: 'Other' });
    await h.test.db('people').insert({ account_id: 'other', name: 'Oscar Other', primary_email: 'oscar@other.example' });
    // Ellen is a person of the directory account, with no role in the demo support domain: an end user there.
    ellen = await tokenFor(h, 'ellen@widget.example', ['person:Read']);
    dana = await h.id('people', { primary_email: 'dana@widget.example' });
    ellenId = await h.id('people', { primary_email: 'ellen@widget.example' });
  });
  afterAll(() => h.drop());

  it('lists the people of the account and of its directory account, with their roles in the account of the call', async () => {
    const res = await h.get('/v1/people?per_page=100').expect(200);
    expect(res.headers['x-pagination-total-entries']).toBe('5');
    const byName = Object.fromEntries(res.body.map((p: { name: string }) => [p.name, p]));
    expect(Object.keys(byName).sort()).toEqual(['Alice Admin', 'Andy Agent', 'Dana Database', 'Ellen Enduser', 'Wes Workflow']);
    expect(byName['Alice Admin']).toMatchObject({ primary_email: 'admin@widget.example', roles: ['administrator', 'agent'], locale: 'en-US', time_zone: 'UTC', disabled: false });
    expect(byName['Ellen Enduser']).toMatchObject({ roles: [], account: { id: 'widget', name: 'Widget International' }, organization: { name: 'Widget International' } });
    expect(decodeNodeId(byName['Dana Database'].nodeID)).toMatchObject({ type: 'Person', id: dana });
  });

  it('takes fields, sort, filters and pages as every collection does', async () => {
    const res = await h.get('/v1/people?fields=name,disabled&sort=-name&per_page=2&page=2&disabled=false').expect(200);
    expect(res.body.map((p: { name: string }) => p.name)).toEqual(['Dana Database', 'Andy Agent']);
    expect(Object.keys(res.body[0]).sort()).toEqual(['disabled', 'id', 'name', 'nodeID']);
    expect(res.headers['x-pagination-total-pages']).toBe('3');
    const one = await h.get('/v1/people?primary_email=wes@widget.example').expect(200);
    expect(one.body).toEqual([expect.objectContaining({ name: 'Wes Workflow' })]);
    expect((await h.get('/v1/people?sort=roles').expect(400)).body.message).toMatch(/roles/);
  });

  it('shows one person with every field; another account’s person, or no id, is not found', async () => {
    const res = await h.get(`/v1/people/${dana}`).expect(200);
    expect(res.body).toEqual({
      id: dana, name: 'Dana Database', primary_email: 'dana@widget.example', locale: 'en-US', time_zone: 'UTC', disabled: false, roles: [],
      organization: expect.objectContaining({ name: 'Widget Data Center' }), account: { id: 'wdc', name: 'Widget Data Center' },
      created_at: expect.any(String), updated_at: expect.any(String), nodeID: expect.any(String),
    });
    const oscar = await h.id('people', { primary_email: 'oscar@other.example' });
    await h.get(`/v1/people/${oscar}`).expect(404);
    await h.get('/v1/people/abc').expect(404);
  });

  it('needs person:Read', async () => {
    const token = await tokenFor(h, 'agent@widget.example', ['request:Read']);
    await h.get('/v1/people', token).expect(403);
  });

  it('shows an end user their own primary e-mail only, and refuses filtering or sorting on it', async () => {
    const res = await h.get('/v1/people?per_page=100', ellen).expect(200);
    const emails = Object.fromEntries(res.body.map((p: { name: string; primary_email: string | null }) => [p.name, p.primary_email]));
    expect(emails).toEqual({
      'Alice Admin': null, 'Andy Agent': null, 'Dana Database': null, 'Ellen Enduser': 'ellen@widget.example', 'Wes Workflow': null,
    });
    expect((await h.get(`/v1/people/${dana}`, ellen).expect(200)).body.primary_email).toBeNull();
    expect((await h.get(`/v1/people/${ellenId}`, ellen).expect(200)).body.primary_email).toBe('ellen@widget.example');
    for (const query of ['primary_email=dana@widget.example', 'primary_email!=x@y.example', 'sort=primary_email']) {
      expect((await h.get(`/v1/people?${query}`, ellen).expect(400)).body.message).toBe('Filtering or sorting on primary_email needs a role in the account');
    }
  });

  it('shows an agent every primary e-mail', async () => {
    const res = await h.get(`/v1/people/${ellenId}`, h.demo.agent.token).expect(200);
    expect(res.body.primary_email).toBe('ellen@widget.example');
  });
});
