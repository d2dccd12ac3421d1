import { encodeNodeId, JOBS, trustedAccountId, waitingUntilJobKey, type NewRequest, type RequestRecord } from '@tessera/domain';
import { enqueueJob, findRequest, insertRequest, listQueuedJobs, seedDemoData } from '@tessera/persistence';
import { createTestDatabase, deliveryRows, type TestDatabase } from '@tessera/persistence/testing';
import { waitFor } from './support/wait-for.js';
import { workerHarness, type WorkerHarness } from './support/worker-harness.js';

describe('request-waiting-until jobs', () => {
  let test: TestDatabase;
  let worker: WorkerHarness;
  let adminId: number;

  beforeAll(async () => {
    test = await createTestDatabase();
    await seedDemoData(test.db);
    adminId = (await test.db('people').where({ primary_email: 'admin@widget.example' }).first('id')).id;
    // Subscribers, so that the worker's fan-out leaves each event as a delivery to read back (their target is refused, never reached).
    await test.db('webhooks').insert(['request.update', 'request.status-changed'].map((event) => ({ account_id: 'wdc', name: event, event, uri: 'http://10.255.255.1/' })));
  });
  beforeEach(async () => {
    worker = await workerHarness(test);
  });
  afterEach(() => worker.cleanup());
  afterAll(() => test?.drop());

  const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000);

  /** A waiting_for request, and its job queued for waiting_until, as the events intake leaves them. */
  async function waitingRequest(waitingUntil: Date): Promise<RequestRecord> {
    const request = await insertRequest(test.db, newRequest({ waiting_until: waitingUntil }));
    await enqueueJob(test.db, {
      task: JOBS.requestWaitingUntil,
      payload: { account_id: request.account_id, request_id: request.id },
      runAt: waitingUntil,
      jobKey: waitingUntilJobKey(request.id),
    });
    return request;
  }

  const current = async (id: number) => (await findRequest(test.db, 'wdc', id))!;
  const queuedFor = async (id: number) => (await listQueuedJobs(test.db, JOBS.requestWaitingUntil)).filter((j) => j.key === waitingUntilJobKey(id));
  /** The events of the request as their deliveries carry them, without the webhook's fields; update first. */
  const eventsOf = async (id: number) =>
    (await deliveryRows(test.db).orderBy('webhook_id').select('message'))
      .map(({ message: { webhook_id: _id, webhook_nodeID: _node, account: _account, name: _name, ...event } }) => event as Record<string, unknown>)
      .filter((event) => event['object_id'] === id);
  const fannedOut = async (id: number) => waitFor('both events to be fanned out', async () => ((await eventsOf(id)).length === 2 ? eventsOf(id) : undefined));
  const auditLinesOf = (id: number) => test.db('audit_lines').where({ record_type: 'Request', record_id: id }).orderBy('id').select('*');

  it('assigns the request when waiting_until is reached, with a system audit line and request.* webhook events', async () => {
    const waitingUntil = inSeconds(1.5);
    const { id } = await waitingRequest(waitingUntil);
    await worker.start();

    const released = await waitFor('the request to be assigned', async () => {
      const request = await current(id);
      return request.status === 'assigned' ? request : undefined;
    });

    expect(released.waiting_until).toBeNull();
    expect(released.updated_at.getTime()).toBeGreaterThanOrEqual(waitingUntil.getTime());
    const [line, ...others] = await auditLinesOf(id);
    expect(others).toEqual([]);
    expect(line).toMatchObject({
      account_id: 'wdc', person_id: null, source: 'Tessera', source_id: null, action: 'update',
      changes: { status: ['waiting_for', 'assigned'], waiting_until: [waitingUntil.toISOString(), null] },
    });
    const system = { account_id: 'wdc', object_id: id, object_nodeID: encodeNodeId('Request', id), person_id: null, person_nodeID: null, person_name: '' };
    const base = { audit_line_id: line.id, audit_line_nodeID: encodeNodeId('AuditLine', line.id), source: 'Tessera', sourceID: null };
    expect(await fannedOut(id)).toEqual([
      { ...system, event: 'request.update', payload: { ...base, status: 'assigned' } },
      { ...system, event: 'request.status-changed', payload: { ...base, status: 'assigned', previous_status: 'waiting_for' } },
    ]);
    await waitFor('the job to leave the queue', async () => (await queuedFor(id)).length === 0);
  });

  it('changes nothing when waiting_until was moved later, or cleared, after the job was queued', async () => {
    const moved = await waitingRequest(inSeconds(1));
    const cleared = await waitingRequest(inSeconds(1));
    const later = inSeconds(3600);
    await test.db('requests').where({ id: moved.id }).update({ waiting_until: later });
    await test.db('requests').where({ id: cleared.id }).update({ waiting_until: null });
    await worker.start();

    await waitFor('both jobs to run', async () => (await queuedFor(moved.id)).length === 0 && (await queuedFor(cleared.id)).length === 0);

    expect(await current(moved.id)).toMatchObject({ status: 'waiting_for', waiting_until: later });
    expect(await current(cleared.id)).toMatchObject({ status: 'waiting_for', waiting_until: null });
    for (const { id } of [moved, cleared]) {
      expect(await auditLinesOf(id)).toEqual([]);
      expect(await eventsOf(id)).toEqual([]);
    }
    expect(worker.logs.filter((l) => l['msg'] === 'waiting_until reached').map((l) => l['outcome'])).toEqual(['skipped', 'skipped']);
  });

  it('survives restarts: a job queued before a runner stopped is run by the next runner', async () => {
    const { id } = await waitingRequest(inSeconds(3));
    const first = await worker.start();
    await first.stop();
    expect(await current(id)).toMatchObject({ status: 'waiting_for' });
    expect(await queuedFor(id)).toHaveLength(1);

    await worker.start();
    await waitFor('the request to be assigned by the new runner', async () => (await current(id)).status === 'assigned');
    expect(await fannedOut(id)).toEqual([
      expect.objectContaining({ event: 'request.update' }),
      expect.objectContaining({ event: 'request.status-changed', payload: expect.objectContaining({ previous_status: 'waiting_for' }) }),
    ]);
  });

  function newRequest(values: Partial<NewRequest>): NewRequest {
    return {
      account_id: trustedAccountId('wdc'), subject: 'Disk almost full on db01', category: 'incident', status: 'waiting_for', impact: 'top', completion_reason: null, major_incident_status: null,
      agile_board_id: null, agile_board_column_id: null,
      service_instance_id: null, organization_id: null, requested_by_id: adminId, requested_for_id: adminId, created_by_id: adminId,
      member_id: adminId, team_id: null, supplier_id: null, workflow_id: null, problem_id: null, project_id: null, ci_id: null, template_id: null,
      knowledge_article_id: null, grouped_into_id: null, completed_at: null, desired_completion_at: null, downtime_start_at: null,
      downtime_end_at: null, waiting_until: null, response_target_at: null, resolution_target_at: null, requester_resolution_target_at: null,
      resolution_duration: null, source: 'Nagios', source_id: null, supplier_request_id: null, grouping: 'none', satisfaction: null,
      custom_fields: null, new_assignment: false, reviewed: false, urgent: false, addressed: false,
      ...values,
    };
  }
});
