import { trustedAccountId, type OutboxEntry, type QueuedJob, type ReservedNote } from '@tessera/domain';
import { discardQueuedJobs, listQueuedJobs } from '../queue/enqueue.js';
import { createTestDatabase, recordStatements, type TestDatabase } from '../testing/index.js';
import { lockAndReserve } from './match-lock.js';
import { outboxWriter } from './outbox-writer.js';

/** The one-statement outbox write of a change whose ids were reserved with its lock. */
let test: TestDatabase;
const ACCOUNT = trustedAccountId('outbox-co');
let person: number;
let request: number;
beforeAll(async () => {
  test = await createTestDatabase();
  await test.db('accounts').insert({ id: ACCOUNT, name: 'Outbox Co' });
  [{ id: person }] = await test.db('people').insert({ account_id: ACCOUNT, name: 'Ann', primary_email: 'ann@outbox.test' }).returning('id');
  [{ id: request }] = await test.db('requests')
    .insert({ account_id: ACCOUNT, subject: 'Disk full', category: 'incident', status: 'assigned', requested_by_id: person, requested_for_id: person, created_by_id: person })
    .returning('id');
});
afterEach(async () => {
  await test.db('notes').delete();
  await test.db('audit_lines').delete();
  await test.db.raw('delete from graphile_worker._private_jobs');
});
afterAll(() => test.drop());

const webhookEvent = (event: string, auditLineId: number): QueuedJob => ({
  task: 'webhook-event',
  payload: { account_id: ACCOUNT, event, object_id: request, object_nodeID: 'x', person_id: person, person_nodeID: 'y', person_name: 'Ann', payload: { audit_line_id: auditLineId } },
} as QueuedJob);

const count = async (table: string) => Number((await test.db(table).count({ n: '*' }).first())!.n);

const entry = (auditLineId: number, jobs: QueuedJob[]): OutboxEntry => ({
  account: ACCOUNT,
  auditLine: { id: auditLineId, recordType: 'Request', recordId: request, personId: person, source: 'Nagios', sourceId: 'n-1', action: 'update', changes: { notes: [{ id: 1, internal: false }] } },
  jobs,
});

describe('outboxWriter().write', () => {
  it('writes the notes and the audit line on their reserved ids, and queues the jobs, in one statement', async () => {
    let statements: string[] = [];
    await test.db.transaction(async (trx) => {
      const ids = await lockAndReserve(trx, 'outbox', { notes: 2, auditLines: 1 });
      const notes: ReservedNote[] = ids.notes.map((id, i) => ({ id, requestId: request, personId: person, text: `note ${i}`, internal: i === 1 }));
      ({ statements } = await recordStatements(() =>
        outboxWriter(trx).write(entry(ids.auditLines[0]!, [webhookEvent('request.note-added', ids.auditLines[0]!), { task: 'send-mail', payload: { to: 'ann@outbox.test', subject: 's', text: 't' } }]), { notes })));
    });

    expect(statements).toHaveLength(1);
    const notes = await test.db('notes').orderBy('id').select('id', 'request_id', 'person_id', 'text', 'internal', 'account_id');
    expect(notes.map((n) => [n.text, n.internal, n.request_id, n.account_id])).toEqual([['note 0', false, request, ACCOUNT], ['note 1', true, request, ACCOUNT]]);
    const [line] = await test.db('audit_lines').select('*');
    expect(line).toMatchObject({ account_id: ACCOUNT, record_type: 'Request', record_id: request, person_id: person, source: 'Nagios', source_id: 'n-1', action: 'update', changes: { notes: [{ id: 1, internal: false }] } });
    const jobs = await listQueuedJobs(test.db);
    expect(jobs.map((job) => job.task_identifier)).toEqual(['webhook-event', 'send-mail']);
    expect(jobs[0]!.payload).toMatchObject({ event: 'request.note-added', payload: { audit_line_id: line.id } });
  });

  it('writes several changes, each with its notes, audit line and jobs, in one statement (writeAll)', async () => {
    await test.db.transaction(async (trx) => {
      const ids = await lockAndReserve(trx, 'outbox', { notes: 2, auditLines: 2 });
      const note = (i: number): ReservedNote => ({ id: ids.notes[i]!, requestId: request, personId: person, text: `batch ${i}`, internal: false });
      await outboxWriter(trx).writeAll([
        { entry: entry(ids.auditLines[0]!, [webhookEvent('request.note-added', ids.auditLines[0]!)]), notes: [note(0)] },
        { entry: entry(ids.auditLines[1]!, [webhookEvent('request.note-added', ids.auditLines[1]!)]), notes: [note(1)] },
      ]);
    });

    expect(await test.db('notes').orderBy('id').pluck('text')).toEqual(['batch 0', 'batch 1']);
    expect(await count('audit_lines')).toBe(2);
    const lines = await test.db('audit_lines').orderBy('id').pluck('id');
    expect((await listQueuedJobs(test.db)).map((job) => (job.payload['payload'] as { audit_line_id: number }).audit_line_id)).toEqual(lines);
  });

  it('writes the audit line alone when the change names no note and fires nothing', async () => {
    await test.db.transaction(async (trx) => {
      const ids = await lockAndReserve(trx, 'outbox', { auditLines: 1 });
      await outboxWriter(trx).write(entry(ids.auditLines[0]!, []));
    });

    expect(await count('audit_lines')).toBe(1);
    expect(await count('notes')).toBe(0);
    expect(await listQueuedJobs(test.db)).toEqual([]);
  });

  it('leaves neither the notes nor the audit line when the database refuses a job', async () => {
    await expect(test.db.transaction(async (trx) => {
      const ids = await lockAndReserve(trx, 'outbox', { notes: 1, auditLines: 1 });
      const notes: ReservedNote[] = [{ id: ids.notes[0]!, requestId: request, personId: person, text: 'kept?', internal: false }];
      // graphile-worker's task names are at most 128 characters.
      await outboxWriter(trx).write(entry(ids.auditLines[0]!, [{ task: 'x'.repeat(200), payload: {} } as unknown as QueuedJob]), { notes });
    })).rejects.toMatchObject({ code: '23514' });

    expect(await count('notes')).toBe(0);
    expect(await count('audit_lines')).toBe(0);
  });

  it('leaves the queued jobs to discardQueuedJobs, which drops those of one task only', async () => {
    await test.db.transaction(async (trx) => {
      const ids = await lockAndReserve(trx, 'outbox', { auditLines: 1 });
      await outboxWriter(trx).write(entry(ids.auditLines[0]!, [webhookEvent('request.update', ids.auditLines[0]!), { task: 'send-mail', payload: { to: 'ann@outbox.test', subject: 's', text: 't' } }]));
    });

    expect(await discardQueuedJobs(test.db, 'webhook-event')).toBe(1);
    expect((await listQueuedJobs(test.db)).map((job) => job.task_identifier)).toEqual(['send-mail']);
  });
});
