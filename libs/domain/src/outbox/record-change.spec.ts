import { queuedJob, type QueuedJob } from '../jobs/job-contract.js';
import { encodeNodeId } from '../node-id.js';
import type { NewAuditLine } from '../ports/outbox.js';
import { trustedAccountId } from '../tenancy/account-id.js';
import { fakeTransaction } from '../testing/fake-transaction.js';
import { recordChange, type RecordChange } from './record-change.js';

const WDC = trustedAccountId('wdc');
const AUDIT_LINE = 7;

/** An outbox in memory: the audit lines and every enqueue call, as the transaction would write them. */
function outbox() {
  const written = { audit: [] as Array<{ account: string; line: NewAuditLine }>, enqueues: [] as QueuedJob[][] };
  const tx = fakeTransaction({
    auditLines: { insert: async (account, line) => (written.audit.push({ account, line }), AUDIT_LINE) },
    jobs: { enqueue: async (jobs) => void written.enqueues.push([...jobs]) },
  });
  return { tx, written };
}

const change = (values: Partial<RecordChange> = {}): RecordChange => ({
  account: WDC,
  record: { type: 'Person', id: 42 },
  action: 'update',
  actor: { id: 100, name: 'Howard' },
  source: 'Nagios',
  sourceId: 'n-1',
  changes: { name: ['Ann', 'Anne'] },
  events: [{ name: 'person.update' }],
  ...values,
});

describe('recordChange — the one outbox writer', () => {
  it('writes one audit line with the record type, the actor, the source and the changes', async () => {
    const { tx, written } = outbox();

    expect(await recordChange(tx, change())).toEqual({ auditLineId: AUDIT_LINE });
    expect(written.audit).toEqual([
      { account: 'wdc', line: { recordType: 'Person', recordId: 42, personId: 100, source: 'Nagios', sourceId: 'n-1', action: 'update', changes: { name: ['Ann', 'Anne'] } } },
    ]);
  });

  it('enqueues one webhook job per event, with the object, person and audit line node ids', async () => {
    const { tx, written } = outbox();

    await recordChange(tx, change({ record: { type: 'Request', id: 42 }, events: [{ name: 'request.update', payload: { status: 'assigned' } }, { name: 'request.status-changed', payload: { status: 'assigned', previous_status: 'accepted' } }] }));

    const common = {
      account_id: 'wdc', object_id: 42, object_nodeID: encodeNodeId('Request', 42), person_id: 100, person_nodeID: encodeNodeId('Person', 100), person_name: 'Howard',
    };
    const base = { audit_line_id: AUDIT_LINE, audit_line_nodeID: encodeNodeId('AuditLine', AUDIT_LINE), source: 'Nagios', sourceID: 'n-1' };
    expect(written.enqueues).toEqual([[
      { task: 'webhook-event', payload: { ...common, event: 'request.update', payload: { ...base, status: 'assigned' } } },
      { task: 'webhook-event', payload: { ...common, event: 'request.status-changed', payload: { ...base, status: 'assigned', previous_status: 'accepted' } } },
      expect.objectContaining({ task: 'automation-run' }),
    ]]);
  });

  it('queues, for a record automation rules exist for, one automation-run job on the condition that the account has a rule that could match', async () => {
    const { tx, written } = outbox();

    await recordChange(tx, change({
      record: { type: 'Problem', id: 9 }, changes: { status: ['assigned', 'accepted'], note_id: 5 },
      events: [{ name: 'problem.update', payload: { status: 'accepted' } }, { name: 'problem.status-changed', payload: { status: 'accepted', previous_status: 'assigned' } }],
    }));
    await recordChange(tx, change({ record: { type: 'Person', id: 9 } }));

    expect(written.enqueues[0]!.at(-1)).toEqual({
      task: 'automation-run',
      payload: {
        account_id: 'wdc', noun: 'problem', record_id: 9, actor_id: 100, source: 'Nagios', action: 'update',
        previous: { status: 'assigned' }, changed: { status: 'accepted' }, verbs: ['update', 'status-changed'], note_id: null, depth: 0,
      },
      onlyIfRules: { account: 'wdc', type: 'problem', id: 9 },
      // The rules lane leaves an account's jobs by this flag while it holds its share (decision 059).
      flags: ['rules-account:wdc'],
    });
    expect(written.enqueues[1]!.map((job) => job.task)).not.toContain('automation-run');
  });

  it('enqueues the other jobs of the change in the same call, after the events', async () => {
    const { tx, written } = outbox();
    const mail = queuedJob('send-mail', { to: 'ann@wdc.test', subject: 'Hello', text: 'Hi' });

    await recordChange(tx, change({ jobs: [mail] }));

    expect(written.enqueues).toHaveLength(1);
    expect(written.enqueues[0]!.map((job) => job.task)).toEqual(['webhook-event', 'send-mail']);
    expect(written.enqueues[0]![1]).toBe(mail);
  });

  it('still writes the audit line of a change that fires no event', async () => {
    const { tx, written } = outbox();

    await recordChange(tx, change({ events: [] }));

    expect(written.audit).toHaveLength(1);
    expect(written.enqueues).toEqual([[]]);
  });

  it('names nobody for a change the service made by itself: person_id null, person_name empty', async () => {
    const { tx, written } = outbox();

    await recordChange(tx, change({ actor: null, source: 'Tessera', sourceId: null }));

    expect(written.audit[0]!.line.personId).toBeNull();
    expect(written.enqueues[0]![0]).toMatchObject({ payload: { person_id: null, person_nodeID: null, person_name: '', payload: { source: 'Tessera', sourceID: null } } });
  });

  it('refuses a payload reference without its node id, naming the path, and enqueues none of its jobs', async () => {
    const { tx, written } = outbox();

    // Payloads the event declarations refuse to compile, as code outside their types could still write them.
    const untyped = (payload: Record<string, unknown>) => [{ name: 'person.update', payload }] as unknown as RecordChange['events'];
    await expect(recordChange(tx, change({ events: untyped({ manager: { id: 3, name: 'Mia' } }) }))).rejects.toThrow('event person.update payload lacks manager.nodeID');
    await expect(recordChange(tx, change({ events: untyped({ site_id: 4 }) }))).rejects.toThrow('payload lacks site_nodeID');
    expect(written.enqueues).toEqual([]);
  });
});
