import request from 'supertest';
import { adminCalls, startApiHarness, tokenFor, type ApiHarness } from './support/api-harness.js';

/**
 * Workflows, their tasks and releases (issue 32, docs/decisions/051): what the record contract
 * does not cover — tasks created under their workflow, a workflow started assigning the tasks
 * that wait on none, finished tasks assigning their successors, the workflow's status following
 * its tasks and the release's its workflows, each derived move firing the record's own events,
 * and the transitions and predecessors refused.
 */
describe('workflows, tasks and releases', () => {
  let h: ApiHarness;
  let service: number;
  const { send, get, events, statusOf } = adminCalls(() => h);
  const task = (workflow: number, body: object) => send('post', `/v1/workflows/${workflow}/tasks`, { category: 'implementation', planned_duration: 30, ...body });

  beforeAll(async () => {
    h = await startApiHarness();
    const provider = (await h.post('/v1/organizations').send({ name: 'Workflow Provider' }).expect(201)).body.id as number;
    service = (await h.post('/v1/services').send({ name: 'Workflow Service', provider_id: provider }).expect(201)).body.id as number;
  });
  afterAll(() => h.drop());

  const newWorkflow = async (body: object = {}) =>
    (await h.post('/v1/workflows').send({ subject: 'Replace the disks', category: 'standard', justification: 'maintenance', service_id: service, ...body }).expect(201)).body;

  it('plans tasks on a workflow not started, starts it, and works it through: successors once all their predecessors finish', async () => {
    const workflow = await newWorkflow({ start_at: null });
    expect(workflow).toMatchObject({ status: 'registered', start_at: null, completion_reason: null, impact: null });
    const first = (await task(workflow.id, { subject: 'Back up' }).expect(201)).body;
    expect(first).toMatchObject({ status: 'registered', workflow: { id: workflow.id } });
    const left = (await task(workflow.id, { subject: 'Left', predecessor_ids: [first.id], impact: 'high' }).expect(201)).body;
    const right = (await task(workflow.id, { subject: 'Right', predecessor_ids: [first.id] }).expect(201)).body;
    const last = (await task(workflow.id, { subject: 'Verify', predecessor_ids: [left.id, right.id] }).expect(201)).body;
    expect((await get(`/v1/workflows/${workflow.id}`).expect(200)).body).toMatchObject({ status: 'registered', impact: 'high' });

    await send('patch', `/v1/workflows/${workflow.id}`, { start_at: new Date(Date.now() - 1000).toISOString() }).expect(200);
    expect(await statusOf(`/v1/tasks/${first.id}`)).toBe('assigned');
    expect(await statusOf(`/v1/tasks/${left.id}`)).toBe('registered');
    expect(await statusOf(`/v1/workflows/${workflow.id}`)).toBe('in_progress');

    await send('patch', `/v1/tasks/${first.id}`, { status: 'completed' }).expect(200);
    expect([await statusOf(`/v1/tasks/${left.id}`), await statusOf(`/v1/tasks/${right.id}`)]).toEqual(['assigned', 'assigned']);
    await send('patch', `/v1/tasks/${left.id}`, { status: 'completed' }).expect(200);
    expect(await statusOf(`/v1/tasks/${last.id}`)).toBe('registered');
    await send('patch', `/v1/tasks/${right.id}`, { status: 'canceled' }).expect(200);
    expect(await statusOf(`/v1/tasks/${last.id}`)).toBe('assigned');
    const done = await send('patch', `/v1/tasks/${last.id}`, { status: 'completed' }).expect(200);
    expect(Date.parse(done.body.finished_at)).toBeGreaterThan(Date.now() - 60_000);
    const finished = (await get(`/v1/workflows/${workflow.id}`).expect(200)).body;
    expect(finished).toMatchObject({ status: 'completed', completion_reason: 'complete' });
    expect(Date.parse(finished.completed_at)).toBeGreaterThan(Date.now() - 60_000);

    const statusMoves = (await events('workflow', workflow.id)).filter(([name]) => name === 'workflow.status-changed').map(([, payload]) => payload);
    expect(statusMoves).toEqual([
      expect.objectContaining({ status: 'in_progress', previous_status: 'registered', source: 'Tessera' }),
      expect.objectContaining({ status: 'completed', previous_status: 'in_progress', source: 'Tessera' }),
    ]);
    expect((await events('task', left.id)).map(([name]) => name).sort()).toEqual(['task.create', 'task.status-changed', 'task.status-changed', 'task.update', 'task.update']);
    const listed = await get(`/v1/workflows/${workflow.id}/tasks?fields=subject,status`).expect(200);
    expect(listed.body.map((row: { subject: string }) => row.subject)).toEqual(['Back up', 'Left', 'Right', 'Verify']);
  });

  it('assigns a task waiting on two once both finish at the same moment, with the workflow changed meanwhile: no lost update, no deadlock', async () => {
    for (let round = 0; round < 8; round += 1) {
      const workflow = await newWorkflow();
      const a = (await task(workflow.id, { subject: 'A' }).expect(201)).body;
      const b = (await task(workflow.id, { subject: 'B' }).expect(201)).body;
      const c = (await task(workflow.id, { subject: 'C', predecessor_ids: [a.id, b.id] }).expect(201)).body;
      const answers = await Promise.all([
        send('patch', `/v1/tasks/${a.id}`, { status: 'completed' }),
        send('patch', `/v1/tasks/${b.id}`, { status: 'completed' }),
        send('patch', `/v1/workflows/${workflow.id}`, { subject: `Round ${round}`, start_at: new Date(Date.now() - 60_000).toISOString() }),
        send('patch', `/v1/tasks/${c.id}`, { impact: 'low' }),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
      expect(await statusOf(`/v1/tasks/${c.id}`)).toBe('assigned');
      expect(await statusOf(`/v1/workflows/${workflow.id}`)).toBe('in_progress');
    }
  });

  it('assigns a task at once on a started workflow, and halts the workflow while a task has failed', async () => {
    const workflow = await newWorkflow();
    expect(Date.parse(workflow.start_at)).toBeLessThanOrEqual(Date.now());
    const only = (await task(workflow.id, { subject: 'Only' }).expect(201)).body;
    expect(only.status).toBe('assigned');
    expect(await statusOf(`/v1/workflows/${workflow.id}`)).toBe('in_progress');
    await send('patch', `/v1/tasks/${only.id}`, { status: 'failed' }).expect(200);
    expect(await statusOf(`/v1/workflows/${workflow.id}`)).toBe('progress_halted');
    await send('patch', `/v1/tasks/${only.id}`, { status: 'in_progress' }).expect(200);
    expect(await statusOf(`/v1/workflows/${workflow.id}`)).toBe('in_progress');
  });

  it('refuses transitions that make no sense and predecessors out of the plan, writing nothing', async () => {
    const workflow = await newWorkflow({ start_at: null });
    const other = await newWorkflow({ start_at: null });
    const a = (await task(workflow.id, { subject: 'A' }).expect(201)).body;
    const b = (await task(workflow.id, { subject: 'B', predecessor_ids: [a.id] }).expect(201)).body;
    const stranger = (await task(other.id, { subject: 'Stranger' }).expect(201)).body;
    const cycle = await send('patch', `/v1/tasks/${a.id}`, { predecessor_ids: [b.id] }).expect(422);
    expect(cycle.body.errors).toEqual([['predecessor_ids', 'Predecessors: the task would wait on itself']]);
    const foreign = await send('patch', `/v1/tasks/${b.id}`, { predecessor_ids: [stranger.id] }).expect(422);
    expect(foreign.body.errors).toEqual([['predecessor_ids', `Predecessors: not tasks of the same workflow: ${stranger.id}`]]);
    expect((await get(`/v1/tasks/${b.id}`).expect(200)).body.predecessors.map((p: { id: number }) => p.id)).toEqual([a.id]);

    await send('patch', `/v1/tasks/${a.id}`, { status: 'completed' }).expect(200);
    const back = await send('patch', `/v1/tasks/${a.id}`, { status: 'registered' }).expect(422);
    expect(back.body.errors).toEqual([['status', 'Status: a task that has left registered does not return to it']]);
    expect((await send('patch', `/v1/tasks/${b.id}`, { status: 'approved' }).expect(422)).body.errors).toEqual([['status', 'Status: only an approval task is approved']]);
    await send('patch', `/v1/workflows/${workflow.id}`, { status: 'completed' }).expect(422);
    await send('post', '/v1/tasks', { workflow_id: workflow.id, subject: 'Top level', category: 'implementation', planned_duration: 1 }).expect(404);
    await task(999_999, { subject: 'Nowhere' }).expect(404);
    const missing = await send('post', `/v1/workflows/${workflow.id}/tasks`, {}).expect(422);
    expect(missing.body.errors.map(([field]: [string]) => field)).toEqual(['subject', 'category', 'planned_duration']);
  });

  it('approves an approval task once enough approvers approved, rejects it at the first rejection, and lets only its approvers decide', async () => {
    const adminId = (await h.test.db('people').where({ primary_email: h.demo.admin.email }).first('id')).id as number;
    const agentId = (await h.test.db('people').where({ primary_email: h.demo.agent.email }).first('id')).id as number;
    const agent = `Bearer ${await tokenFor(h, h.demo.agent.email, ['task:*'])}`;
    const decide = (id: number, status: string, authorization = `Bearer ${h.demo.admin.token}`) =>
      request(h.app).post(`/v1/tasks/${id}/approvals`).set('Authorization', authorization).set('X-Service-Account', h.demo.account).send({ status });
    const workflow = await newWorkflow();
    const short = await task(workflow.id, { subject: 'CAB', category: 'approval', approver_ids: [adminId], required_approvals: 2 }).expect(422);
    expect(short.body.errors).toEqual([['approver_ids', 'Approvers: an approval task needs at least 2, its required approvals']]);
    const approval = (await task(workflow.id, { subject: 'CAB', category: 'approval', approver_ids: [adminId, agentId], required_approvals: 2 }).expect(201)).body;
    const after = (await task(workflow.id, { subject: 'Implement', predecessor_ids: [approval.id] }).expect(201)).body;
    expect(approval.status).toBe('assigned');

    const first = await decide(approval.id, 'approved').expect(200);
    expect(first.body).toEqual([
      { approver: { id: adminId, name: expect.any(String) }, status: 'approved', decided_at: expect.any(String) },
      { approver: { id: agentId, name: expect.any(String) }, status: 'pending', decided_at: null },
    ]);
    expect(await statusOf(`/v1/tasks/${approval.id}`)).toBe('assigned');
    expect((await decide(approval.id, 'rejected').expect(422)).body.errors).toEqual([['status', 'Status: you have decided on the task already']]);
    await decide(approval.id, 'approved', agent).expect(200);
    expect(await statusOf(`/v1/tasks/${approval.id}`)).toBe('approved');
    expect(await statusOf(`/v1/tasks/${after.id}`)).toBe('assigned');
    expect((await events('task', approval.id)).filter(([name]) => name === 'task.status-changed').map(([, payload]) => payload))
      .toEqual([
        expect.objectContaining({ status: 'assigned', previous_status: 'registered', source: 'Tessera' }),
        // Approved by the approver whose approval reached the count, not by the service.
        expect.objectContaining({ status: 'approved', previous_status: 'assigned', source: null }),
      ]);

    const other = (await task(workflow.id, { subject: 'Second look', category: 'approval', approver_ids: [agentId] }).expect(201)).body;
    await decide(other.id, 'approved').expect(403);
    expect((await decide(other.id, 'maybe', agent).expect(422)).body.errors[0][0]).toBe('status');
    await decide(other.id, 'rejected', agent).expect(200);
    expect(await statusOf(`/v1/tasks/${other.id}`)).toBe('rejected');
    expect(await statusOf(`/v1/workflows/${workflow.id}`)).toBe('progress_halted');
    await decide(after.id, 'approved').expect(403);
    await decide(999_999, 'approved').expect(404);
  });

  it('moves a release with its workflows, firing release.update made by the service', async () => {
    const release = (await h.post('/v1/releases').send({ subject: 'November release' }).expect(201)).body;
    expect(release).toMatchObject({ status: 'registered', impact: null });
    const one = await newWorkflow({ release_id: release.id });
    const two = await newWorkflow({ release_id: release.id, start_at: null });
    const t1 = (await task(one.id, { subject: 'One', impact: 'medium' }).expect(201)).body;
    expect((await get(`/v1/releases/${release.id}`).expect(200)).body).toMatchObject({ status: 'in_progress', impact: 'medium' });
    await send('patch', `/v1/tasks/${t1.id}`, { status: 'completed' }).expect(200);
    expect(await statusOf(`/v1/releases/${release.id}`)).toBe('in_progress');
    await send('patch', `/v1/workflows/${two.id}`, { release_id: null }).expect(200);
    const completed = (await get(`/v1/releases/${release.id}`).expect(200)).body;
    expect(completed.status).toBe('completed');
    const listed = await get(`/v1/releases/${release.id}/workflows`).expect(200);
    expect(listed.body.map((row: { id: number }) => row.id)).toEqual([one.id]);
    expect((await events('release', release.id)).map(([name]) => name)).toEqual(['release.create', 'release.update', 'release.update']);
  });
});
