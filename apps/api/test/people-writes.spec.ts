import request from 'supertest';
import { decodeNodeId } from '@tessera/domain';
import { queuedEvents, startApiHarness, tokenFor, type ApiHarness } from './support/api-harness.js';

/** `POST /v1/people` and `PATCH /v1/people/:id`: administrators of the account, person:Create / person:Update, one outbox. */
describe('people writes', () => {
  let h: ApiHarness;
  const send = (method: 'post' | 'patch', path: string, body: unknown, token?: string) =>
    request(h.app)[method](path).set('Authorization', `Bearer ${token ?? h.demo.admin.token}`).set('X-Service-Account', h.demo.account).send(body as object);
  const auditOf = (id: number) => h.test.db('audit_lines').where({ record_type: 'Person', record_id: id }).orderBy('id');

  beforeAll(async () => {
    h = await startApiHarness();
  });
  afterAll(() => h.drop());

  it('creates a person with only a name and an e-mail, the defaults applied, and publishes person.create with its node ids', async () => {
    const res = await send('post', '/v1/people', { name: ' Nina New ', primary_email: 'nina@widget.example' }).expect(201);
    expect(res.body).toMatchObject({
      name: 'Nina New', primary_email: 'nina@widget.example', locale: 'en-US', time_zone: 'UTC', disabled: false, roles: [], organization: null,
      account: { id: 'wdc', name: 'Widget Data Center' },
    });
    expect(decodeNodeId(res.body.nodeID)).toMatchObject({ type: 'Person', id: res.body.id });
    expect((await h.get(`/v1/people/${res.body.id}`).expect(200)).body).toEqual(res.body);
    const events = (await queuedEvents(h)).filter((job) => job.object_id === res.body.id);
    expect(events).toEqual([expect.objectContaining({ event: 'person.create', object_nodeID: res.body.nodeID, person_id: expect.any(Number), person_nodeID: expect.any(String) })]);
    const admin = await h.id('people', { primary_email: h.demo.admin.email });
    expect(await auditOf(res.body.id)).toEqual([expect.objectContaining({ action: 'create', person_id: admin, changes: expect.objectContaining({ name: 'Nina New', roles: [] }) })]);
  });

  it('creates a person with roles, locale and time zone given', async () => {
    const res = await send('post', '/v1/people', { name: 'Rita Roles', primary_email: 'rita@widget.example', roles: ['agent', 'auditor'], locale: 'nl-NL', time_zone: 'Europe/Amsterdam' }).expect(201);
    expect(res.body).toMatchObject({ roles: ['agent', 'auditor'], locale: 'nl-NL', time_zone: 'Europe/Amsterdam' });
  });

  it('answers 422 with every problem at once and writes nothing', async () => {
    const before = await h.test.db('people').count({ n: '*' }).first();
    const res = await send('post', '/v1/people', { primary_email: 'ADMIN@widget.example', locale: 'english', time_zone: 'Nowhere/Land', roles: ['owner'], id: 5, colour: 'red' }).expect(422);
    expect(res.body.errors).toEqual([
      ['id', "'id' is not a field of a person"],
      ['colour', "'colour' is not a field of a person"],
      ['name', "Name can't be blank"],
      ['primary_email', 'Primary email has already been taken: ADMIN@widget.example'],
      ['locale', "Locale 'english' is not a language tag such as en-US"],
      ['time_zone', "Time zone 'Nowhere/Land' is not an IANA time zone such as Europe/Amsterdam"],
      ['roles', 'Roles are administrator, agent, specialist, auditor; not owner'],
    ]);
    expect(await h.test.db('people').count({ n: '*' }).first()).toEqual(before);
    const typed = await send('post', '/v1/people', { name: 7, primary_email: 'x@widget.example', disabled: 'yes' }).expect(422);
    expect(typed.body.errors.map(([field]: [string]) => field).sort()).toEqual(['disabled', 'name']);
  });

  it('changes name, e-mail, locale, time zone and roles, publishing person.update with an audit line of the changes', async () => {
    const { body: nina } = await send('post', '/v1/people', { name: 'Paul Patch', primary_email: 'paul@widget.example' }).expect(201);
    const res = await send('patch', `/v1/people/${nina.id}`, { name: 'Paul Patched', primary_email: 'paul.p@widget.example', locale: 'de-DE', time_zone: 'Europe/Berlin', roles: ['specialist'] }).expect(200);
    expect(res.body).toMatchObject({ name: 'Paul Patched', primary_email: 'paul.p@widget.example', locale: 'de-DE', time_zone: 'Europe/Berlin', roles: ['specialist'] });
    const audit = await auditOf(nina.id);
    expect(audit.map((line: { action: string }) => line.action)).toEqual(['create', 'update']);
    expect(audit[1].changes).toEqual({
      name: ['Paul Patch', 'Paul Patched'], primary_email: ['paul@widget.example', 'paul.p@widget.example'], locale: ['en-US', 'de-DE'],
      time_zone: ['UTC', 'Europe/Berlin'], roles: [[], ['specialist']],
    });
    expect((await queuedEvents(h)).filter((job) => job.object_id === nina.id).map((job) => job.event)).toEqual(['person.create', 'person.update']);
    // The same values again change nothing and publish nothing.
    await send('patch', `/v1/people/${nina.id}`, { name: 'Paul Patched', roles: ['specialist'] }).expect(200);
    expect(await auditOf(nina.id)).toHaveLength(2);
  });

  it('refuses a change to another person’s e-mail, a read-only field, and a blank name, all at once', async () => {
    const dana = await h.id('people', { primary_email: 'dana@widget.example' });
    const res = await send('patch', `/v1/people/${dana}`, { primary_email: 'Wes@Widget.example', name: '', created_at: '2020-01-01T00:00:00Z' }).expect(422);
    expect(res.body.errors.map(([field]: [string]) => field).sort()).toEqual(['created_at', 'name', 'primary_email']);
  });

  it('refuses a person of the directory account with 403, another account’s or a missing person with 404', async () => {
    const ellen = await h.id('people', { primary_email: 'ellen@widget.example' });
    const res = await send('patch', `/v1/people/${ellen}`, { name: 'Ellen E.' }).expect(403);
    expect(res.body.reason).toBe('This person belongs to the directory account and is managed there');
    await send('patch', '/v1/people/999999', { name: 'Nobody' }).expect(404);
    await send('patch', '/v1/people/x', { name: 'Nobody' }).expect(404);
  });

  it('needs the administrator role and the scope actions person:Create and person:Update', async () => {
    const dana = await h.id('people', { primary_email: 'dana@widget.example' });
    expect((await send('post', '/v1/people', { name: 'A', primary_email: 'a@widget.example' }, h.demo.agent.token).expect(403)).body.reason).toBe('This needs the administrator role in the account');
    await send('patch', `/v1/people/${dana}`, { name: 'Dana D.' }, h.demo.agent.token).expect(403);
    const readOnly = await tokenFor(h, h.demo.admin.email, ['person:Read', 'person:Update']);
    await send('post', '/v1/people', { name: 'A', primary_email: 'a@widget.example' }, readOnly).expect(403);
    await send('patch', `/v1/people/${dana}`, { name: 'Dana D.' }, readOnly).expect(200);
  });
});
