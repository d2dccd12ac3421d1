/**
 * Decision 053, at most once per job: an `automation-run` job that fails on an unexpected error (the
 * database gone) after one rule acted is retried by the queue with the same job id; the retry runs the
 * rules that had not run, and not again the one whose note and webhook call were already done.
 */
import { AUTOMATION_RULE, JOBS, createRecord, createRequest, parseJobPayload, runAutomation, updateRequest, type AutomationRunJob } from '@tessera/domain';
import { createUnitOfWork, listQueuedJobs } from '@tessera/persistence';
import { deliverySuite } from './support/delivery-suite.js';
import { waitFor } from './support/wait-for.js';
import { sinkWebhook } from './support/webhook-fixtures.js';

type Uow = ReturnType<typeof createUnitOfWork>;

/** The unit of work, whose `nth` transaction fails as a dropped connection does: no domain error, nothing written. */
function connectionLostAt(uow: Uow, nth: number): Uow {
  let calls = 0;
  const transaction: Uow['transaction'] = (work) => (++calls === nth ? Promise.reject(new Error('Connection terminated unexpectedly')) : uow.transaction(work));
  return new Proxy(uow, { get: (target, key) => (key === 'transaction' ? transaction : Reflect.get(target, key)) });
}

describe('an automation-run job retried after an unexpected error', () => {
  const suite = deliverySuite({ respond: { status: 204 } });

  const uow = () => createUnitOfWork(suite.test.db);
  const notes = (id: number) => suite.test.db('notes').where({ request_id: id }).orderBy('id').pluck('text');
  const runs = (ruleId: number) => suite.test.db('automation_rule_runs').where({ rule_id: ruleId }).orderBy('id').select('matched', 'actions', 'error', suite.test.db.raw('job_id::text as job_id'));
  const ruleCalls = async () => (await listQueuedJobs(suite.test.db, JOBS.webhookEvent)).filter((job) => (job.payload as { event: string }).event === 'automation_rule');

  it("does not run again the rule that acted: its note and webhook call happen once, and the next rule runs", async () => {
    const hook = await sinkWebhook(suite.test, suite.sink, { name: 'notify', event: 'automation_rule' });
    const first = await createRecord(AUTOMATION_RULE, suite.access, {
      name: 'First', generic: 'request', trigger: 'on impact update', condition: 'true', position: 1,
      actions: "note: update request add note 'noted once'\nnotify: call webhook 'notify' with payload {'impact': record.impact}",
    }, uow());
    const second = await createRecord(AUTOMATION_RULE, suite.access, {
      name: 'Second', generic: 'request', trigger: 'on impact update', condition: 'true', position: 2, actions: "note: update request add note 'second rule'",
    }, uow());
    const { id } = await createRequest(suite.access, { subject: 'Printer on fire', category: 'incident' } as never, uow());
    await updateRequest(suite.access, id, { impact: 'low' } as never, uow());

    // The change's job as the queue holds it; taken out, so only the attempts below run it.
    const queued = await suite.test.db('graphile_worker._private_jobs as j').join('graphile_worker._private_tasks as t', 't.id', 'j.task_id')
      .where('t.identifier', JOBS.automationRun).orderBy('j.id').select('j.id', 'j.payload');
    const update = queued.find((row) => (row.payload as { action: string }).action === 'update')!;
    await suite.test.db('graphile_worker._private_jobs').whereIn('id', queued.map((row) => row.id)).delete();
    const parsed = parseJobPayload(JOBS.automationRun, update.payload);
    if (!parsed.ok) throw new Error(parsed.reason);
    const job: AutomationRunJob = parsed.payload;
    const jobId = String(update.id);

    // Attempt 1: the first rule acts and commits; the database goes away in the second rule's transaction.
    await expect(runAutomation(job, connectionLostAt(uow(), 2), { id: jobId, attempt: 1 })).rejects.toThrow('Connection terminated unexpectedly');
    expect(await notes(id)).toEqual(['noted once']);
    expect(await ruleCalls()).toHaveLength(1);
    expect(await runs(second.id)).toEqual([]);

    // Attempt 2, the queue's retry of the same job: only the second rule runs.
    expect(await runAutomation(job, uow(), { id: jobId, attempt: 2 })).toEqual({ ran: 1, matched: 1, failed: 0 });
    // A third attempt (the worker died before the queue saw the job complete) finds nothing left to do.
    expect(await runAutomation(job, uow(), { id: jobId, attempt: 3 })).toEqual({ ran: 0, matched: 0, failed: 0 });

    expect(await notes(id)).toEqual(['noted once', 'second rule']);
    expect(await ruleCalls()).toHaveLength(1);
    expect(await runs(first.id)).toEqual([{ matched: true, actions: ['note', 'notify'], error: null, job_id: jobId }]);
    expect(await runs(second.id)).toEqual([{ matched: true, actions: ['note'], error: null, job_id: jobId }]);

    // What the receiver sees: one message of the rule.
    await suite.worker.start({ WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8,::1/128' });
    await waitFor('the automation_rule message', async () => suite.sink.requests.some((r) => r.path === `/hook/${hook}`));
    await waitFor('the queue to drain', async () => (await listQueuedJobs(suite.test.db, JOBS.webhookEvent)).length === 0 && (await listQueuedJobs(suite.test.db, JOBS.automationRun)).length === 0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(suite.sink.requests.filter((r) => r.path === `/hook/${hook}`).map((r) => JSON.parse(r.body).payload)).toEqual([{ impact: 'low' }]);
    expect(await notes(id)).toEqual(['noted once', 'second rule']);
  });
});
