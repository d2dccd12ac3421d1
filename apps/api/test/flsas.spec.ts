import request from 'supertest';
import { startApiHarness, type ApiHarness } from './support/api-harness.js';

/**
 * `/v1/flsas` (issue 31): what the record contract (record-contract.spec.ts) does not cover — a
 * first line support agreement between a customer and a provider organization, its service desk
 * team, its calendar days (never expiring before it starts), and its expiry: at the end of its
 * expiry date (UTC), so a write giving a day already over expires it at once.
 */
describe('first line support agreements', () => {
  let h: ApiHarness;
  let customer: number;
  let provider: number;
  const create = (body: object) => h.post('/v1/flsas').send({ name: 'First line for Widget', customer_id: customer, provider_id: provider, ...body });
  const patch = (id: number, body: object) =>
    request(h.app).patch(`/v1/flsas/${id}`).set('Authorization', `Bearer ${h.demo.admin.token}`).set('X-Service-Account', h.demo.account).send(body);
  const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    h = await startApiHarness();
    customer = (await h.post('/v1/organizations').send({ name: 'Widget Customer' }).expect(201)).body.id as number;
    provider = (await h.post('/v1/organizations').send({ name: 'Widget IT' }).expect(201)).body.id as number;
  });
  afterAll(() => h.drop());

  it('names its customer, provider and service desk team, being prepared by default; the agreements stored before read with their team', async () => {
    const team = await h.id('teams', { account_id: h.demo.account, name: 'Service Desk' });
    const created = await create({ service_desk_team_id: team, start_date: '2036-01-01', expiry_date: '2036-12-31' }).expect(201);
    expect(created.body).toMatchObject({
      name: 'First line for Widget', customer: { id: customer, name: 'Widget Customer' }, provider: { id: provider, name: 'Widget IT' },
      service_desk_team: { id: team, name: 'Service Desk' }, status: 'being_prepared', start_date: '2036-01-01', notice_date: null, expiry_date: '2036-12-31',
    });
    const listed = (await h.get('/v1/flsas?sort=id').expect(200)).body as Array<{ id: number; name: string; customer: unknown; service_desk_team: unknown }>;
    expect(listed.map((row) => row.id)).toContain(created.body.id);
    expect(listed[0]).toMatchObject({ name: expect.stringMatching(/^First line support for /), customer: null, service_desk_team: { id: team, name: 'Service Desk' } });
  });

  it('needs its customer and provider, and never expires before it starts, in a create and a change', async () => {
    const missing = await h.post('/v1/flsas').send({ name: 'Nobody' }).expect(422);
    expect(missing.body.errors.map(([field]: [string]) => field)).toEqual(['customer_id', 'provider_id']);
    const before = ['expiry_date', 'Expiry date may not be before the start date'];
    expect((await create({ start_date: '2036-06-01', expiry_date: '2036-05-31' }).expect(422)).body.errors).toEqual([before]);
    const agreement = (await create({ start_date: '2036-06-01' }).expect(201)).body as { id: number };
    expect((await patch(agreement.id, { expiry_date: '2036-05-01' }).expect(422)).body.errors).toEqual([before]);
  });

  it('expires in the write that gives an expiry date already over, and not before the end of that day', async () => {
    expect((await create({ status: 'active', expiry_date: day(-1) }).expect(201)).body).toMatchObject({ status: 'expired', expiry_date: day(-1) });
    const today = (await create({ status: 'active', expiry_date: day(0) }).expect(201)).body as { id: number; status: string };
    expect(today.status).toBe('active');
    expect((await patch(today.id, { expiry_date: day(-3) }).expect(200)).body).toMatchObject({ status: 'expired', expiry_date: day(-3) });
  });

  it('names a customer representative of the directory account, and takes a time zone by its IANA name only', async () => {
    const [{ id: rep }] = await h.test.db('people').insert({ account_id: 'widget', name: 'Rita Rep', primary_email: 'rita.rep@widget.example' }).returning('id');
    const created = await create({ customer_rep_id: rep, time_zone: 'Europe/Amsterdam' }).expect(201);
    expect(created.body).toMatchObject({ customer_rep: { id: rep, name: 'Rita Rep' }, time_zone: 'Europe/Amsterdam' });
    const refused = await patch(created.body.id, { time_zone: 'CET+1' }).expect(422);
    expect(refused.body.errors).toEqual([['time_zone', 'Time zone is not a time zone (an IANA name such as Europe/Amsterdam or UTC)']]);
    expect((await patch(created.body.id, { time_zone: 'UTC' }).expect(200)).body.time_zone).toBe('UTC');
  });
});
