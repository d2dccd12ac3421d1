import { submitEvent, tokenScopes, trustedAccountId, type AccessContext, type UnitOfWork } from '@tessera/domain';
import { createUnitOfWork, listQueuedJobs } from '@tessera/persistence';
import { clearRequests, startApiHarness, type ApiHarness } from './support/api-harness.js';

/** ARCHITECTURE.md transactional outbox: a change and its queued events commit, or roll back, together. */
describe('events intake — transactional outbox', () => {
  let h: ApiHarness;
  let access: AccessContext;
  beforeAll(async () => {
    h = await startApiHarness();
    const admin = await h.test.db('people').where({ primary_email: h.demo.admin.email }).first('id', 'name', 'account_id', 'organization_id');
    access = {
      person: { id: admin.id, name: admin.name, accountId: admin.account_id, primaryEmail: h.demo.admin.email, organizationId: admin.organization_id, inDirectoryAccount: false },
      account: { id: trustedAccountId('wdc'), name: 'Widget Data Center', directoryAccountId: 'widget' },
      roles: ['administrator'],
      scopes: tokenScopes(['*:*']),
      token: { kind: 'personal_access_token', id: 1 },
    };
  });
  afterEach(() => clearRequests(h));
  afterAll(() => h.drop());

  const counts = async () => ({
    requests: Number((await h.test.db('requests').count({ n: '*' }).first())!.n),
    notes: Number((await h.test.db('notes').count({ n: '*' }).first())!.n),
    jobs: (await listQueuedJobs(h.test.db)).length,
  });

  /**
   * The real store, failing at one step: after the request was written
   * (`writeOutbox`, the statement of its note, audit line and jobs), or in the
   * middle of that statement (`addJobs`: graphile-worker refuses the jobs after
   * the note and audit line CTEs ran).
   */
  function failingAt(step: 'writeOutbox' | 'addJobs'): UnitOfWork {
    const real = createUnitOfWork(h.test.db);
    return {
      repositories: real.repositories,
      transaction: (work) =>
        real.transaction((tx) =>
          work({
            ...tx,
            outbox: {
              ...tx.outbox,
              writeAll: async (items) => {
                if (step === 'writeOutbox') throw new Error(`${step} failed`);
                // A task name over graphile-worker's 128 characters: the database refuses it (check_violation) inside the one statement.
                const [{ entry, notes }] = items as [(typeof items)[number]];
                await tx.outbox.writeAll([{ entry: { ...entry, jobs: [...entry.jobs, { task: 'x'.repeat(200), payload: {} } as never] }, notes }]).catch((error: { code?: string }) => {
                  throw new Error(`${step} failed${error.code === '23514' ? '' : ` otherwise: ${String(error)}`}`);
                });
              },
            },
          }),
        ),
    };
  }

  it.each(['writeOutbox', 'addJobs'] as const)('leaves neither the request, its note nor its queued event when %s fails', async (step) => {
    await expect(submitEvent({ subject: 'doomed', note: 'a note', ci: 'srv-db-01' }, { access, now: new Date() }, failingAt(step))).rejects.toThrow(`${step} failed`);
    expect(await counts()).toEqual({ requests: 0, notes: 0, jobs: 0 });
  });

  it('leaves the matched request unchanged when its update fails', async () => {
    const store = createUnitOfWork(h.test.db);
    const { request } = await submitEvent({ subject: 'kept', ci: 'srv-db-01' }, { access, now: new Date() }, store);
    const before = await counts();
    await expect(submitEvent({ subject: 'kept', ci: 'srv-db-01', status: 'in_progress', note: 'more' }, { access, now: new Date() }, failingAt('writeOutbox'))).rejects.toThrow();
    expect(await counts()).toEqual(before);
    expect((await h.test.db('requests').where({ id: request.id }).first('status')).status).toBe('assigned');
  });

  it('always commits a change with its event', async () => {
    const store = createUnitOfWork(h.test.db);
    for (let i = 0; i < 10; i++) await submitEvent({ subject: `event ${i}`, source: `s${i % 3}` }, { access, now: new Date() }, store);
    const requests = await h.test.db('requests').pluck('id');
    const created = (await listQueuedJobs(h.test.db, 'webhook-event')).filter((j) => j.payload['event'] === 'request.create').map((j) => j.payload['object_id']);
    expect(created.sort()).toEqual(requests.sort());
  });
});
