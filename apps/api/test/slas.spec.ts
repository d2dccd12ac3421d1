import request from 'supertest';
import { startApiHarness, type ApiHarness } from './support/api-harness.js';

/**
 * `/v1/slas` (issue 31): what the record contract (record-contract.spec.ts) does not cover — an
 * SLA's dates are calendar days, it never expires before it starts, and its service instance is
 * one of the offering's service.
 */
describe('SLAs, from their start date to their expiry date', () => {
  let h: ApiHarness;
  let agreed: { customer_id: number; service_offering_id: number };
  let provider: number;
  let service: number;
  const patch = (id: number, body: object) =>
    request(h.app).patch(`/v1/slas/${id}`).set('Authorization', `Bearer ${h.demo.admin.token}`).set('X-Service-Account', h.demo.account).send(body);
  const count = async () => Number((await h.test.db('slas').count({ n: '*' }).first())!.n);

  beforeAll(async () => {
    h = await startApiHarness();
    const customer = (await h.post('/v1/organizations').send({ name: 'Widget Customer' }).expect(201)).body.id as number;
    provider = (await h.post('/v1/organizations').send({ name: 'Widget IT' }).expect(201)).body.id as number;
    service = (await h.post('/v1/services').send({ name: 'Email', provider_id: provider }).expect(201)).body.id as number;
    const offering = (await h.post('/v1/service_offerings').send({ name: 'Email, gold', service_id: service }).expect(201)).body.id as number;
    agreed = { customer_id: customer, service_offering_id: offering };
  });
  afterAll(() => h.drop());

  it('keeps its dates as calendar days, being prepared by default; an expiry on its start date is fine', async () => {
    const sla = await h.post('/v1/slas').send({ name: 'Email for Widget', ...agreed, start_date: '2027-01-01', expiry_date: '2027-12-31' }).expect(201);
    expect(sla.body).toMatchObject({ name: 'Email for Widget', status: 'being_prepared', start_date: '2027-01-01', notice_date: null, expiry_date: '2027-12-31' });
    expect((await h.get(`/v1/slas/${sla.body.id}`).expect(200)).body).toMatchObject({ start_date: '2027-01-01', expiry_date: '2027-12-31' });
    expect((await patch(sla.body.id, { expiry_date: '2027-01-01' }).expect(200)).body.expiry_date).toBe('2027-01-01');
  });

  it('refuses an expiry date before the start date, naming the field, and writes nothing', async () => {
    const before = await count();
    const problem = ['expiry_date', 'Expiry date may not be before the start date'];
    const refused = await h.post('/v1/slas').send({ name: 'Backwards', ...agreed, start_date: '2027-01-01', expiry_date: '2026-12-31' }).expect(422);
    expect(refused.body.errors).toEqual([problem]);
    expect(await count()).toBe(before);

    const sla = (await h.post('/v1/slas').send({ name: 'Forwards', ...agreed, start_date: '2027-01-01', expiry_date: '2027-06-30' }).expect(201)).body;
    // Either date changed alone is compared with the other as stored.
    expect((await patch(sla.id, { expiry_date: '2026-06-30' }).expect(422)).body.errors).toEqual([problem]);
    expect((await patch(sla.id, { start_date: '2027-07-01', name: 'Renamed' }).expect(422)).body.errors).toEqual([problem]);
    expect((await h.get(`/v1/slas/${sla.id}`).expect(200)).body).toMatchObject({ name: 'Forwards', start_date: '2027-01-01', expiry_date: '2027-06-30' });
    // Cleared, the start no longer bounds the expiry.
    expect((await patch(sla.id, { start_date: null, expiry_date: '2020-01-01' }).expect(200)).body).toMatchObject({ start_date: null, expiry_date: '2020-01-01' });
  });

  it('refuses a date that is not a calendar day as YYYY-MM-DD', async () => {
    const before = await count();
    const refused = await h.post('/v1/slas').send({ name: 'Odd days', ...agreed, start_date: '2027-02-30', notice_date: '2027-1-5', expiry_date: '2027-12-31T00:00:00Z' }).expect(422);
    expect(refused.body.errors).toEqual([
      ['start_date', 'Start date is not a valid date (YYYY-MM-DD, from 1900)'],
      ['notice_date', 'Notice date is not a valid date (YYYY-MM-DD, from 1900)'],
      ['expiry_date', 'Expiry date is not a valid date (YYYY-MM-DD, from 1900)'],
    ]);
    expect(await count()).toBe(before);
  });

  it('refuses a service instance of another service than the offering’s, naming it, and writes nothing', async () => {
    const other = (await h.post('/v1/services').send({ name: 'Chat', provider_id: provider }).expect(201)).body.id as number;
    const otherOffering = (await h.post('/v1/service_offerings').send({ name: 'Chat, gold', service_id: other }).expect(201)).body.id as number;
    const ours = (await h.post('/v1/service_instances').send({ name: 'Email EU', service_id: service }).expect(201)).body.id as number;
    const theirs = (await h.post('/v1/service_instances').send({ name: 'Chat EU', service_id: other }).expect(201)).body.id as number;
    const problem = ['service_instance_id', 'Service instance: not one of the service offering’s service'];
    const before = await count();
    expect((await h.post('/v1/slas').send({ name: 'Mixed', ...agreed, service_instance_id: theirs }).expect(422)).body.errors).toEqual([problem]);
    expect(await count()).toBe(before);

    const sla = (await h.post('/v1/slas').send({ name: 'Email EU for Widget', ...agreed, service_instance_id: ours }).expect(201)).body;
    expect(sla.service_instance).toMatchObject({ id: ours, name: 'Email EU' });
    // The offering changed alone is compared with the service instance as stored.
    expect((await patch(sla.id, { service_offering_id: otherOffering }).expect(422)).body.errors).toEqual([problem]);
    expect((await patch(sla.id, { service_instance_id: theirs }).expect(422)).body.errors).toEqual([problem]);
    expect((await patch(sla.id, { service_offering_id: otherOffering, service_instance_id: theirs }).expect(200)).body.service_instance).toMatchObject({ id: theirs });
  });
});
