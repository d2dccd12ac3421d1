import request from 'supertest';
import { queuedEvents, startApiHarness, tokenFor, type ApiHarness } from './support/api-harness.js';

/**
 * Who may change the work of a service desk (issue 32 item 5, docs/decisions/051): administrators
 * and agents change any of it; a specialist creates it, and changes and notes only the work they
 * are responsible for — each way a record's writers declare, over REST here (GraphQL shares the
 * use cases: apps/graphql/test/record-contract.spec.ts). A refusal is a 403 naming the rule and
 * writes nothing; approvers only approve.
 */
describe('who may change the work of a service desk', () => {
  let h: ApiHarness;
  let service: number;
  let sam: { id: number; token: string };
  let network: number;
  const as = (token: string) => ({
    patch: (path: string, body: object) => request(h.app).patch(path).set('Authorization', `Bearer ${token}`).set('X-Service-Account', h.demo.account).send(body),
    post: (path: string, body: object) => request(h.app).post(path).set('Authorization', `Bearer ${token}`).set('X-Service-Account', h.demo.account).send(body),
  });
  const admin = () => as(h.demo.admin.token);
  const specialist = () => as(sam.token);
  const person = async (name: string, roles: string[]) => {
    const email = `${name.toLowerCase().replace(/\W+/g, '.')}@work-access.example`;
    const id = (await admin().post('/v1/people', { name, primary_email: email, roles }).expect(201)).body.id as number;
    return { id, token: await tokenFor(h, email, ['*:*']) };
  };
  const made = async (path: string, body: object) => (await admin().post(path, body).expect(201)).body.id as number;
  const eventsOf = async (noun: string, id: number) => (await queuedEvents(h)).filter((job) => job.object_id === id && job.event.startsWith(`${noun}.`)).map((job) => job.event);
  /** A refused change: 403 with the rule, and nothing written (no event beyond those before). */
  const refused = async (noun: string, id: number, call: () => request.Test, rule: RegExp) => {
    const before = await eventsOf(noun, id);
    const res = await call().expect(403);
    expect(res.body.reason).toMatch(rule);
    expect(await eventsOf(noun, id)).toEqual(before);
  };

  beforeAll(async () => {
    h = await startApiHarness();
    const provider = await made('/v1/organizations', { name: 'Access Provider' });
    service = await made('/v1/services', { name: 'Access Service', provider_id: provider });
    sam = await person('Sam Specialist', ['specialist']);
    network = await made('/v1/teams', { name: 'Access Network', member_ids: [sam.id] });
  });
  afterAll(() => h.drop());

  it('a problem: its manager, its member and the members of its team change it and add notes; another specialist is refused', async () => {
    const problem = (body: object = {}) => made('/v1/problems', { subject: 'Disks fill up', service_id: service, ...body });
    const others = await problem();
    await refused('problem', others, () => specialist().patch(`/v1/problems/${others}`, { impact: 'high' }), /^A specialist changes only the problems they manage, are the member of, or whose team they are in$/);
    await refused('problem', others, () => specialist().post(`/v1/problems/${others}/notes`, { text: 'Mine now' }), /only the problems they manage/);
    for (const responsible of [{ manager_id: sam.id }, { member_id: sam.id }, { team_id: network }]) {
      const id = await problem(responsible);
      expect((await specialist().patch(`/v1/problems/${id}`, { status: 'in_progress' }).expect(200)).body.status).toBe('in_progress');
      await specialist().post(`/v1/problems/${id}/notes`, { text: 'Looking' }).expect(201);
    }
    // Creating stays open; the manager who hands a problem on no longer changes it.
    const own = (await specialist().post('/v1/problems', { subject: 'Backups slow', service_id: service }).expect(201)).body;
    expect(own.manager).toMatchObject({ id: sam.id });
    const adminId = (await h.test.db('people').where({ primary_email: h.demo.admin.email }).first('id')).id as number;
    await specialist().patch(`/v1/problems/${own.id}`, { manager_id: adminId, impact: 'low' }).expect(200);
    await refused('problem', own.id, () => specialist().patch(`/v1/problems/${own.id}`, { manager_id: sam.id }), /only the problems they manage/);
  });

  it('a workflow and its tasks: the workflow’s manager plans and changes them; a task’s member and team change it; others are refused', async () => {
    const workflow = (manager?: number) => made('/v1/workflows', { subject: 'Swap the switch', category: 'standard', justification: 'maintenance', service_id: service, ...(manager ? { manager_id: manager } : {}) });
    const task = { subject: 'Unplug', category: 'implementation', planned_duration: 30 };
    const samsWorkflow = await workflow(sam.id);
    const othersWorkflow = await workflow();
    await specialist().patch(`/v1/workflows/${samsWorkflow}`, { subject: 'Swap the core switch' }).expect(200);
    await refused('workflow', othersWorkflow, () => specialist().patch(`/v1/workflows/${othersWorkflow}`, { subject: 'Mine' }), /^A specialist changes only the workflows they manage$/);
    const planned = (await specialist().post(`/v1/workflows/${samsWorkflow}/tasks`, task).expect(201)).body.id as number;
    await specialist().patch(`/v1/tasks/${planned}`, { subject: 'Unplug it' }).expect(200);
    const tasksBefore = await h.test.db('tasks').where({ workflow_id: othersWorkflow }).count({ n: '*' }).first();
    const refusedTask = await specialist().post(`/v1/workflows/${othersWorkflow}/tasks`, task).expect(403);
    expect(refusedTask.body.reason).toMatch(/adds tasks only to a workflow they manage$/);
    expect(await h.test.db('tasks').where({ workflow_id: othersWorkflow }).count({ n: '*' }).first()).toEqual(tasksBefore);

    const plain = await made(`/v1/workflows/${othersWorkflow}/tasks`, task);
    await refused('task', plain, () => specialist().patch(`/v1/tasks/${plain}`, { status: 'in_progress' }), /^A specialist changes only the tasks they are the member of, whose team they are in, or of a workflow they manage/);
    await refused('task', plain, () => specialist().post(`/v1/tasks/${plain}/notes`, { text: 'Done' }), /only the tasks they are the member of/);
    for (const responsible of [{ member_id: sam.id }, { team_id: network }]) {
      const id = await made(`/v1/workflows/${othersWorkflow}/tasks`, { ...task, ...responsible });
      await specialist().patch(`/v1/tasks/${id}`, { status: 'in_progress' }).expect(200);
      await specialist().post(`/v1/tasks/${id}/notes`, { text: 'Started' }).expect(201);
    }
  });

  it('an approval task: its approvers only approve, and a specialist approver decides without changing it', async () => {
    const approver = await person('Ann Approver', ['specialist']);
    const workflow = await made('/v1/workflows', { subject: 'Open the firewall', category: 'standard', justification: 'maintenance', service_id: service });
    const id = await made(`/v1/workflows/${workflow}/tasks`, { subject: 'Approve', category: 'approval', planned_duration: 5, approver_ids: [approver.id] });
    await refused('task', id, () => as(approver.token).patch(`/v1/tasks/${id}`, { status: 'approved' }), /only the tasks they are the member of/);
    await as(approver.token).post(`/v1/tasks/${id}/approvals`, { status: 'approved' }).expect((res) => expect(res.status).toBeLessThan(300));
    expect((await request(h.app).get(`/v1/tasks/${id}`).set('Authorization', `Bearer ${h.demo.admin.token}`).set('X-Service-Account', h.demo.account).expect(200)).body.status).toBe('approved');
  });

  it('a release and a project: their managers; a project task: its assignees, its team and its project’s manager', async () => {
    const mine = await made('/v1/releases', { subject: 'Spring release', manager_id: sam.id });
    const others = await made('/v1/releases', { subject: 'Autumn release' });
    await specialist().patch(`/v1/releases/${mine}`, { subject: 'Spring release 2' }).expect(200);
    await refused('release', others, () => specialist().patch(`/v1/releases/${others}`, { subject: 'Mine' }), /^A specialist changes only the releases they manage$/);

    const customer = await made('/v1/organizations', { name: 'Access Customer' });
    const project = (manager?: number) => made('/v1/projects', { subject: 'New office', service_id: service, customer_id: customer, justification: 'move', ...(manager ? { manager_id: manager } : {}) });
    const samsProject = await project(sam.id);
    const othersProject = await project();
    await specialist().patch(`/v1/projects/${samsProject}`, { program: 'Offices' }).expect(200);
    await refused('project', othersProject, () => specialist().patch(`/v1/projects/${othersProject}`, { program: 'Mine' }), /^A specialist changes only the projects they manage$/);
    const task = { subject: 'Order desks', category: 'activity', planned_duration: 60 };
    const planned = (await specialist().post(`/v1/projects/${samsProject}/tasks`, task).expect(201)).body.id as number;
    await specialist().patch(`/v1/project_tasks/${planned}`, { planned_duration: 90 }).expect(200);
    await specialist().post(`/v1/projects/${othersProject}/tasks`, task).expect(403);
    const plain = await made(`/v1/projects/${othersProject}/tasks`, task);
    await refused('project_task', plain, () => specialist().patch(`/v1/project_tasks/${plain}`, { planned_duration: 5 }), /^A specialist changes only the project tasks assigned to them, whose team they are in, or of a project they manage/);
    for (const responsible of [{ assignment_ids: [sam.id] }, { team_id: network }]) {
      const id = await made(`/v1/projects/${othersProject}/tasks`, { ...task, ...responsible });
      await specialist().patch(`/v1/project_tasks/${id}`, { planned_duration: 45 }).expect(200);
      await specialist().post(`/v1/project_tasks/${id}/notes`, { text: 'Ordered' }).expect(201);
    }
  });

  it('an agent, the service desk, changes any of it', async () => {
    const agent = as(await tokenFor(h, h.demo.agent.email, ['*:*']));
    const problem = await made('/v1/problems', { subject: 'Printer jams', service_id: service });
    const workflow = await made('/v1/workflows', { subject: 'Move the printer', category: 'standard', justification: 'move', service_id: service });
    const risk = await made('/v1/risks', { subject: 'Paper runs out' });
    await agent.patch(`/v1/problems/${problem}`, { impact: 'low' }).expect(200);
    await agent.patch(`/v1/workflows/${workflow}`, { subject: 'Move the big printer' }).expect(200);
    await agent.post(`/v1/workflows/${workflow}/tasks`, { subject: 'Carry', category: 'implementation', planned_duration: 10 }).expect(201);
    // A risk is the account's shared register: any specialist changes it.
    await specialist().patch(`/v1/risks/${risk}`, { severity: 'low' }).expect(200);
  });
});
