import request from 'supertest';
import { queuedEvents, startApiHarness, type ApiHarness } from './support/api-harness.js';

/**
 * `/v1/problems` and `/v1/risks` (issue 32, docs/decisions/046): what the record contract
 * (record-contract.spec.ts) does not cover — the defaults taken from the caller and the service,
 * the moments stamped by a status, the verbs fired beside an update, and a risk's closure rule.
 */
describe('problems and risks', () => {
  let h: ApiHarness;
  let service: number;
  let supportTeam: number;
  let adminId: number;
  let agentId: number;
  const patch = (path: string, body: object) =>
    request(h.app).patch(path).set('Authorization', `Bearer ${h.demo.admin.token}`).set('X-Service-Account', h.demo.account).send(body);
  const events = async (noun: string, id: number) =>
    (await queuedEvents(h)).filter((job) => job.object_id === id && job.event.startsWith(`${noun}.`)).map((job) => [job.event, job.payload]);

  beforeAll(async () => {
    h = await startApiHarness();
    supportTeam = await h.id('teams', { account_id: h.demo.account, name: 'Service Desk' });
    const provider = (await h.post('/v1/organizations').send({ name: 'Problem Provider' }).expect(201)).body.id as number;
    service = (await h.post('/v1/services').send({ name: 'Problem Service', provider_id: provider, support_team_id: supportTeam }).expect(201)).body.id as number;
    adminId = (await h.test.db('people').where({ primary_email: h.demo.admin.email }).first('id')).id as number;
    agentId = (await h.test.db('people').where({ primary_email: h.demo.agent.email }).first('id')).id as number;
  });
  afterAll(() => h.drop());

  it('takes its manager from the caller and its team from the service, unless given', async () => {
    const problem = await h.post('/v1/problems').send({ subject: 'Failover is slow', service_id: service }).expect(201);
    expect(problem.body).toMatchObject({
      subject: 'Failover is slow', service: { id: service }, impact: 'none', category: 'reactive', status: 'assigned',
      manager: { id: adminId }, team: { id: supportTeam }, member: null, known_error: false, solved_at: null,
    });
    const given = await h.post('/v1/problems').send({ subject: 'Given', service_id: service, manager_id: agentId, team_id: null }).expect(201);
    expect(given.body).toMatchObject({ manager: { id: agentId }, team: null });
  });

  it('stamps solved_at when solved and clears it when reopened, firing status-changed with the previous status beside one update', async () => {
    const id = (await h.post('/v1/problems').send({ subject: 'Disk fills up', service_id: service }).expect(201)).body.id as number;
    const solved = await patch(`/v1/problems/${id}`, { status: 'solved', known_error: true }).expect(200);
    expect(Date.parse(solved.body.solved_at)).toBeGreaterThan(Date.now() - 60_000);
    await patch(`/v1/problems/${id}`, { status: 'solved' }).expect(200);
    expect((await patch(`/v1/problems/${id}`, { status: 'in_progress' }).expect(200)).body.solved_at).toBeNull();
    const byName = (fired: unknown[][]) => [...fired].sort((a, b) => String(a[0]).localeCompare(String(b[0])) || String((a[1] as { status: string }).status).localeCompare(String((b[1] as { status: string }).status)));
    expect(byName(await events('problem', id))).toEqual([
      ['problem.create', expect.objectContaining({ status: 'assigned' })],
      ['problem.status-changed', expect.objectContaining({ status: 'in_progress', previous_status: 'solved' })],
      ['problem.status-changed', expect.objectContaining({ status: 'solved', previous_status: 'assigned' })],
      ['problem.update', expect.objectContaining({ status: 'in_progress' })],
      ['problem.update', expect.objectContaining({ status: 'solved' })],
    ]);
  });

  it('fires manager-, member- and team-changed with who or which team it names now, each once', async () => {
    const id = (await h.post('/v1/problems').send({ subject: 'Memory leak', service_id: service }).expect(201)).body.id as number;
    await patch(`/v1/problems/${id}`, { manager_id: agentId, member_id: agentId, team_id: null }).expect(200);
    // One change's events are separate messages: the queue does not promise their order.
    const fired = new Map((await events('problem', id)) as Array<[string, Record<string, unknown>]>);
    expect([...fired.keys()].sort()).toEqual(['problem.create', 'problem.manager-changed', 'problem.member-changed', 'problem.team-changed', 'problem.update']);
    expect(fired.get('problem.manager-changed')).toMatchObject({ manager: { id: agentId, nodeID: expect.any(String), name: expect.any(String) } });
    expect(fired.get('problem.member-changed')).toMatchObject({ member: { id: agentId } });
    expect(fired.get('problem.team-changed')).toMatchObject({ team: null });
    await patch(`/v1/problems/${id}`, { subject: 'Memory leak in the API' }).expect(200);
    expect((await events('problem', id)).map(([name]) => name).slice(5)).toEqual(['problem.update']);
  });

  it('closes a risk only for a reason, stamping closed_at; its organizations and services are lists in its order', async () => {
    const [a, b] = [
      (await h.post('/v1/organizations').send({ name: 'Risk Org A' }).expect(201)).body.id as number,
      (await h.post('/v1/organizations').send({ name: 'Risk Org B' }).expect(201)).body.id as number,
    ];
    const risk = await h.post('/v1/risks').send({ subject: 'Vendor may go bankrupt', severity: 'high', organization_ids: [b, a], service_ids: [service] }).expect(201);
    expect(risk.body).toMatchObject({ status: 'anticipated', closure_reason: null, closed_at: null, organizations: [{ id: b }, { id: a }], services: [{ id: service }] });
    const id = risk.body.id as number;
    expect((await patch(`/v1/risks/${id}`, { status: 'closed' }).expect(422)).body.errors).toEqual([['closure_reason', 'Closure reason is needed to close a risk']]);
    expect((await h.post('/v1/risks').send({ subject: 'Closed at once', status: 'closed' }).expect(422)).body.errors).toEqual([['closure_reason', 'Closure reason is needed to close a risk']]);
    const closed = await patch(`/v1/risks/${id}`, { status: 'closed', closure_reason: 'transferred', manager_id: adminId }).expect(200);
    expect(closed.body.closed_at).toEqual(expect.any(String));
    expect((await patch(`/v1/risks/${id}`, { closure_reason: null }).expect(422)).body.errors).toEqual([['closure_reason', 'Closure reason is needed to close a risk']]);
    expect((await events('risk', id)).map(([name]) => name).sort()).toEqual(['risk.create', 'risk.manager-changed', 'risk.status-changed', 'risk.update']);
    expect((await patch(`/v1/risks/${id}`, { status: 'materialized' }).expect(200)).body.closed_at).toBeNull();
  });
});
