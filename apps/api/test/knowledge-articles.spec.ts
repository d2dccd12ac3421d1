import request from 'supertest';
import { startApiHarness, type ApiHarness } from './support/api-harness.js';

/**
 * `/v1/knowledge_articles` (issue 31): what the record contract (record-contract.spec.ts) does
 * not cover — an article's defaults and limits, its service instances in its order, and its
 * archive date: an article whose archive date has begun (UTC) is archived by the write that
 * gives it (record-timers.spec in the worker covers the day still to come).
 */
describe('knowledge articles, archived from their archive date', () => {
  let h: ApiHarness;
  let service: number;
  const create = (body: object) => h.post('/v1/knowledge_articles').send({ subject: 'Resetting a password', service_id: service, ...body });
  const patch = (id: number, body: object) =>
    request(h.app).patch(`/v1/knowledge_articles/${id}`).set('Authorization', `Bearer ${h.demo.admin.token}`).set('X-Service-Account', h.demo.account).send(body);
  const count = async () => Number((await h.test.db('knowledge_articles').count({ n: '*' }).first())!.n);
  const today = () => new Date().toISOString().slice(0, 10);

  beforeAll(async () => {
    h = await startApiHarness();
    const provider = (await h.post('/v1/organizations').send({ name: 'Widget IT' }).expect(201)).body.id as number;
    service = (await h.post('/v1/services').send({ name: 'Email', provider_id: provider }).expect(201)).body.id as number;
  });
  afterAll(() => h.drop());

  it('is not validated and visible to everyone by default, with its service and its service instances in its order', async () => {
    const instance = async (name: string) => (await h.post('/v1/service_instances').send({ name }).expect(201)).body.id as number;
    const [a, b] = [await instance('Email EU'), await instance('Email US')];
    const created = await create({ instructions: 'Open the portal.', service_instance_ids: [b, a] }).expect(201);
    expect(created.body).toMatchObject({
      subject: 'Resetting a password', service: { id: service, name: 'Email' }, instructions: 'Open the portal.', description: null,
      status: 'not_validated', archive_date: null, keywords: null, end_users: true, key_contacts: true, internal_specialists: true, covered_specialists: true,
      service_instances: [{ id: b, name: 'Email US' }, { id: a, name: 'Email EU' }],
    });
    expect((await h.get(`/v1/knowledge_articles?service_id=${service}&status=not_validated`).expect(200)).body.map((row: { id: number }) => row.id)).toContain(created.body.id);
    expect((await patch(created.body.id, { end_users: false, status: 'validated' }).expect(200)).body).toMatchObject({ end_users: false, status: 'validated' });
  });

  it('refuses a missing service, a long subject or keywords, an unknown status, and a visibility of null, naming each, and writes nothing', async () => {
    const before = await count();
    const res = await h.post('/v1/knowledge_articles').send({ subject: 'x'.repeat(256), keywords: 'k'.repeat(2049), status: 'draft' }).expect(422);
    expect(res.body.errors.map(([field]: [string]) => field)).toEqual(['subject', 'service_id', 'status', 'keywords']);
    // A value of the wrong type is refused with the body, before the record's checks.
    expect((await create({ end_users: null }).expect(422)).body.errors.map(([field]: [string]) => field)).toEqual(['end_users']);
    expect(await count()).toBe(before);
  });

  it('is archived by a write giving an archive date already begun, and not by one still to come; a status set afterwards stands', async () => {
    const past = await create({ status: 'validated', archive_date: '2020-01-01' }).expect(201);
    expect(past.body).toMatchObject({ status: 'archived', archive_date: '2020-01-01' });
    expect((await create({ archive_date: '2036-01-01' }).expect(201)).body).toMatchObject({ status: 'not_validated', archive_date: '2036-01-01' });

    const later = (await create({ status: 'validated', archive_date: '2036-01-01' }).expect(201)).body as { id: number };
    expect((await patch(later.id, { archive_date: today() }).expect(200)).body).toMatchObject({ status: 'archived', archive_date: today() });
    // Brought back by hand, it stays as set: the timer fires for the day given, once.
    expect((await patch(later.id, { status: 'validated' }).expect(200)).body).toMatchObject({ status: 'validated', archive_date: today() });
    expect((await patch(later.id, { keywords: 'password' }).expect(200)).body.status).toBe('validated');
    expect((await h.get('/v1/knowledge_articles?status=archived').expect(200)).body.map((row: { id: number }) => row.id)).toEqual([past.body.id]);
  });
});
