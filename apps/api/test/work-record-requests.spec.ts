import request from 'supertest';
import { API_URL, queuedEvents, startApiHarness, tokenFor, type ApiHarness } from './support/api-harness.js';

/**
 * A request's problem, workflow and project (issue 32): written on create and change, read back
 * as `{id, name, nodeID}` (a workflow, as SPEC.md shows it, `{id, subject, nodeID}`), and the
 * requests of each (`/v1/problems/:id/requests`, `/v1/workflows/:id/requests`,
 * `/v1/projects/:id/requests`) with the requests collection's paging and visibility.
 */
describe('requests linked to a problem, a workflow and a project', () => {
  let h: ApiHarness;
  let service: number;
  let problem: number;
  let workflow: number;
  let project: number;
  let otherProblem: number;
  let dana: string;
  let danaId: number;
  const patch = (path: string, body: object, as?: string) =>
    request(h.app).patch(path).set('Authorization', `Bearer ${as ?? h.demo.admin.token}`).set('X-Service-Account', h.demo.account).send(body);
  const ids = (body: Array<{ id: number }>) => body.map((r) => r.id);

  beforeAll(async () => {
    h = await startApiHarness();
    const team = await h.id('teams', { account_id: h.demo.account, name: 'Service Desk' });
    const provider = (await h.post('/v1/organizations').send({ name: 'Link Provider' }).expect(201)).body.id as number;
    service = (await h.post('/v1/services').send({ name: 'Link Service', provider_id: provider, support_team_id: team }).expect(201)).body.id as number;
    problem = (await h.post('/v1/problems').send({ subject: 'Mail queue stalls', service_id: service }).expect(201)).body.id as number;
    workflow = (await h.post('/v1/workflows').send({ subject: 'Replace the mail relay', category: 'standard', justification: 'maintenance', service_id: service }).expect(201))
      .body.id as number;
    project = (await h.post('/v1/projects').send({ subject: 'New mail platform', service_id: service, customer_id: provider, justification: 'move' }).expect(201)).body
      .id as number;
    // A problem of another account.
    const db = h.test.db;
    await db('accounts').insert({ id: 'other', name: 'Other Corp' });
    const [{ id: otherService }] = await db('services').insert({ account_id: 'other', name: 'Foreign' }).returning('id');
    const [{ id: otherManager }] = await db('people').insert({ account_id: 'other', name: 'Olga Other', primary_email: 'olga@other.example' }).returning('id');
    [{ id: otherProblem }] = await db('problems')
      .insert({ account_id: 'other', subject: 'Elsewhere', service_id: otherService, manager_id: otherManager, impact: 'none', category: 'reactive', status: 'assigned', known_error: false })
      .returning('id');
    danaId = await h.id('people', { primary_email: 'dana@widget.example' });
    dana = await tokenFor(h, 'dana@widget.example', ['request:*', 'problem:Read', 'workflow:Read', 'project:Read']);
  });
  afterAll(() => h.drop());

  it('links a new request to a problem, a workflow and a project and shows them in its answer', async () => {
    const created = await h.post('/v1/requests').send({ subject: 'Mail is late', problem_id: problem, workflow_id: workflow, project_id: project }).expect(201);
    expect(created.body).toMatchObject({
      problem: { id: problem, name: 'Mail queue stalls', nodeID: expect.any(String) },
      workflow: { id: workflow, subject: 'Replace the mail relay', nodeID: expect.any(String) },
      project: { id: project, name: 'New mail platform', nodeID: expect.any(String) },
    });
    const read = await h.get(`/v1/requests/${created.body.id}`).expect(200);
    expect(read.body.problem).toEqual(created.body.problem);
    expect(read.body.workflow).toEqual(created.body.workflow);
    expect(read.body.project).toEqual(created.body.project);
  });

  it('links, moves and unlinks a request by a change, firing one request.update per change and nothing for a change that changes nothing', async () => {
    const id = (await h.post('/v1/requests').send({ subject: 'Relay errors' }).expect(201)).body.id as number;
    expect((await patch(`/v1/requests/${id}`, { problem_id: problem, project_id: project }).expect(200)).body).toMatchObject({
      problem: { id: problem }, workflow: null, project: { id: project },
    });
    expect((await patch(`/v1/requests/${id}`, { problem_id: problem }).expect(200)).body.problem).toMatchObject({ id: problem });
    expect((await patch(`/v1/requests/${id}`, { workflow_id: workflow, project_id: null }).expect(200)).body).toMatchObject({ workflow: { id: workflow }, project: null });
    const events = (await queuedEvents(h, id)).map((job) => job.event).filter((name) => name.startsWith('request.'));
    expect(events).toEqual(['request.create', 'request.update', 'request.update']);
    const audit = await h.test.db('audit_lines').where({ record_type: 'Request', record_id: id, action: 'update' }).orderBy('id').select('changes');
    expect(audit.map((line) => line.changes)).toEqual([
      { problem_id: [null, problem], project_id: [null, project] },
      { workflow_id: [null, workflow], project_id: [project, null] },
    ]);
  });

  it('refuses a record of another account, or none, naming each field, and writes nothing', async () => {
    const id = (await h.post('/v1/requests').send({ subject: 'Unlinked' }).expect(201)).body.id as number;
    const bad = await patch(`/v1/requests/${id}`, { problem_id: otherProblem, workflow_id: 999_999, project_id: 999_999, subject: 'Changed' }).expect(422);
    expect(bad.body).toEqual({
      message: 'Validation Failed',
      errors: [
        ['problem_id', 'Problem id does not match any record'],
        ['workflow_id', 'Workflow id does not match any record'],
        ['project_id', 'Project id does not match any record'],
      ],
    });
    expect((await h.get(`/v1/requests/${id}`).expect(200)).body).toMatchObject({ subject: 'Unlinked', problem: null, workflow: null, project: null });
    const created = await h.post('/v1/requests').send({ subject: 'Bad link', problem_id: otherProblem, project_id: 999_999 }).expect(422);
    expect(created.body.errors).toEqual([['problem_id', 'Problem id does not match any record'], ['project_id', 'Project id does not match any record']]);
    expect(await h.test.db('requests').where({ subject: 'Bad link' }).count('* as n')).toEqual([{ n: 0 }]);
  });

  describe('the requests of a record', () => {
    let linked: number[];
    let danas: number;
    beforeAll(async () => {
      linked = [];
      for (let i = 0; i < 3; i++) linked.push((await h.post('/v1/requests').send({ subject: `Bounce ${i}`, problem_id: problem, workflow_id: workflow }).expect(201)).body.id);
      danas = (await h.post('/v1/requests').send({ subject: 'Dana cannot send', requested_for_id: danaId, problem_id: problem, workflow_id: workflow, project_id: project }).expect(201))
        .body.id;
      linked.push(danas);
      await h.post('/v1/requests').send({ subject: 'Not linked' }).expect(201);
    });

    it.each([
      ['problems', () => problem],
      ['workflows', () => workflow],
    ])('lists the requests of one of the %s with the collection paging', async (path, id) => {
      const all = await h.get(`/v1/${path}/${id()}/requests?per_page=100&sort=id`).expect(200);
      const expected = (await h.get(`/v1/requests?per_page=100&sort=id&${path.slice(0, -1)}_id=${id()}`).expect(200)).body;
      expect(ids(all.body)).toEqual(ids(expected));
      expect(ids(all.body)).toEqual(expect.arrayContaining(linked));
      const page = await h.get(`/v1/${path}/${id()}/requests?per_page=2&page=2&sort=id&fields=subject`).expect(200);
      expect(page.body).toEqual(all.body.slice(2, 4).map((r: { id: number; subject: string; nodeID: string }) => ({ id: r.id, subject: r.subject, nodeID: r.nodeID })));
      expect(page.headers['x-pagination-total-entries']).toBe(String(all.body.length));
      expect(page.headers['link']).toContain(`<${API_URL}/${path}/${id()}/requests?per_page=2&page=1&sort=id&fields=subject>; rel="prev"`);
    });

    it('lists the requests of a project, and filters as the requests collection does', async () => {
      expect(ids((await h.get(`/v1/projects/${project}/requests`).expect(200)).body)).toContain(danas);
      const filtered = await h.get(`/v1/problems/${problem}/requests?id=${linked[1]}`).expect(200);
      expect(filtered.body.map((r: { subject: string }) => r.subject)).toEqual(['Bounce 1']);
      expect((await h.get(`/v1/projects/${project}/requests?bogus=1`).expect(400)).body.message).toEqual(expect.any(String));
    });

    it('shows an end user only the requests they may see in GET /v1/requests', async () => {
      const hers = await h.get(`/v1/problems/${problem}/requests`, dana).expect(200);
      expect(ids(hers.body)).toEqual([danas]);
      expect(hers.headers['x-pagination-total-entries']).toBe('1');
      expect(ids((await h.get(`/v1/workflows/${workflow}/requests`, dana).expect(200)).body)).toEqual([danas]);
    });

    it('answers 404 for a record of another account, none, or no id', async () => {
      await h.get(`/v1/problems/${otherProblem}/requests`).expect(404);
      await h.get('/v1/problems/999999/requests').expect(404);
      await h.get(`/v1/workflows/${problem + workflow + project + 999}/requests`).expect(404);
      await h.get('/v1/projects/abc/requests').expect(404);
    });

    it('needs request:Read and the record\'s Read', async () => {
      const noRequests = await tokenFor(h, h.demo.agent.email, ['problem:Read']);
      await h.get(`/v1/problems/${problem}/requests`, noRequests).expect(403);
      const noProblems = await tokenFor(h, h.demo.agent.email, ['request:Read']);
      await h.get(`/v1/problems/${problem}/requests`, noProblems).expect(403);
    });
  });
});
