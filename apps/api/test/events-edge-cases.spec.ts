import { releaseWaitingRequest } from '@tessera/domain';
import { createUnitOfWork, listQueuedJobs } from '@tessera/persistence';
import { clearRequests, startApiHarness, type ApiHarness } from './support/api-harness.js';

describe('POST /v1/events — edge cases', () => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await startApiHarness();
  });
  afterEach(() => clearRequests(h));
  afterAll(() => h.drop());

  const event = (params: Record<string, string>) => h.post('/v1/events').query(params);

  describe('waiting_until is released whatever the order of changes', () => {
    /** What the worker does when a request-waiting-until job is due: run it, and drop it from the queue. */
    async function runDueWaitingJobs(): Promise<string[]> {
      const outcomes: string[] = [];
      for (const job of await listQueuedJobs(h.test.db, 'request-waiting-until')) {
        if (job.run_at.getTime() > Date.now()) continue;
        outcomes.push(await releaseWaitingRequest(job.payload as { account_id: string; request_id: number }, createUnitOfWork(h.test.db)));
        await h.test.db('graphile_worker._private_jobs').where({ key: job.key }).delete();
      }
      return outcomes;
    }

    it('releases a request that becomes waiting_for after its waiting_until has passed', async () => {
      const until = new Date(Date.now() - 5_000).toISOString();
      const created = await event({ subject: 'Backup late', ci: 'srv-db-01', waiting_until: until }).expect(201);
      expect(created.body.status).toBe('assigned');
      // Whatever the worker finds due now, the request is not waiting for anything yet.
      expect(await runDueWaitingJobs()).not.toContain('released');

      const waiting = await event({ subject: 'Backup late', ci: 'srv-db-01', status: 'waiting_for' }).expect(200);
      expect(waiting.body).toMatchObject({ id: created.body.id, status: 'waiting_for' });
      expect(await runDueWaitingJobs()).toEqual(['released']);
      expect((await h.get(`/v1/requests/${created.body.id}`).expect(200)).body).toMatchObject({ status: 'assigned', waiting_until: null });
    });

    it('schedules the release at waiting_until when the status changes to waiting_for with a future waiting_until', async () => {
      const until = new Date(Date.now() + 3600_000);
      const created = await event({ subject: 'Vendor call', ci: 'srv-db-01', waiting_until: until.toISOString() }).expect(201);
      await h.test.db('graphile_worker._private_jobs').delete();
      await event({ subject: 'Vendor call', ci: 'srv-db-01', status: 'waiting_for' }).expect(200);
      const jobs = await listQueuedJobs(h.test.db, 'request-waiting-until');
      expect(jobs).toEqual([expect.objectContaining({ payload: { account_id: 'wdc', request_id: created.body.id } })]);
      expect(jobs[0]!.run_at.getTime()).toBe(until.getTime());
    });
  });

  describe('rules that hold on create hold on a matched update', () => {
    it('refuses a matched update that makes downtime_end_at earlier than the stored downtime_start_at, and changes nothing', async () => {
      const created = await event({ subject: 'Outage', ci: 'srv-db-01', downtime_start_at: '2026-11-20T10:00:00Z' }).expect(201);
      const res = await event({ subject: 'Outage', ci: 'srv-db-01', downtime_end_at: '2026-11-20T09:00:00Z' }).expect(422);
      expect(res.body.errors).toEqual([['downtime_end_at', expect.any(String)]]);
      const stored = (await h.get(`/v1/requests/${created.body.id}`).expect(200)).body;
      expect(stored.downtime_end_at).toBeNull();
    });

    it('refuses a matched update that moves downtime_start_at after the stored downtime_end_at', async () => {
      await event({ subject: 'Outage', ci: 'srv-db-01', downtime_start_at: '2026-11-20T10:00:00Z', downtime_end_at: '2026-11-20T11:00:00Z' }).expect(201);
      const res = await event({ subject: 'Outage', ci: 'srv-db-01', downtime_start_at: '2026-11-20T12:00:00Z' }).expect(422);
      expect(res.body.errors).toEqual([['downtime_end_at', expect.any(String)]]);
    });

    it('accepts a matched update that moves both ends consistently', async () => {
      await event({ subject: 'Outage', ci: 'srv-db-01', downtime_start_at: '2026-11-20T10:00:00Z', downtime_end_at: '2026-11-20T11:00:00Z' }).expect(201);
      await event({ subject: 'Outage', ci: 'srv-db-01', downtime_start_at: '2026-11-20T12:00:00Z', downtime_end_at: '2026-11-20T13:00:00Z' }).expect(200);
    });
  });

  describe('datetimes outside 1900-01-01T00:00:00Z … 9999-12-31T23:59:59Z are refused', () => {
    it.each([
      ['desired_completion_at', '0000-01-01'],
      ['desired_completion_at', '1899-12-31T23:59:59Z'],
      ['waiting_until', '9999-12-31T23:59:59-23:59'],
      ['downtime_start_at', '0001-01-01T00:00:00Z'],
    ])('refuses %s=%s with a 422 naming it', async (param, value) => {
      const res = await event({ subject: 'Time travel', [param]: value }).expect(422);
      expect(res.body.errors).toEqual([[param, expect.stringContaining('1900')]]);
    });

    it('accepts the ends of the range', async () => {
      const res = await event({ subject: 'Edges', downtime_start_at: '1900-01-01T00:00:00Z', downtime_end_at: '9999-12-31T23:59:59Z' }).expect(201);
      expect(res.body).toMatchObject({ downtime_start_at: '1900-01-01T00:00:00.000Z', downtime_end_at: '9999-12-31T23:59:59.000Z' });
    });

    it('refuses an out-of-range datetime in a collection filter with a 400', async () => {
      const res = await h.get('/v1/requests?created_at=>0000-01-01').expect(400);
      expect(res.body.message).toContain('created_at');
    });
  });

  describe('a parameter given twice with different values is a 422 naming it', () => {
    it('through the alias sourceID and source_id', async () => {
      for (const query of ['source_id=AAA&sourceID=BBB', 'sourceID=BBB&source_id=AAA']) {
        const res = await h.post(`/v1/events?subject=s&${query}`).expect(422);
        expect(res.body.errors).toEqual([['source_id', expect.stringContaining('different values')]]);
      }
    });

    it('through the query and a JSON body', async () => {
      const res = await h.post('/v1/events?subject=from-query').send({ subject: 'from-body' }).expect(422);
      expect(res.body.errors).toEqual([['subject', expect.stringContaining('different values')]]);
    });

    it('twice in the query', async () => {
      const res = await h.post('/v1/events?subject=a&subject=b').expect(422);
      expect(res.body.errors).toEqual([['subject', expect.stringContaining('different values')]]);
    });

    it('accepts the same value given twice, in any of those ways', async () => {
      await h.post('/v1/events?subject=same&source_id=A&sourceID=A').send({ subject: 'same' }).expect(201);
      await h.post('/v1/events?subject=twice&subject=twice').expect(201);
    });
  });
});
