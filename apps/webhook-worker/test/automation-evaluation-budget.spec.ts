/**
 * Decision 059: an account's rules may spend so much evaluation time a minute on a worker process.
 * Past it, its runs stop with that reason before reading anything, are logged, and set the rule's
 * last error; its change stays. The bound here is 1 ms, so one run of a slow rule spends it.
 */
import { AUTOMATION_RULE, JOBS, createRecord, createRequest, evaluationBudget, parseJobPayload, runAutomation, type AutomationRunJob } from '@tessera/domain';
import { createUnitOfWork } from '@tessera/persistence';
import { deliverySuite } from './support/delivery-suite.js';

describe("an account's evaluation time on a worker", () => {
  const suite = deliverySuite({ respond: { status: 204 } });

  const uow = () => createUnitOfWork(suite.test.db);
  const runs = (ruleId: number) => suite.test.db('automation_rule_runs').where({ rule_id: ruleId }).orderBy('id').select('matched', 'error');

  /** The `automation-run` jobs the changes queued, taken out of the queue so that only the calls below run them. */
  async function takeJobs(): Promise<Array<{ job: AutomationRunJob; id: string }>> {
    const queued = await suite.test.db('graphile_worker._private_jobs as j').join('graphile_worker._private_tasks as t', 't.id', 'j.task_id')
      .where('t.identifier', JOBS.automationRun).orderBy('j.id').select('j.id', 'j.payload');
    await suite.test.db('graphile_worker._private_jobs').whereIn('id', queued.map((row) => row.id)).delete();
    return queued.map((row) => {
      const parsed = parseJobPayload(JOBS.automationRun, row.payload);
      if (!parsed.ok) throw new Error(parsed.reason);
      return { job: parsed.payload, id: String(row.id) };
    });
  }

  it('stops the runs past the bound, logged with the reason and set as the last error; the change stays', async () => {
    // 300 items × an 18-way test: near the macro step bound, milliseconds a run.
    const test = Array.from({ length: 18 }, (_, k) => `n == ${-1 - k}`).join(' || ');
    const items = Array.from({ length: 300 }, (_, i) => i).join(',');
    const rule = await createRecord(AUTOMATION_RULE, suite.access, {
      name: 'Slow', generic: 'request', trigger: 'on create', expressions: `items: [${items}]`, condition: `items.exists(n, ${test})`,
      actions: "note: update request add note 'never'",
    }, uow());
    const first = await createRequest(suite.access, { subject: 'First printer', category: 'incident' } as never, uow());
    const second = await createRequest(suite.access, { subject: 'Second printer', category: 'incident' } as never, uow());
    const [one, two] = await takeJobs();
    const budget = evaluationBudget(1);

    expect(await runAutomation(one!.job, uow(), { id: one!.id, attempt: 1 }, budget)).toEqual({ ran: 1, matched: 0, failed: 0 });
    expect(budget.exhausted(suite.access.account.id)).toBe(true);
    expect(await runAutomation(two!.job, uow(), { id: two!.id, attempt: 1 }, budget)).toEqual({ ran: 1, matched: 0, failed: 1 });

    const stopped = "stopped: the account's rules took 0.001 s to evaluate in the last minute on this worker";
    expect(await runs(rule.id)).toEqual([{ matched: false, error: null }, { matched: false, error: stopped }]);
    expect(await suite.test.db('automation_rules').where({ id: rule.id }).first('last_error')).toEqual({ last_error: stopped });
    expect(await suite.test.db('requests').whereIn('id', [first.id, second.id]).pluck('id')).toHaveLength(2);
    // Another account's rules have a minute of their own.
    expect(budget.exhausted('another-account')).toBe(false);
  });
});
