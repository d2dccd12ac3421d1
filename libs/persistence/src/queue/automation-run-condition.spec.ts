import { trustedAccountId, type QueuedJob } from '@tessera/domain';
import { lockAndReserve } from '../outbox/match-lock.js';
import { outboxWriter } from '../outbox/outbox-writer.js';
import { createTestDatabase, type TestDatabase } from '../testing/index.js';
import { enqueueJobs, listQueuedJobs } from './enqueue.js';

/**
 * A job queued only while the account has an enabled automation rule that could match the
 * record (QueuedJob `onlyIfRules`, docs/decisions/053), tested in the statement that queues it:
 * by the job queue and by the one-statement outbox write alike.
 */
let test: TestDatabase;
const ACCOUNT = trustedAccountId('rules-co');
const OTHER = trustedAccountId('other-co');
let person: number;
beforeAll(async () => {
  test = await createTestDatabase();
  await test.db('accounts').insert([{ id: ACCOUNT, name: 'Rules Co' }, { id: OTHER, name: 'Other Co' }]);
  [{ id: person }] = await test.db('people').insert({ account_id: ACCOUNT, name: 'Ann', primary_email: 'ann@rules.test' }).returning('id');
});
afterEach(async () => {
  await test.db('automation_rules').delete();
  await test.db('audit_lines').delete();
  await test.db.raw('delete from graphile_worker._private_jobs');
});
afterAll(() => test.drop());

const mail: QueuedJob = { task: 'send-mail', payload: { to: 'ann@rules.test', subject: 's', text: 't' } };
const run = (type: string, id: number): QueuedJob => ({
  task: 'automation-run',
  payload: { account_id: ACCOUNT, noun: type, record_id: id, actor_id: null, source: null, action: 'update', previous: {}, changed: {}, verbs: ['update'], note_id: null, depth: 0 },
  onlyIfRules: { account: ACCOUNT, type, id },
});
const rule = (values: Record<string, unknown>) =>
  test.db('automation_rules').insert({ account_id: ACCOUNT, name: `r${Math.random()}`, trigger: 'on update', condition: 'true', ...values });
const queued = async () => (await listQueuedJobs(test.db)).map((job) => job.task_identifier);

const viaQueue = (jobs: QueuedJob[]) => test.db.transaction((trx) => enqueueJobs(trx, jobs));
const viaOutbox = (jobs: QueuedJob[]) =>
  test.db.transaction(async (trx) => {
    const ids = await lockAndReserve(trx, 'rules', { auditLines: 1 });
    await outboxWriter(trx).write({
      account: ACCOUNT, jobs,
      auditLine: { id: ids.auditLines[0]!, recordType: 'Request', recordId: 1, personId: person, source: null, sourceId: null, action: 'update', changes: {} },
    });
  });

describe.each([['the job queue', viaQueue], ['the outbox write', viaOutbox]])('a job on the condition of a rule, through %s', (_name, write) => {
  it('is left out, the other jobs queued, when the account has no rule', async () => {
    await rule({ account_id: OTHER, generic: 'request' });
    await write([mail, run('request', 1)]);
    expect(await queued()).toEqual(['send-mail']);
  });

  it('is queued when the account has an enabled generic rule for the type', async () => {
    await rule({ generic: 'request' });
    await write([run('request', 1), mail]);
    expect(await queued()).toEqual(['automation-run', 'send-mail']);
  });

  it('is left out when the rule is disabled, or is for another type', async () => {
    await rule({ generic: 'request', disabled: true });
    await rule({ generic: 'problem' });
    await write([run('request', 1)]);
    expect(await queued()).toEqual([]);
  });

  it('is queued for the record a rule is owned by, and only for it', async () => {
    await rule({ owner_type: 'request', owner_id: 7 });
    await write([run('request', 1), run('request', 7), run('problem', 7)]);
    expect((await listQueuedJobs(test.db)).map((job) => [job.payload['noun'], job.payload['record_id']])).toEqual([['request', 7]]);
  });
});
