import { adminCalls, startApiHarness, type ApiHarness } from './support/api-harness.js';

/**
 * Projects and their project tasks (issue 32, docs/decisions/050): what the record contract does
 * not cover — project tasks created under their project, assigned at once since a project starts
 * when it is created, finished project tasks assigning their successors, the project's status
 * following its tasks with the project's own events, and the transitions and predecessors refused.
 */
describe('projects and project tasks', () => {
  let h: ApiHarness;
  let service: number;
  let customer: number;
  let adminId: number;
  let agentId: number;
  const { send, get, events, statusOf } = adminCalls(() => h);
  const task = (project: number, body: object) => send('post', `/v1/projects/${project}/tasks`, { category: 'activity', planned_duration: 60, ...body });

  beforeAll(async () => {
    h = await startApiHarness();
    const personId = async (email: string) => (await h.test.db('people').where({ primary_email: email }).first('id')).id as number;
    adminId = await personId(h.demo.admin.email);
    agentId = await personId(h.demo.agent.email);
    const provider = (await h.post('/v1/organizations').send({ name: 'Project Provider' }).expect(201)).body.id as number;
    customer = (await h.post('/v1/organizations').send({ name: 'Project Customer' }).expect(201)).body.id as number;
    service = (await h.post('/v1/services').send({ name: 'Project Service', provider_id: provider }).expect(201)).body.id as number;
  });
  afterAll(() => h.drop());

  const newProject = async (body: object = {}) =>
    (await h.post('/v1/projects').send({ subject: 'Move the data centre', service_id: service, customer_id: customer, justification: 'move', ...body }).expect(201)).body;

  it('starts when created: assigns project tasks that wait on none at once, successors once all their predecessors finish, and completes', async () => {
    const project = await newProject({ program: 'Consolidation', time_zone: 'Europe/Amsterdam' });
    expect(project).toMatchObject({
      status: 'registered', completion_reason: null, completed_at: null, program: 'Consolidation', time_zone: 'Europe/Amsterdam',
      service: { id: service }, customer: { id: customer }, manager: { id: adminId },
    });
    const first = (await task(project.id, { subject: 'Inventory' }).expect(201)).body;
    expect(first).toMatchObject({ status: 'assigned', project: { id: project.id }, required_approvals: 1, finished_at: null });
    expect(await statusOf(`/v1/projects/${project.id}`)).toBe('in_progress');
    const left = (await task(project.id, { subject: 'Left', predecessor_ids: [first.id] }).expect(201)).body;
    const right = (await task(project.id, { subject: 'Right', predecessor_ids: [first.id], category: 'approval', assignment_ids: [adminId] }).expect(201)).body;
    const last = (await task(project.id, { subject: 'Go live', category: 'milestone', predecessor_ids: [left.id, right.id], deadline: '2027-01-15T09:00:00Z' }).expect(201)).body;
    expect([left.status, right.status, last.status]).toEqual(['registered', 'registered', 'registered']);
    expect(right.assignments.map((person: { id: number }) => person.id)).toEqual([adminId]);
    expect(last.deadline).toBe('2027-01-15T09:00:00.000Z');

    await send('patch', `/v1/project_tasks/${first.id}`, { status: 'completed' }).expect(200);
    expect([await statusOf(`/v1/project_tasks/${left.id}`), await statusOf(`/v1/project_tasks/${right.id}`)]).toEqual(['assigned', 'assigned']);
    await send('patch', `/v1/project_tasks/${left.id}`, { status: 'completed' }).expect(200);
    expect(await statusOf(`/v1/project_tasks/${last.id}`)).toBe('registered');
    // Approved by the person it is assigned to, not by hand.
    await send('patch', `/v1/project_tasks/${right.id}`, { status: 'approved' }).expect(422);
    const decided = await send('post', `/v1/project_tasks/${right.id}/approvals`, { status: 'approved' }).expect(200);
    expect(decided.body).toEqual([{ approver: { id: adminId, name: expect.any(String) }, status: 'approved', decided_at: expect.any(String) }]);
    expect(await statusOf(`/v1/project_tasks/${right.id}`)).toBe('approved');
    expect(await statusOf(`/v1/project_tasks/${last.id}`)).toBe('assigned');
    expect(await statusOf(`/v1/projects/${project.id}`)).toBe('in_progress');
    const done = await send('patch', `/v1/project_tasks/${last.id}`, { status: 'completed' }).expect(200);
    expect(Date.parse(done.body.finished_at)).toBeGreaterThan(Date.now() - 60_000);
    const finished = (await get(`/v1/projects/${project.id}`).expect(200)).body;
    expect(finished).toMatchObject({ status: 'completed', completion_reason: 'complete' });
    expect(Date.parse(finished.completed_at)).toBeGreaterThan(Date.now() - 60_000);

    const projectEvents = await events('project', project.id);
    expect(projectEvents.map(([name]) => name)).toEqual(['project.create', 'project.update', 'project.status-changed', 'project.update', 'project.status-changed']);
    expect(projectEvents.filter(([name]) => name === 'project.status-changed').map(([, payload]) => payload)).toEqual([
      expect.objectContaining({ status: 'in_progress', previous_status: 'registered', source: 'Tessera' }),
      expect.objectContaining({ status: 'completed', previous_status: 'in_progress', source: 'Tessera' }),
    ]);
    const leftEvents = await events('project_task', left.id);
    expect(leftEvents.map(([name]) => name).sort()).toEqual(['project_task.create', 'project_task.status-changed', 'project_task.status-changed', 'project_task.update', 'project_task.update']);
    expect(leftEvents.filter(([name]) => name === 'project_task.status-changed').map(([, payload]) => payload)).toEqual([
      expect.objectContaining({ status: 'assigned', previous_status: 'registered', source: 'Tessera' }),
      expect.objectContaining({ status: 'completed', previous_status: 'assigned' }),
    ]);
    const listed = await get(`/v1/projects/${project.id}/tasks?fields=subject,status`).expect(200);
    expect(listed.body.map((row: { subject: string; status: string }) => [row.subject, row.status])).toEqual([
      ['Inventory', 'completed'], ['Left', 'completed'], ['Right', 'approved'], ['Go live', 'completed'],
    ]);
  });

  it('halts the project while a project task has failed, and moves it on once the task is taken up again', async () => {
    const project = await newProject();
    const only = (await task(project.id, { subject: 'Only' }).expect(201)).body;
    await send('patch', `/v1/project_tasks/${only.id}`, { status: 'failed' }).expect(200);
    expect(await statusOf(`/v1/projects/${project.id}`)).toBe('progress_halted');
    await send('patch', `/v1/project_tasks/${only.id}`, { status: 'in_progress' }).expect(200);
    expect(await statusOf(`/v1/projects/${project.id}`)).toBe('in_progress');
    await send('patch', `/v1/projects/${project.id}`, { manager_id: agentId }).expect(200);
    const names = (await events('project', project.id)).map(([name]) => name);
    expect(names).toEqual([
      'project.create', 'project.update', 'project.status-changed', 'project.update', 'project.status-changed',
      'project.update', 'project.status-changed', 'project.update', 'project.manager-changed',
    ]);
  });

  it('refuses transitions that make no sense and predecessors out of the project, writing nothing', async () => {
    const project = await newProject();
    const other = await newProject();
    const a = (await task(project.id, { subject: 'A' }).expect(201)).body;
    const b = (await task(project.id, { subject: 'B', predecessor_ids: [a.id] }).expect(201)).body;
    const stranger = (await task(other.id, { subject: 'Stranger' }).expect(201)).body;
    const cycle = await send('patch', `/v1/project_tasks/${a.id}`, { predecessor_ids: [b.id] }).expect(422);
    expect(cycle.body.errors).toEqual([['predecessor_ids', 'Predecessors: the project task would wait on itself']]);
    const foreign = await send('patch', `/v1/project_tasks/${b.id}`, { predecessor_ids: [stranger.id] }).expect(422);
    expect(foreign.body.errors).toEqual([['predecessor_ids', `Predecessors: not project tasks of the same project: ${stranger.id}`]]);
    const created = await task(project.id, { subject: 'C', predecessor_ids: [stranger.id] }).expect(422);
    expect(created.body.errors).toEqual([['predecessor_ids', `Predecessors: not project tasks of the same project: ${stranger.id}`]]);
    expect((await get(`/v1/projects/${project.id}/tasks`).expect(200)).body.map((row: { id: number }) => row.id)).toEqual([a.id, b.id]);
    expect((await get(`/v1/project_tasks/${b.id}`).expect(200)).body.predecessors.map((p: { id: number }) => p.id)).toEqual([a.id]);

    await send('patch', `/v1/project_tasks/${a.id}`, { status: 'completed' }).expect(200);
    const back = await send('patch', `/v1/project_tasks/${a.id}`, { status: 'registered' }).expect(422);
    expect(back.body.errors).toEqual([['status', 'Status: a project task that has left registered does not return to it']]);
    expect((await send('patch', `/v1/project_tasks/${b.id}`, { status: 'approved' }).expect(422)).body.errors).toEqual([['status', 'Status: only an approval project task is approved']]);
    expect((await task(project.id, { subject: 'Sign off', category: 'approval' }).expect(422)).body.errors).toEqual([
      ['assignment_ids', 'Assignments: an approval project task needs at least 1, its required approvals'],
    ]);
    const approval = (await task(project.id, { subject: 'Sign off', category: 'approval', assignment_ids: [adminId] }).expect(201)).body;
    expect((await send('patch', `/v1/project_tasks/${approval.id}`, { status: 'completed' }).expect(422)).body.errors).toEqual([
      ['status', 'Status: an approval project task is not completed; its approvers approve or reject it'],
    ]);
    await send('post', `/v1/project_tasks/${b.id}/approvals`, { status: 'approved' }).expect(403);
    expect((await send('patch', `/v1/project_tasks/${b.id}`, { status: 'request_pending' }).expect(422)).body.errors.map(([field]: [string]) => field)).toEqual(['status']);
    expect(await statusOf(`/v1/project_tasks/${b.id}`)).toBe('assigned');

    await send('patch', `/v1/projects/${project.id}`, { status: 'completed' }).expect(422);
    await send('post', '/v1/project_tasks', { project_id: project.id, subject: 'Top level', category: 'activity', planned_duration: 1 }).expect(404);
    await task(999_999, { subject: 'Nowhere' }).expect(404);
    const missing = await send('post', `/v1/projects/${project.id}/tasks`, {}).expect(422);
    expect(missing.body.errors.map(([field]: [string]) => field)).toEqual(['subject', 'category', 'planned_duration']);
    const bad = await h.post('/v1/projects').send({ subject: 'Bad', time_zone: 'Mars/Olympus', justification: 'purchase' }).expect(422);
    expect(bad.body.errors.map(([field]: [string]) => field)).toEqual(['service_id', 'customer_id', 'justification', 'time_zone']);
    expect((await get(`/v1/projects/${project.id}`).expect(200)).body.status).toBe('in_progress');
  });
});
