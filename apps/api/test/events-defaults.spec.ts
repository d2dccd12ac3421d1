import { listQueuedJobs } from '@tessera/persistence';
import { addMinutes } from './support/time.js';
import { clearRequests, queuedEvents, startApiHarness, tokenFor, type ApiHarness } from './support/api-harness.js';

describe('POST /v1/events — default values for a new request', () => {
  let h: ApiHarness;
  let agentToken: string;
  beforeAll(async () => {
    h = await startApiHarness();
    agentToken = h.demo.agent.token;
  });
  afterEach(() => clearRequests(h));
  afterAll(() => h.drop());

  const event = (params: Record<string, string>, as?: string) => h.post('/v1/events', as).query(params);

  it('with only a subject: category other, no impact, status assigned, the caller as requester, source Event, and the service desk team of the first line support agreement', async () => {
    const res = await event({ subject: 'Printer on fire' }).expect(201);
    expect(res.body).toMatchObject({
      subject: 'Printer on fire', category: 'other', impact: null, status: 'assigned', member: null, service_instance: null,
      requested_by: { name: 'Alice Admin' }, requested_for: { name: 'Alice Admin' }, created_by: { name: 'Alice Admin' },
      organization: { name: 'Widget Data Center' }, source: 'Event', sourceID: null, team: { name: 'Service Desk' },
      grouping: 'none', next_target_at: 'no_target',
    });
    expect(res.body.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
    expect(res.body.feedback.requested_by.satisfied_url).toContain(`/requests/${res.body.id}/`);
  });

  it('relates the first service instance of the CI, makes it an incident with impact top, and gives it the first line team', async () => {
    const res = await event({ subject: 'Disk full', ci: 'srv-db-01' }).expect(201);
    expect(res.body).toMatchObject({
      ci: { name: 'Database server 01' }, service_instance: { name: 'Database Production' }, category: 'incident', impact: 'top',
      team: { name: 'Database Operations' },
    });
  });

  it('gives the support team when the current user belongs to the support team', async () => {
    const res = await event({ subject: 'Disk full', ci: 'srv-db-01' }, agentToken).expect(201);
    expect(res.body.team).toMatchObject({ name: 'Service Desk' });
  });

  it('gives the support team of a service instance without a first line team', async () => {
    const res = await event({ subject: 'Mail is slow', service_instance: 'E-mail Production' }).expect(201);
    expect(res.body).toMatchObject({ service_instance: { name: 'E-mail Production' }, team: { name: 'Service Desk' }, category: 'incident' });
  });

  it('gives the team of the member when a member is given', async () => {
    const res = await event({ subject: 'Slow queries', member: 'dana@widget.example', service_instance: 'E-mail Production' }).expect(201);
    expect(res.body).toMatchObject({ member: { name: 'Dana Database' }, team: { name: 'Database Operations' } });
  });

  it('makes the current user the member when the status requires one and none is given', async () => {
    const res = await event({ subject: 'Investigating', status: 'in_progress' }, agentToken).expect(201);
    expect(res.body).toMatchObject({ status: 'in_progress', member: { name: 'Andy Agent' }, team: { name: 'Service Desk' } });
  });

  it('with a template linked to a workflow template: status workflow_pending, the workflow manager as member, the template values', async () => {
    const templateId = await h.id('templates', { subject: 'Server outage' });
    const res = await event({ subject: 'srv-db-01 is down', template_id: String(templateId) }).expect(201);
    expect(res.body).toMatchObject({
      template: { id: templateId, name: 'Server outage' }, status: 'workflow_pending', member: { name: 'Wes Workflow' },
      category: 'incident', impact: 'high',
    });
  });

  it('lets values given in the call override the template values', async () => {
    const templateId = await h.id('templates', { subject: 'Server outage' });
    const res = await event({ subject: 'srv-db-01 is down', template_id: String(templateId), status: 'assigned', impact: 'low', member: 'dana@widget.example' }).expect(201);
    expect(res.body).toMatchObject({ status: 'assigned', impact: 'low', member: { name: 'Dana Database' }, team: { name: 'Database Operations' } });
  });

  it('uses the requested_for person for the organization, the first line support agreement and the SLA', async () => {
    const res = await event({ subject: 'Cannot log in', requested_for: 'ellen@widget.example', ci: 'srv-db-01' }, agentToken).expect(201);
    expect(res.body).toMatchObject({ requested_for: { name: 'Ellen Enduser' }, requested_by: { name: 'Andy Agent' }, organization: { name: 'Widget International' } });
    const created = new Date(res.body.created_at);
    expect(Math.abs(new Date(res.body.resolution_target_at).getTime() - addMinutes(created, 480).getTime())).toBeLessThan(2000);
    expect(Math.abs(new Date(res.body.response_target_at).getTime() - addMinutes(created, 60).getTime())).toBeLessThan(2000);
    expect(res.body.next_target_at).toBe(res.body.resolution_target_at);
  });

  it('lets a later desired_completion_at override the SLA resolution target, and e-mails the requested_by person', async () => {
    const desired = addMinutes(new Date(), 3 * 24 * 60).toISOString();
    const res = await event({ subject: 'Migrate', requested_for: 'ellen@widget.example', ci: 'srv-db-01', desired_completion_at: desired }).expect(201);
    expect(res.body.desired_completion_at).toBe(desired);
    expect(res.body.resolution_target_at).toBe(desired);
    const mails = await listQueuedJobs(h.test.db, 'send-mail');
    expect(mails.map((m) => m.payload)).toEqual([expect.objectContaining({ to: 'admin@widget.example', subject: expect.stringContaining('desired completion set') })]);
  });

  it('keeps the SLA resolution target when desired_completion_at is earlier', async () => {
    const desired = addMinutes(new Date(), 60).toISOString();
    const res = await event({ subject: 'Quick fix', requested_for: 'ellen@widget.example', ci: 'srv-db-01', desired_completion_at: desired }).expect(201);
    expect(new Date(res.body.resolution_target_at).getTime()).toBeGreaterThan(new Date(desired).getTime());
  });

  it('replaces an invalid team by the default team, and uses a valid one', async () => {
    const invalid = await event({ subject: 'Wrong team', team: 'No Such Team', ci: 'srv-db-01' }).expect(201);
    expect(invalid.body.team).toMatchObject({ name: 'Database Operations' });
    const invalidId = await event({ subject: 'Wrong team id', team_id: '999999' }).expect(201);
    expect(invalidId.body.team).toMatchObject({ name: 'Service Desk' });
    const valid = await event({ subject: 'Right team', team: 'Database Operations' }).expect(201);
    expect(valid.body.team).toMatchObject({ name: 'Database Operations' });
  });

  it('finds a software CI by name, and CIs by id and by source id', async () => {
    expect((await event({ subject: 'PG', ci: 'PostgreSQL 16' }).expect(201)).body.ci).toMatchObject({ name: 'PostgreSQL 16' });
    const ciId = await h.id('configuration_items', { label: 'srv-db-01' });
    expect((await event({ subject: 'by id', ci_id: String(ciId), source: 'a' }).expect(201)).body.ci.id).toBe(ciId);
    expect((await event({ subject: 'by source id', ci_source: 'nagios', ci_sourceID: 'host-17', source: 'b' }).expect(201)).body.ci.id).toBe(ciId);
    expect((await event({ subject: 'by source id alone', ci_sourceID: 'host-17', source: 'c' }).expect(201)).body.ci.id).toBe(ciId);
  });

  it('sets supplier, supplier_requestID, problem, workflow, source and sourceID as given', async () => {
    const problemId = await h.id('problems', { subject: 'Database failover is slow' });
    const workflowId = await h.id('workflows', { subject: 'Replace srv-db-01 disks' });
    const res = await event({
      subject: 'Linked', supplier: 'Acme Hosting', supplier_requestID: 'ACME-42', problem_id: String(problemId), workflow_id: String(workflowId),
      source: 'zabbix', sourceID: 'evt-9',
    }).expect(201);
    expect(res.body).toMatchObject({
      supplier: { name: 'Acme Hosting' }, supplier_requestID: 'ACME-42', problem: { id: problemId, name: 'Database failover is slow' },
      workflow: { id: workflowId, subject: 'Replace srv-db-01 disks' }, source: 'zabbix', sourceID: 'evt-9',
    });
  });

  it('completes a request with its completion reason', async () => {
    const res = await event({ subject: 'Already fixed', status: 'completed', completion_reason: 'solved' }).expect(201);
    expect(res.body).toMatchObject({ status: 'completed', completion_reason: 'solved', next_target_at: 'no_target' });
    expect(res.body.completed_at).not.toBeNull();
  });

  it('adds the note and the internal note, and queues request.create', async () => {
    const res = await event({ subject: 'With notes', note: 'Seen by monitoring', internal_note: 'Check the RAID controller' }).expect(201);
    const notes = await h.get(`/v1/requests/${res.body.id}/notes`).expect(200);
    expect(notes.body.map((n: { text: string; internal: boolean }) => [n.text, n.internal])).toEqual([['Seen by monitoring', false], ['Check the RAID controller', true]]);
    expect((await queuedEvents(h, res.body.id)).map((e) => e.event)).toContain('request.create');
  });

  describe('support_domain', () => {
    it('is required when the caller is a person of a directory account', async () => {
      const ellen = await tokenFor(h, 'ellen@widget.example', ['request:*']);
      const res = await event({ subject: 'From the directory' }, ellen).expect(422);
      expect(res.body.errors).toEqual([['support_domain', expect.stringContaining('directory account')]]);
    });

    it('registers the request in the named support domain', async () => {
      const ellen = await tokenFor(h, 'ellen@widget.example', ['request:*']);
      const res = await event({ subject: 'From the directory', support_domain: 'wdc' }, ellen).expect(201);
      expect(res.body.requested_by).toMatchObject({ name: 'Ellen Enduser' });
      expect((await h.test.db('requests').where({ id: res.body.id }).first('account_id')).account_id).toBe('wdc');
    });

    it('refuses an account the caller cannot register in', async () => {
      const res = await event({ subject: 'Elsewhere', support_domain: 'widget' }).expect(422);
      expect(res.body.errors[0][0]).toBe('support_domain');
    });
  });
});
