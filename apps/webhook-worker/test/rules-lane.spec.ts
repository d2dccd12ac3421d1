/**
 * Decision 053, the rules lane: `automation-run` jobs run in a lane of their own, so rules that
 * take long (here: blocked on a record another transaction holds) never hold the slots the
 * webhook fan-out needs. Both lanes run at two slots: were the rules in the fan-out's lane, the
 * two blocked runs would stop every account's webhook messages until the records were let go.
 */
import { AUTOMATION_RULE, JOBS, createRecord, createRequest, updateRequest } from '@tessera/domain';
import { createUnitOfWork, listQueuedJobs } from '@tessera/persistence';
import { deliverySuite } from './support/delivery-suite.js';
import { waitFor } from './support/wait-for.js';
import { sinkWebhook, submitTestEvent } from './support/webhook-fixtures.js';

describe('the rules lane', () => {
  const suite = deliverySuite({ respond: { status: 204 } });
  afterEach(async () => {
    await suite.test.db('automation_rules').delete();
  });

  const uow = () => createUnitOfWork(suite.test.db);
  const subjectOf = async (id: number) => (await suite.test.db('requests').where({ id }).first('subject')).subject as string;

  it('fans out and delivers a webhook event at once while every slot of the rules lane is held', async () => {
    await createRecord(AUTOMATION_RULE, suite.access, { name: 'Slow rule', generic: 'request', trigger: 'on impact update', condition: 'true', actions: "hold: update request set subject = 'Held'" }, uow());
    const held: number[] = [];
    for (const n of [1, 2]) {
      const { id } = await createRequest(suite.access, { subject: `Slow ${n}`, category: 'incident' } as never, uow());
      await updateRequest(suite.access, id, { impact: 'low' } as never, uow());
      held.push(id);
    }
    // Each rule run's write waits on its request's row while this transaction holds it.
    const blocker = await suite.test.db.transaction();
    try {
      await blocker('requests').whereIn('id', held).forUpdate().select('id');
      const hook = await sinkWebhook(suite.test, suite.sink, { name: 'Fan-out', event: 'request.create' });
      await suite.worker.start({ WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8', WORKER_CONCURRENCY: '2', AUTOMATION_CONCURRENCY: '2' });
      await waitFor('both rule runs to wait on their records', async () => {
        const { rows } = await suite.test.db.raw<{ rows: Array<{ n: number }> }>(`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike '%from "requests"%'`);
        return rows[0]!.n >= 2;
      }, 15_000);

      const submittedAt = Date.now();
      const id = await submitTestEvent(suite.test, suite.access, { subject: 'Delivered while rules wait' });
      await waitFor('the message of the new request', async () =>
        suite.sink.requests.some((r) => r.path === `/hook/${hook}` && (JSON.parse(r.body) as { object_id: number }).object_id === id), 15_000);
      // A quiet machine: well under a second; a loaded one: seconds. The blocked rules would hold it forever.
      expect(Date.now() - submittedAt).toBeLessThan(10_000);
      expect(await Promise.all(held.map(subjectOf))).toEqual(['Slow 1', 'Slow 2']);
      expect((await listQueuedJobs(suite.test.db, JOBS.automationRun)).length).toBeGreaterThanOrEqual(2);
    } finally {
      await blocker.rollback();
    }

    // Let go, the held rules finish their work.
    await waitFor('the held rules to act', async () => (await Promise.all(held.map(subjectOf))).every((subject) => subject === 'Held'), 15_000);
  });
});
