import request from 'supertest';
import { startApiHarness, type ApiHarness } from './support/api-harness.js';

/**
 * `/v1/contracts` (issue 31): what the record contract (record-contract.spec.ts) does not cover —
 * a contract's dates are calendar days, read back as written, and it never expires before it
 * starts; its configuration items are a list in the contract's order.
 */
describe('contracts, from their start date to their expiry date', () => {
  let h: ApiHarness;
  let customer: number;
  const create = (body: object) => h.post('/v1/contracts').send({ name: 'Lease', customer_id: customer, ...body });
  const patch = (id: number, body: object) =>
    request(h.app).patch(`/v1/contracts/${id}`).set('Authorization', `Bearer ${h.demo.admin.token}`).set('X-Service-Account', h.demo.account).send(body);

  beforeAll(async () => {
    h = await startApiHarness();
    customer = (await h.post('/v1/organizations').send({ name: 'Widget Customer' }).expect(201)).body.id as number;
  });
  afterAll(() => h.drop());

  it('reads its dates back as the days written, with its defaults, and filters by a date range', async () => {
    const created = await create({ start_date: '2036-01-01', notice_date: '2036-10-01', expiry_date: '2036-12-31' }).expect(201);
    expect(created.body).toMatchObject({
      customer: { id: customer, name: 'Widget Customer' }, supplier: null, category: 'lease_contract', status: 'scheduled_for_activation',
      start_date: '2036-01-01', notice_date: '2036-10-01', expiry_date: '2036-12-31', cis: [],
    });
    await create({ name: 'Later', start_date: '2037-01-01' }).expect(201);
    const until = await h.get('/v1/contracts?start_date=<2036-06-30').expect(200);
    expect(until.body.map((contract: { name: string }) => contract.name)).toEqual(['Lease']);
    expect((await h.get('/v1/contracts?start_date=2036-02-30').expect(400)).body.message).toMatch(/start_date/);
  });

  it('refuses a day that does not exist, and an expiry before the start, in a create and a change, and changes nothing', async () => {
    const invalid = await create({ start_date: '2026-02-30', expiry_date: '31-12-2026' }).expect(422);
    expect(invalid.body.errors).toEqual([
      ['start_date', 'Start date is not a valid date (YYYY-MM-DD, from 1900)'],
      ['expiry_date', 'Expiry date is not a valid date (YYYY-MM-DD, from 1900)'],
    ]);
    const before = ['expiry_date', 'Expiry date may not be before the start date'];
    expect((await create({ start_date: '2026-06-01', expiry_date: '2026-05-31' }).expect(422)).body.errors).toEqual([before]);
    const contract = (await create({ start_date: '2026-06-01', expiry_date: '2026-06-01' }).expect(201)).body as { id: number };
    expect((await patch(contract.id, { expiry_date: '2026-05-01' }).expect(422)).body.errors).toEqual([before]);
    expect((await patch(contract.id, { start_date: '2026-07-01', name: 'Renamed' }).expect(422)).body.errors).toEqual([before]);
    expect((await h.get(`/v1/contracts/${contract.id}`).expect(200)).body).toMatchObject({ name: 'Lease', start_date: '2026-06-01', expiry_date: '2026-06-01' });
    // Without a start, any expiry will do; clearing the start lifts the rule.
    expect((await patch(contract.id, { start_date: null, expiry_date: '2020-01-01' }).expect(200)).body).toMatchObject({ start_date: null, expiry_date: '2020-01-01' });
  });

  it('lists its configuration items in its order', async () => {
    const ci = async (name: string) => (await h.post('/v1/cis').send({ name }).expect(201)).body.id as number;
    const [a, b] = [await ci('Rack A'), await ci('Rack B')];
    const contract = (await create({ ci_ids: [b, a] }).expect(201)).body as { id: number; cis: Array<{ id: number }> };
    expect(contract.cis.map((item) => item.id)).toEqual([b, a]);
  });
});
