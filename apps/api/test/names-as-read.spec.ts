/**
 * Issue 30 item 10: names that read the same are the same name. `service
 * desk`, and `Service Desk` with a zero-width space, were accepted beside
 * `Service Desk`; `SRV-DB-01` beside `srv-db-01`. Where a name or label must
 * be unique in the account, it is compared in any letter case, in Unicode
 * NFC, invisible characters removed (decision 038), the refusal says so, and
 * the value is stored as it was written. The database holds the rule too, so
 * writes at the same moment cannot both pass.
 */
import request from 'supertest';
import { startApiHarness, type ApiHarness } from './support/api-harness.js';

const AS_READ = 'compared as a person reads them';

describe('unique names compared as a person reads them', () => {
  let h: ApiHarness;
  const send = (method: 'post' | 'patch', path: string, body: Record<string, unknown>) =>
    request(h.app)[method](path).set('Authorization', `Bearer ${h.demo.admin.token}`).set('X-Service-Account', h.demo.account).send(body);
  const count = async (table: string) => Number((await h.test.db(table).where({ account_id: h.demo.account }).count({ n: '*' }).first())!['n']);

  beforeAll(async () => {
    h = await startApiHarness();
  });
  afterAll(() => h.drop());

  it('refuses a team name that reads as one the account has (case, invisible characters, another normal form), saying how names are compared', async () => {
    const before = await count('teams');
    for (const name of ['service desk', 'SERVICE DESK', 'Service\u200b Desk', '\ufeffService De\u00adsk', 'Service\u2060Desk\u200d'.replace('\u2060', ' ')]) {
      const res = await send('post', '/v1/teams', { name }).expect(422);
      expect(res.body.errors).toEqual([['name', expect.stringContaining(AS_READ)]]);
    }
    const { body: cafe } = await send('post', '/v1/teams', { name: 'Caf\u00e9 crew' }).expect(201);
    const decomposed = await send('post', '/v1/teams', { name: 'CAFE\u0301 CREW' }).expect(422);
    expect(decomposed.body.errors).toEqual([['name', expect.stringContaining(AS_READ)]]);
    const { body: other } = await send('post', '/v1/teams', { name: 'Night Shift' }).expect(201);
    expect((await send('patch', `/v1/teams/${other.id}`, { name: 'caf\u00c9 Crew' }).expect(422)).body.errors).toEqual([['name', expect.stringContaining(AS_READ)]]);
    expect(await count('teams')).toBe(before + 2);
    expect(cafe.name).toBe('Caf\u00e9 crew');
  });

  it('stores a name as it was written, and lets a team change only the case of its own name', async () => {
    const { body: team } = await send('post', '/v1/teams', { name: 'Ops\u200d Zürich' }).expect(201);
    expect((await h.test.db('teams').where({ id: team.id }).first('name')).name).toBe('Ops\u200d Zürich');
    const renamed = await send('patch', `/v1/teams/${team.id}`, { name: 'OPS ZÜRICH' }).expect(200);
    expect(renamed.body.name).toBe('OPS ZÜRICH');
  });

  it('refuses a CI label and a service instance name that read as taken ones', async () => {
    const label = await send('post', '/v1/cis', { name: 'Shouting server', label: 'SRV-DB-01' }).expect(422);
    expect(label.body.errors).toEqual([['label', expect.stringContaining(AS_READ)]]);
    const { body: ci } = await send('post', '/v1/cis', { name: 'Quiet server', label: 'srv-quiet-01' }).expect(201);
    expect((await send('patch', `/v1/cis/${ci.id}`, { label: 'Srv-Orphan-01\u200b' }).expect(422)).body.errors).toEqual([['label', expect.stringContaining(AS_READ)]]);
    const instance = await send('post', '/v1/service_instances', { name: 'database production' }).expect(422);
    expect(instance.body.errors).toEqual([['name', expect.stringContaining(AS_READ)]]);
  });

  it('answers 409 for an integration or a UI extension named as one the account has, in other letters', async () => {
    const integration = await send('post', '/v1/integrations', { name: 'MONITORING\u200b BRIDGE' }).expect(409);
    expect(integration.body.message).toContain(AS_READ);
    const extension = await send('post', '/v1/ui_extensions', { name: 'server MOVE form', category: 'person' }).expect(409);
    expect(extension.body.message).toContain(AS_READ);
  });

  it('holds in the database: a row written past the check is refused, and of two writes at once one passes', async () => {
    await expect(h.test.db('teams').insert({ account_id: h.demo.account, name: 'DATABASE OPERATIONS' })).rejects.toMatchObject({ code: '23505' });
    await expect(h.test.db('configuration_items').insert({ account_id: h.demo.account, name: 'x', label: 'SRV-DB-01' })).rejects.toMatchObject({ code: '23505' });
    await h.test.db('accounts').insert({ id: 'names-other', name: 'Names elsewhere' });
    await h.test.db('teams').insert({ account_id: 'names-other', name: 'SERVICE DESK' });
    const answers = await Promise.all(['Twins', 'TWINS', 'twins\u200b', 'T\u200bwins'].map((name) => send('post', '/v1/teams', { name })));
    expect(answers.map((res) => res.status).sort()).toEqual([201, 422, 422, 422]);
  });
});
