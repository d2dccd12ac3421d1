import request from 'supertest';
import { decodeNodeId, encodeNodeId } from '@tessera/domain';
import { queuedEvents, startApiHarness, tokenFor, type ApiHarness } from './support/api-harness.js';

/** `/v1/teams`, `/v1/teams/:id/members`, `/v1/people/:id/teams` and a person's `team_ids`: administrators write, team:Create / team:Update, one outbox. */
describe('teams', () => {
  let h: ApiHarness;
  let dana: number;
  let wes: number;
  let ellen: number;
  let oscar: number;
  const send = (method: 'post' | 'patch', path: string, body: unknown, token?: string) =>
    request(h.app)[method](path).set('Authorization', `Bearer ${token ?? h.demo.admin.token}`).set('X-Service-Account', h.demo.account).send(body as object);
  const auditOf = (id: number) => h.test.db('audit_lines').where({ record_type: 'Team', record_id: id }).orderBy('id');
  /** The webhook events queued for a team: the whole message, its object named by node id. */
  const eventsOf = async (id: number) => (await queuedEvents(h)).map((job) => job as typeof job & { object_nodeID: string }).filter((job) => job.object_nodeID === encodeNodeId('Team', id));
  const members = async (id: number) => (await h.get(`/v1/teams/${id}/members?fields=name`).expect(200)).body.map((p: { name: string }) => p.name);

  beforeAll(async () => {
    h = await startApiHarness();
    await h.test.db('accounts').insert({ id: 'other', name: 'Other' });
    [{ id: oscar }] = await h.test.db('people').insert({ account_id: 'other', name: 'Oscar Other', primary_email: 'oscar@other.example' }).returning('id');
    await h.test.db('teams').insert({ account_id: 'other', name: 'Other Team' });
    dana = await h.id('people', { primary_email: 'dana@widget.example' });
    wes = await h.id('people', { primary_email: 'wes@widget.example' });
    ellen = await h.id('people', { primary_email: 'ellen@widget.example' });
  });
  afterAll(() => h.drop());

  it('creates a team with only a name, the defaults applied, and publishes team.create with its node ids', async () => {
    const res = await send('post', '/v1/teams', { name: ' Night Shift ' }).expect(201);
    expect(res.body).toMatchObject({ name: 'Night Shift', manager: null, disabled: false });
    expect(decodeNodeId(res.body.nodeID)).toMatchObject({ type: 'Team', id: res.body.id });
    expect((await h.get(`/v1/teams/${res.body.id}`).expect(200)).body).toEqual(res.body);
    expect(await eventsOf(res.body.id)).toEqual([
      expect.objectContaining({ event: 'team.create', object_nodeID: res.body.nodeID, person_id: expect.any(Number), person_nodeID: expect.any(String), account_id: 'wdc' }),
    ]);
    expect(await auditOf(res.body.id)).toEqual([expect.objectContaining({ action: 'create', changes: { name: 'Night Shift', manager_id: null, disabled: false, member_ids: [] } })]);
    expect(await members(res.body.id)).toEqual([]);
  });

  it('creates a team with a manager and members, people of the account and of its directory account', async () => {
    const res = await send('post', '/v1/teams', { name: 'Storage', manager_id: wes, member_ids: [ellen, dana, dana] }).expect(201);
    expect(res.body.manager).toEqual({ id: wes, name: 'Wes Workflow', nodeID: expect.any(String) });
    expect(decodeNodeId(res.body.manager.nodeID)).toMatchObject({ type: 'Person', id: wes });
    expect(await members(res.body.id)).toEqual(['Dana Database', 'Ellen Enduser']);
    const teams = await h.get(`/v1/people/${ellen}/teams`).expect(200);
    expect(teams.body.map((t: { name: string }) => t.name)).toEqual(['Storage']);
  });

  it('answers 422 with every problem at once and writes nothing', async () => {
    const before = await h.test.db('teams').count({ n: '*' }).first();
    const jobsBefore = (await queuedEvents(h)).length;
    const res = await send('post', '/v1/teams', { name: 'Service Desk', manager_id: oscar, member_ids: [dana, oscar, 2147483000], colour: 'red' }).expect(422);
    expect(res.body.errors).toEqual([
      ['colour', "'colour' is not a field of a team"],
      ['name', 'Name has already been taken: Service Desk (names in an account are compared as a person reads them: in any letter case, in Unicode NFC, invisible characters left out)'],
      ['manager_id', 'Manager id does not match any person of the account'],
      ['member_ids', `Member ids ${oscar}, 2147483000 do not match any person of the account`],
    ]);
    const blank = await send('post', '/v1/teams', { name: '  ', disabled: null, member_ids: [0] }).expect(422);
    expect(blank.body.errors).toEqual([['name', "Name can't be blank"], ['disabled', "Disabled can't be blank"], ['member_ids', 'Member ids must be a list of valid ids']]);
    const missing = await send('post', '/v1/teams', { name: 'x'.repeat(191), manager_id: 'wes', member_ids: 'all' }).expect(422);
    expect(missing.body.errors.map(([field]: [string]) => field).sort()).toEqual(['manager_id', 'member_ids']);
    await send('post', '/v1/teams', {}).expect(422, /Name can't be blank/);
    expect((await send('post', '/v1/teams', { name: 'x'.repeat(191) }).expect(422)).body.errors).toEqual([['name', 'Name is too long (maximum is 190 characters)']]);
    expect(await h.test.db('teams').count({ n: '*' }).first()).toEqual(before);
    expect(await queuedEvents(h)).toHaveLength(jobsBefore);
  });

  it('changes name, manager, disabled and members, publishing team.update with an audit line of the changes', async () => {
    const { body: team } = await send('post', '/v1/teams', { name: 'Patchers', member_ids: [dana] }).expect(201);
    const res = await send('patch', `/v1/teams/${team.id}`, { name: 'Patched', manager_id: dana, disabled: true, member_ids: [wes, dana] }).expect(200);
    expect(res.body).toMatchObject({ name: 'Patched', manager: { id: dana, name: 'Dana Database' }, disabled: true });
    const audit = await auditOf(team.id);
    expect(audit.map((line: { action: string }) => line.action)).toEqual(['create', 'update']);
    expect(audit[1].changes).toEqual({ name: ['Patchers', 'Patched'], manager_id: [null, dana], disabled: [false, true], member_ids: [[dana], [dana, wes]] });
    expect((await eventsOf(team.id)).map((job) => job.event)).toEqual(['team.create', 'team.update']);
    // The same values again change nothing and publish nothing.
    await send('patch', `/v1/teams/${team.id}`, { name: 'Patched', member_ids: [dana, wes] }).expect(200);
    expect(await auditOf(team.id)).toHaveLength(2);
    // null clears the manager and the members.
    const cleared = await send('patch', `/v1/teams/${team.id}`, { manager_id: null, member_ids: null }).expect(200);
    expect(cleared.body.manager).toBeNull();
    expect(await members(team.id)).toEqual([]);
    await send('patch', `/v1/teams/${team.id}`, { name: 'Service Desk', id: 3 }).expect(422);
  });

  it("refuses another account's team or a missing one with 404, and never lists another account's teams", async () => {
    const other = await h.id('teams', { name: 'Other Team' });
    await send('patch', `/v1/teams/${other}`, { name: 'Mine' }).expect(404);
    await h.get(`/v1/teams/${other}`).expect(404);
    await h.get(`/v1/teams/${other}/members`).expect(404);
    await send('patch', '/v1/teams/x', { name: 'Nobody' }).expect(404);
    await h.get('/v1/teams/0').expect(404);
    await h.get(`/v1/people/${oscar}/teams`).expect(404);
    const all = await h.get('/v1/teams?per_page=100&fields=name').expect(200);
    expect(all.body.map((t: { name: string }) => t.name)).not.toContain('Other Team');
  });

  it('takes fields, sort, filters, pages and the manager_id reference as every collection does', async () => {
    await send('post', '/v1/teams', { name: 'Managed by Wes', manager_id: wes }).expect(201);
    const res = await h.get('/v1/teams?fields=name,disabled&sort=-name&per_page=2&page=1').expect(200);
    expect(Object.keys(res.body[0]).sort()).toEqual(['disabled', 'id', 'name', 'nodeID']);
    expect(Number(res.headers['x-pagination-total-entries'])).toBeGreaterThan(2);
    const names = res.body.map((t: { name: string }) => t.name);
    expect(names).toEqual([...names].sort().reverse());
    const managed = await h.get(`/v1/teams?manager_id=${wes}&fields=name`).expect(200);
    expect(managed.body.map((t: { name: string }) => t.name).sort()).toEqual(['Managed by Wes', 'Storage']);
    expect((await h.get('/v1/teams?name=Service Desk').expect(200)).body).toEqual([expect.objectContaining({ name: 'Service Desk', manager: null })]);
    expect((await h.get('/v1/teams?sort=members').expect(400)).body.message).toMatch(/members/);
    const sorted = await h.get(`/v1/teams/${await h.id('teams', { name: 'Storage' })}/members?sort=-name&fields=name`).expect(200);
    expect(sorted.body.map((p: { name: string }) => p.name)).toEqual(['Ellen Enduser', 'Dana Database']);
  });

  it('changes a person’s teams with team_ids, each team changed publishing team.update (memberships are the team’s)', async () => {
    const desk = await h.id('teams', { name: 'Service Desk' });
    const ops = await h.id('teams', { name: 'Database Operations' });
    expect((await h.get(`/v1/people/${dana}/teams?fields=name`).expect(200)).body.map((t: { name: string }) => t.name)).toContain('Database Operations');
    const personEvents = async () => (await queuedEvents(h)).filter((job) => job.object_id === dana && job.event.startsWith('person.'));
    const before = (await personEvents()).length;
    await send('patch', `/v1/people/${dana}`, { team_ids: [desk] }).expect(200);
    expect((await h.get(`/v1/people/${dana}/teams?fields=name`).expect(200)).body.map((t: { name: string }) => t.name)).toEqual(['Service Desk']);
    expect((await auditOf(desk)).at(-1).changes.member_ids[1]).toContain(dana);
    expect((await auditOf(ops)).at(-1).changes.member_ids[0]).toContain(dana);
    expect((await eventsOf(desk)).map((job) => job.event)).toEqual(['team.update']);
    expect((await eventsOf(ops)).map((job) => job.event)).toEqual(['team.update']);
    expect(await personEvents()).toHaveLength(before);
    const bad = await send('patch', `/v1/people/${dana}`, { team_ids: [await h.id('teams', { name: 'Other Team' })], name: '' }).expect(422);
    expect(bad.body.errors).toEqual([['name', "Name can't be blank"], ['team_ids', `Team ids ${await h.id('teams', { name: 'Other Team' })} do not match any team of the account`]]);
    const created = await send('post', '/v1/people', { name: 'Tina Team', primary_email: 'tina@widget.example', team_ids: [ops] }).expect(201);
    expect((await h.get(`/v1/teams/${ops}/members?fields=name`).expect(200)).body.map((p: { name: string }) => p.name)).toContain('Tina Team');
    expect((await h.get(`/v1/people/${created.body.id}/teams?fields=name`).expect(200)).body).toEqual([expect.objectContaining({ name: 'Database Operations' })]);
  });

  it('shows members as GET /v1/people does: an end user sees no e-mail but their own, and may not filter on it', async () => {
    const storage = await h.id('teams', { name: 'Storage' });
    const ellenToken = await tokenFor(h, 'ellen@widget.example', ['team:Read', 'person:Read']);
    await send('patch', `/v1/teams/${storage}`, { member_ids: [dana, ellen] }).expect(200);
    const res = await h.get(`/v1/teams/${storage}/members?fields=name,primary_email&sort=name`, ellenToken).expect(200);
    expect(res.body.map((p: { name: string; primary_email: string | null }) => [p.name, p.primary_email])).toEqual([['Dana Database', null], ['Ellen Enduser', 'ellen@widget.example']]);
    await h.get(`/v1/teams/${storage}/members?primary_email=dana@widget.example`, ellenToken).expect(400);
    const asAdmin = await h.get(`/v1/teams/${storage}/members?primary_email=dana@widget.example&fields=name`).expect(200);
    expect(asAdmin.body).toEqual([expect.objectContaining({ name: 'Dana Database' })]);
  });

  it('needs the administrator role and the scope actions team:Create and team:Update', async () => {
    const desk = await h.id('teams', { name: 'Service Desk' });
    expect((await send('post', '/v1/teams', { name: 'A' }, h.demo.agent.token).expect(403)).body.reason).toBe('This needs the administrator role in the account');
    await send('patch', `/v1/teams/${desk}`, { name: 'Desk' }, h.demo.agent.token).expect(403);
    const updateOnly = await tokenFor(h, h.demo.admin.email, ['team:Read', 'team:Update']);
    expect((await send('post', '/v1/teams', { name: 'A' }, updateOnly).expect(403)).body.reason).toMatch(/team:Create/);
    await send('patch', `/v1/teams/${desk}`, { disabled: false }, updateOnly).expect(200);
    const readOnly = await tokenFor(h, h.demo.admin.email, ['team:Read']);
    await send('patch', `/v1/teams/${desk}`, { disabled: false }, readOnly).expect(403);
    const noTeams = await tokenFor(h, h.demo.admin.email, ['person:Read']);
    await h.get('/v1/teams', noTeams).expect(403);
    // An agent reads teams and their members.
    await h.get(`/v1/teams/${desk}/members`, h.demo.agent.token).expect(200);
  });
});
