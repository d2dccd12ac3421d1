/**
 * Timers of the record engine (docs/decisions/042, 051), end to end on the real job queue: a
 * knowledge article archived at the start of its archive date, contracts and first line support
 * agreements expired at the end of their expiry date (UTC). The write queues the job; the worker
 * runs it when its moment comes (here: the job's run_at moved to now, the clock having moved on).
 */
import {
  CONTRACT, FLSA, JOBS, KNOWLEDGE_ARTICLE, PROBLEM, TASK, WORKFLOW, createRecord, encodeNodeId, recordTimerJobKey, updateRecord, type AccessContext, type RecordDefinition,
} from '@tessera/domain';
import { createUnitOfWork, listQueuedJobs } from '@tessera/persistence';
import { insertNeededRecord, type TestDatabase } from '@tessera/persistence/testing';
import { deliverySuite } from './support/delivery-suite.js';
import type { HttpSink } from './support/http-sink.js';
import { waitFor } from './support/wait-for.js';
import { sinkWebhook } from './support/webhook-fixtures.js';

const LOOPBACK = { WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8,::1/128', API_PUBLIC_URL: 'https://tessera.example' };
const DAY_MS = 86_400_000;

/** The UTC calendar day `days` from today. */
const day = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
const startOf = (d: string) => new Date(`${d}T00:00:00Z`);

describe('date timers of records', () => {
  const suite = deliverySuite({ respond: { status: 204 } });
  let test: TestDatabase;
  let sink: HttpSink;
  let access: AccessContext;
  let service: number;
  let organization: number;
  beforeAll(async () => {
    ({ test, sink, access } = suite);
    service = await insertNeededRecord(test.db, access.account.id, 'Service');
    organization = await insertNeededRecord(test.db, access.account.id, 'Organization');
  });

  const uow = () => createUnitOfWork(test.db);
  const create = (def: RecordDefinition, input: object) => createRecord(def, access, input, uow());
  const article = (input: object) => create(KNOWLEDGE_ARTICLE, { subject: 'Resetting a password', service_id: service, ...input });
  const contract = (input: object) => create(CONTRACT, { name: 'Lease', customer_id: organization, ...input });
  const flsa = (input: object) => create(FLSA, { name: 'First line', customer_id: organization, provider_id: organization, ...input });
  const timerJobs = async (def: RecordDefinition, id: number) =>
    (await listQueuedJobs(test.db, JOBS.recordTimer)).filter((job) => job.payload['noun'] === def.noun && job.payload['record_id'] === id);
  /** The clock reaches the job's moment. */
  const comeDue = (key: string) => test.db('graphile_worker._private_jobs').where({ key }).update({ run_at: test.db.fn.now() });
  const auditLinesOf = (def: RecordDefinition, id: number) => test.db('audit_lines').where({ record_type: def.node, record_id: id }).orderBy('id').select('*');
  const queuedEventsOf = async (def: RecordDefinition, id: number) =>
    (await listQueuedJobs(test.db, JOBS.webhookEvent)).filter((job) => job.payload['object_id'] === id && String(job.payload['event']).startsWith(`${def.noun}.`));
  const statusOf = async (def: RecordDefinition, id: number) => (await test.db(def.table).where({ id }).first('status')).status as string;

  it('archives an article at the start of its archive date: one change by the service, one knowledge_article.update delivered', async () => {
    const hook = await sinkWebhook(test, sink, { name: 'Articles changed', event: 'knowledge_article.update' });
    const tomorrow = day(1);
    const { id } = await article({ archive_date: tomorrow });
    expect(await statusOf(KNOWLEDGE_ARTICLE, id)).toBe('not_validated');
    const key = recordTimerJobKey('knowledge_article', id, 'archive_date');
    const [job, ...others] = await timerJobs(KNOWLEDGE_ARTICLE, id);
    expect(others).toEqual([]);
    expect(job).toMatchObject({ key, run_at: startOf(tomorrow), payload: { account_id: access.account.id, noun: 'knowledge_article', record_id: id, field: 'archive_date', day: tomorrow } });

    await comeDue(key);
    await suite.worker.start(LOOPBACK);
    const received = await waitFor('knowledge_article.update at the receiver', async () => sink.requests.find((r) => r.path === `/hook/${hook}`));

    expect(await statusOf(KNOWLEDGE_ARTICLE, id)).toBe('archived');
    const [, line, ...more] = await auditLinesOf(KNOWLEDGE_ARTICLE, id);
    expect(more).toEqual([]);
    expect(line).toMatchObject({ person_id: null, source: 'Tessera', action: 'update', changes: { status: ['not_validated', 'archived'] } });
    expect(JSON.parse(received.body)).toMatchObject({
      event: 'knowledge_article.update', object_id: id, object_nodeID: encodeNodeId('KnowledgeArticle', id), person_id: null, person_nodeID: null,
      payload: expect.objectContaining({ audit_line_id: line.id, source: 'Tessera' }),
    });
    await waitFor('the job to leave the queue', async () => (await timerJobs(KNOWLEDGE_ARTICLE, id)).length === 0);
    // Nothing else comes: the one change is delivered once.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sink.requests.filter((r) => r.path === `/hook/${hook}`)).toHaveLength(1);
  });

  it('moves the job with a changed expiry date, drops it with a cleared one, and a job for a day the record no longer has changes nothing', async () => {
    const { id } = await contract({ expiry_date: day(30) });
    const key = recordTimerJobKey('contract', id, 'expiry_date');
    // The end of the expiry day: the start of the next.
    expect((await timerJobs(CONTRACT, id)).map((job) => [job.key, job.run_at])).toEqual([[key, startOf(day(31))]]);
    await updateRecord(CONTRACT, access, id, { expiry_date: day(60) }, uow());
    expect((await timerJobs(CONTRACT, id)).map((job) => [job.run_at, job.payload['day']])).toEqual([[startOf(day(61)), day(60)]]);
    await updateRecord(CONTRACT, access, id, { expiry_date: null }, uow());
    expect(await timerJobs(CONTRACT, id)).toEqual([]);

    // An agreement whose day moved after its job was queued (as if by another way than the engine's write).
    const agreement = await flsa({ expiry_date: day(10) });
    const agreementKey = recordTimerJobKey('flsa', agreement.id, 'expiry_date');
    await test.db(FLSA.table).where({ id: agreement.id }).update({ expiry_date: day(20) });
    await comeDue(agreementKey);
    await suite.worker.start(LOOPBACK);
    await waitFor('the job to run', async () => (await timerJobs(FLSA, agreement.id)).length === 0);
    expect(await statusOf(FLSA, agreement.id)).toBe('being_prepared');
    expect((await auditLinesOf(FLSA, agreement.id)).map((line) => line.action)).toEqual(['create']);
    expect(suite.worker.logs.filter((l) => l['msg'] === 'record timer reached').map((l) => [l['noun'], l['outcome']])).toEqual([['flsa', 'skipped']]);
  });

  it('sets the status in the write that gives a day already begun or over: one event, the status already set, no job', async () => {
    const expired = await contract({ start_date: '2020-01-01', expiry_date: '2020-12-31' });
    expect(expired).toMatchObject({ status: 'expired', expiry_date: '2020-12-31' });
    expect((await auditLinesOf(CONTRACT, expired.id)).map((line) => line.changes.status)).toEqual(['expired']);
    expect((await queuedEventsOf(CONTRACT, expired.id)).map((job) => job.payload['event'])).toEqual(['contract.create']);
    expect(await timerJobs(CONTRACT, expired.id)).toEqual([]);

    // The start of today has come; the end of today has not.
    const { id } = await article({ status: 'validated' });
    const archived = await updateRecord(KNOWLEDGE_ARTICLE, access, id, { archive_date: day(0), keywords: 'password' }, uow());
    expect(archived).toMatchObject({ status: 'archived', archive_date: day(0) });
    const [, line, ...more] = await auditLinesOf(KNOWLEDGE_ARTICLE, id);
    expect(more).toEqual([]);
    expect(line.changes).toEqual({ archive_date: [null, day(0)], keywords: [null, 'password'], status: ['validated', 'archived'] });
    expect((await queuedEventsOf(KNOWLEDGE_ARTICLE, id)).map((job) => job.payload['event'])).toEqual(['knowledge_article.create', 'knowledge_article.update']);
    expect(await timerJobs(KNOWLEDGE_ARTICLE, id)).toEqual([]);

    const current = await flsa({ status: 'active', expiry_date: day(0) });
    expect(current.status).toBe('active');
    expect((await timerJobs(FLSA, current.id)).map((job) => job.run_at)).toEqual([startOf(day(1))]);
    // A day moved into the past drops the job it had.
    expect(await updateRecord(FLSA, access, current.id, { expiry_date: day(-1) }, uow())).toMatchObject({ status: 'expired' });
    expect(await timerJobs(FLSA, current.id)).toEqual([]);
  });

  it('returns a task and a problem waiting_for to assigned at their waiting_until, and starts a workflow at its start_at, through the job queue', async () => {
    const inAMinute = new Date(Date.now() + 60_000);
    // A workflow starts when its start has come by the database clock: here, a second and a half from now.
    const workflow = await create(WORKFLOW, { subject: 'Later', category: 'standard', justification: 'maintenance', service_id: service, start_at: new Date(Date.now() + 1500) });
    const task = await create(TASK, { workflow_id: workflow.id, subject: 'First', category: 'implementation', planned_duration: 5 });
    expect(task['status']).toBe('registered');
    const waiting = await create(TASK, { workflow_id: workflow.id, subject: 'Parked', category: 'implementation', planned_duration: 5 });
    await test.db(TASK.table).where({ id: waiting.id }).update({ status: 'in_progress' });
    await updateRecord(TASK, access, waiting.id, { status: 'waiting_for', waiting_until: inAMinute }, uow());
    const problem = await create(PROBLEM, { subject: 'Slow disks', service_id: service, status: 'waiting_for', waiting_until: inAMinute });
    // A waiting_until already past returns it at once.
    const past = await create(PROBLEM, { subject: 'Past', service_id: service, status: 'waiting_for', waiting_until: new Date(Date.now() - 1000) });
    expect(past['status']).toBe('assigned');
    // One that has left waiting_for meanwhile is left alone.
    const left = await create(PROBLEM, { subject: 'Left', service_id: service, status: 'waiting_for', waiting_until: inAMinute });
    await updateRecord(PROBLEM, access, left.id, { status: 'analyzed' }, uow());

    const keys = [recordTimerJobKey('workflow', workflow.id, 'start_at'), recordTimerJobKey('task', waiting.id, 'waiting_until'),
      recordTimerJobKey('problem', problem.id, 'waiting_until'), recordTimerJobKey('problem', left.id, 'waiting_until')];
    for (const key of keys.slice(1)) await comeDue(key);
    await suite.worker.start(LOOPBACK);
    await waitFor('the timers to run', async () => (await listQueuedJobs(test.db, JOBS.recordTimer)).every((job) => !keys.includes(job.key!)));
    expect(await statusOf(TASK, task.id)).toBe('assigned');
    expect(await statusOf(TASK, waiting.id)).toBe('assigned');
    expect(await statusOf(WORKFLOW, workflow.id)).toBe('in_progress');
    expect(await statusOf(PROBLEM, problem.id)).toBe('assigned');
    expect(await statusOf(PROBLEM, left.id)).toBe('analyzed');
    // Each a change made by the service, with its audit line (its events went out with it, the worker running).
    const byService = async (def: RecordDefinition, id: number) =>
      (await auditLinesOf(def, id)).filter((line) => line.source === 'Tessera' && line.person_id === null && line.changes.status).map((line) => line.changes.status);
    expect(await byService(PROBLEM, problem.id)).toEqual([['waiting_for', 'assigned']]);
    expect(await byService(TASK, waiting.id)).toEqual([['waiting_for', 'assigned']]);
    expect(await byService(WORKFLOW, workflow.id)).toEqual([['registered', 'in_progress']]);
  });
});
