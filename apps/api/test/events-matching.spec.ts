import { listQueuedJobs } from '@tessera/persistence';
import request from 'supertest';
import { clearRequests, queuedEvents, startApiHarness, type ApiHarness } from './support/api-harness.js';
import { addMinutes } from './support/time.js';

describe('POST /v1/events — event matching', () => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await startApiHarness();
  });
  afterEach(() => clearRequests(h));
  afterAll(() => h.drop());

  const event = (params: Record<string, string>) => h.post('/v1/events').query(params);
  const nagios = (extra: Record<string, string> = {}) => event({ subject: 'srv-db-01 disk full', ci: 'srv-db-01', source: 'nagios', ...extra });
  const noteTexts = async (id: number) => (await h.get(`/v1/requests/${id}/notes`).expect(200)).body.map((n: { text: string }) => n.text);
  const requestCount = async () => Number((await h.test.db('requests').count({ n: '*' }).first())!.n);

  describe('rules 1 and 2: with a CI', () => {
    it('updates the open request with the same source, service instance and CI instead of creating one', async () => {
      const first = await nagios({ note: 'Disk at 95%' }).expect(201);
      const second = await nagios({ note: 'Disk at 99%' }).expect(200);
      expect(second.body.id).toBe(first.body.id);
      expect(second.body.service_instance).toMatchObject({ name: 'Database Production' });
      expect(await noteTexts(first.body.id)).toEqual(['Disk at 95%', 'Disk at 99%']);
      expect(await requestCount()).toBe(1);
      // Jobs run concurrently, so the queue keeps no order between the events of one change.
      expect((await queuedEvents(h, first.body.id)).map((e) => e.event).sort()).toEqual(['request.create', 'request.note-added', 'request.note-added']);
    });

    it('changes nothing when the note equals an earlier note or is absent', async () => {
      const first = await nagios({ note: 'Disk at 95%' }).expect(201);
      await nagios({ note: 'Disk at 99%' }).expect(200);
      const before = await h.test.db('requests').where({ id: first.body.id }).first('updated_at');
      const jobsBefore = (await queuedEvents(h)).length;
      const same = await nagios({ note: 'Disk at 95%' }).expect(200);
      const none = await nagios().expect(200);
      expect(same.body.id).toBe(first.body.id);
      expect(none.body.id).toBe(first.body.id);
      expect(await noteTexts(first.body.id)).toEqual(['Disk at 95%', 'Disk at 99%']);
      expect((await h.test.db('requests').where({ id: first.body.id }).first('updated_at')).updated_at).toEqual(before.updated_at);
      expect((await queuedEvents(h)).length).toBe(jobsBefore);
      expect(await h.test.db('audit_lines').where({ record_id: first.body.id }).count({ n: '*' }).first()).toEqual({ n: 2 });
    });

    it('takes the service instance from the CI before matching (rule 1), so naming it changes nothing', async () => {
      const first = await nagios().expect(201);
      await nagios({ service_instance: 'Database Production' }).expect(200).expect((res) => expect(res.body.id).toBe(first.body.id));
    });

    it('creates a new request for another source, another service instance or another CI', async () => {
      await nagios().expect(201);
      await nagios({ source: 'zabbix' }).expect(201);
      await nagios({ service_instance: 'E-mail Production' }).expect(201);
      await event({ subject: 'srv-db-01 disk full', ci: 'srv-orphan-01', source: 'nagios' }).expect(201);
      expect(await requestCount()).toBe(4);
    });

    it('matches a CI without a service instance on the CI alone', async () => {
      const first = await event({ subject: 'orphan', ci: 'srv-orphan-01', source: 'nagios' }).expect(201);
      expect(first.body.service_instance).toBeNull();
      const second = await event({ subject: 'orphan again', ci: 'srv-orphan-01', source: 'nagios' }).expect(200);
      expect(second.body.id).toBe(first.body.id);
    });

    it('creates a new request when the open one was created more than 24 hours ago', async () => {
      const old = await nagios().expect(201);
      await h.test.db('requests').where({ id: old.body.id }).update({ created_at: addMinutes(new Date(), -24 * 60 - 1) });
      const fresh = await nagios().expect(201);
      expect(fresh.body.id).not.toBe(old.body.id);
    });

    it('creates a new request when the earlier one is completed', async () => {
      const done = await nagios({ status: 'completed', completion_reason: 'solved' }).expect(201);
      expect((await nagios().expect(201)).body.id).not.toBe(done.body.id);
    });
  });

  describe('rule 3: what an event may change on the matched request', () => {
    it('changes status, team, member, downtimes and waiting_until, and queues their events', async () => {
      const first = await nagios().expect(201);
      const start = '2026-11-20T10:00:00.000Z';
      const end = '2026-11-20T11:30:00.000Z';
      const until = addMinutes(new Date(), 120).toISOString();
      const res = await nagios({
        status: 'waiting_for', team: 'Service Desk', member: 'agent@widget.example', downtime_start_at: start, downtime_end_at: end, waiting_until: until,
      }).expect(200);
      expect(res.body).toMatchObject({
        id: first.body.id, status: 'waiting_for', team: { name: 'Service Desk' }, member: { name: 'Andy Agent' },
        downtime_start_at: start, downtime_end_at: end, waiting_until: until, next_target_at: 'clock_stopped',
      });
      const events = await queuedEvents(h, first.body.id);
      expect(events.map((e) => e.event).sort()).toEqual(['request.create', 'request.member-changed', 'request.status-changed', 'request.team-changed', 'request.update']);
      expect(events.find((e) => e.event === 'request.status-changed')!.payload).toMatchObject({ status: 'waiting_for', previous_status: 'assigned', source: 'nagios' });
      expect(events.find((e) => e.event === 'request.team-changed')!.payload['team']).toMatchObject({ name: 'Service Desk' });
        const waiting = await listQueuedJobs(h.test.db, 'request-waiting-until');
      expect(waiting).toEqual([expect.objectContaining({ key: `request-waiting-until:${first.body.id}`, run_at: new Date(until) })]);
    });

    it('ignores the other parameters: subject, category, impact and requested_for stay', async () => {
      const first = await nagios().expect(201);
      const res = await event({ subject: 'another subject', ci: 'srv-db-01', source: 'nagios', category: 'rfc', impact: 'low', requested_for: 'ellen@widget.example' }).expect(200);
      expect(res.body).toMatchObject({ id: first.body.id, subject: 'srv-db-01 disk full', category: 'incident', impact: 'top', requested_for: { name: 'Alice Admin' } });
    });

    it('completes the matched request with a completion reason, and refuses to complete it without one', async () => {
      const first = await nagios().expect(201);
      const refused = await nagios({ status: 'completed' }).expect(422);
      expect(refused.body.errors).toEqual([['completion_reason', expect.any(String)]]);
      const done = await nagios({ status: 'completed', completion_reason: 'solved' }).expect(200);
      expect(done.body).toMatchObject({ id: first.body.id, status: 'completed', completion_reason: 'solved', resolution_duration: 0 });
    });

    it('e-mails the requested_by person when desired_completion_at is changed and when it is removed', async () => {
      await nagios().expect(201);
      const later = addMinutes(new Date(), 5 * 24 * 60).toISOString();
      expect((await nagios({ desired_completion_at: later }).expect(200)).body.resolution_target_at).toBe(later);
      const removed = await nagios({ desired_completion_at: '' }).expect(200);
      expect(removed.body.desired_completion_at).toBeNull();
        const subjects = (await listQueuedJobs(h.test.db, 'send-mail')).map((j) => j.payload['subject']);
      expect(subjects).toEqual([expect.stringContaining('set'), expect.stringContaining('removed')]);
    });

    it('records an audit line naming the source and source id of each change', async () => {
      const first = await nagios({ source_id: 'n-1' }).expect(201);
      await nagios({ source_id: 'n-2', status: 'in_progress' }).expect(200);
      const lines = await h.test.db('audit_lines').where({ record_id: first.body.id }).orderBy('id').select('action', 'source', 'source_id', 'changes');
      expect(lines.map((l: { action: string; source: string; source_id: string }) => [l.action, l.source, l.source_id])).toEqual([['create', 'nagios', 'n-1'], ['update', 'nagios', 'n-2']]);
      expect(lines[1].changes).toMatchObject({ status: ['assigned', 'in_progress'] });
    });
  });

  describe('rule 4: without a CI', () => {
    const plain = (extra: Record<string, string> = {}) => event({ subject: 'Backup failed', note: 'job 7 exited 1', source: 'veeam', ...extra });

    it('prevents a new request only when subject, note, source and requested_for all equal an open request of the account', async () => {
      const first = await plain().expect(201);
      expect((await plain().expect(200)).body.id).toBe(first.body.id);
      await plain({ note: 'job 8 exited 1' }).expect(201);
      await plain({ subject: 'Backup failed twice' }).expect(201);
      await plain({ source: 'bacula' }).expect(201);
      await plain({ requested_for: 'ellen@widget.example' }).expect(201);
      expect(await requestCount()).toBe(5);
    });

    it('applies the rule 3 changes to the request it matches', async () => {
      const first = await plain().expect(201);
      const res = await plain({ status: 'in_progress' }).expect(200);
      expect(res.body).toMatchObject({ id: first.body.id, status: 'in_progress', member: { name: 'Alice Admin' } });
    });
  });

  it('never creates two requests for 50 identical events sent at once', async () => {
    const calls = Array.from({ length: 50 }, () =>
      request(h.app).post('/v1/events').set('Authorization', `Bearer ${h.demo.admin.token}`).set('X-Service-Account', 'wdc')
        .query({ subject: 'flapping', ci: 'srv-db-01', source: 'storm', note: 'same note' }),
    );
    const statuses = (await Promise.all(calls)).map((res) => res.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(49);
    expect(await requestCount()).toBe(1);
    expect(await h.test.db('notes').count({ n: '*' }).first()).toEqual({ n: 1 });
  });

  it('answers every event of a storm on one key, one bad event among them: the bad one gets its 422, the others are stored', async () => {
    const post = (extra: Record<string, string>) =>
      request(h.app).post('/v1/events').set('Authorization', `Bearer ${h.demo.admin.token}`).set('X-Service-Account', 'wdc')
        .query({ subject: 'storm with a bad event', ci: 'srv-db-01', source: 'storm-bad', ...extra });
    const first = await post({ note: 'reading 0' }).expect(201);
    // The bad event fails inside the shared transaction (completed without a completion reason), after the others queued with it.
    const calls = Array.from({ length: 20 }, (_, i) => (i === 7 ? post({ note: 'reading bad', status: 'completed' }) : post({ note: `reading ${i + 1}` })));
    const answers = await Promise.all(calls);

    expect(answers.map((res) => res.status)).toEqual(answers.map((_, i) => (i === 7 ? 422 : 200)));
    expect(new Set(answers.filter((res) => res.status === 200).map((res) => res.body.id))).toEqual(new Set([first.body.id]));
    const notes = await h.test.db('notes').where({ request_id: first.body.id }).orderBy('id').pluck('text');
    expect(notes).toHaveLength(20);
    expect(notes).not.toContain('reading bad');
    expect((await h.test.db('requests').where({ id: first.body.id }).first('status')).status).not.toBe('completed');
  });

  it('never creates two requests for 50 identical CI-less events sent at once', async () => {
    const calls = Array.from({ length: 50 }, () =>
      request(h.app).post('/v1/events').set('Authorization', `Bearer ${h.demo.admin.token}`).set('X-Service-Account', 'wdc')
        .send({ subject: 'flapping', source: 'storm', note: 'same note' }),
    );
    const statuses = (await Promise.all(calls)).map((res) => res.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(await requestCount()).toBe(1);
  });
});
