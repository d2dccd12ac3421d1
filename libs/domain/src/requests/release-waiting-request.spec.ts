import type { QueuedJob } from '../jobs/job-contract.js';
import { encodeNodeId } from '../node-id.js';
import { releaseWaitingRequest } from './release-waiting-request.js';
import type { RequestRecord } from './request-record.js';
import type { RequestView } from './request-view.js';
import { trustedAccountId } from '../tenancy/account-id.js';
import { fakeUnitOfWork } from '../testing/fake-transaction.js';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);

/** An in-memory unit of work holding one request of account wdc; records what the use case wrote. */
function storeWith(values: Partial<RequestRecord>) {
  let request = { id: 42, account_id: trustedAccountId('wdc'), status: 'waiting_for', waiting_until: at(-1), ...values } as RequestRecord;
  const written = { audit: [] as unknown[], jobs: [] as QueuedJob[], updates: 0 };
  const store = fakeUnitOfWork({
    requests: {
      findForUpdate: async (accountId, id) => (accountId === request.account_id && id === request.id ? request : null),
      update: async (_accountId, _id, changes) => {
        written.updates += 1;
        request = { ...request, ...changes };
        return request as RequestView;
      },
    },
    now: async () => NOW,
    auditLines: {
      insert: async (accountId, { recordType, ...line }) => {
        expect(recordType).toBe('Request');
        written.audit.push({ accountId, ...line });
        return 7;
      },
    },
    jobs: { enqueue: async (jobs) => void written.jobs.push(...jobs), cancel: async () => undefined },
  });
  return { store, written, current: () => request };
}

describe('releaseWaitingRequest', () => {
  it.each([
    ['waiting_until is exactly now', at(0)],
    ['waiting_until has passed', at(-60_000)],
  ])('assigns a waiting_for request when %s', async (_case, waitingUntil) => {
    const { store, written, current } = storeWith({ waiting_until: waitingUntil });

    expect(await releaseWaitingRequest({ account_id: 'wdc', request_id: 42 }, store)).toBe('released');

    expect(current()).toMatchObject({ status: 'assigned', waiting_until: null });
    expect(written.audit).toEqual([
      { accountId: 'wdc', recordId: 42, personId: null, source: 'Tessera', sourceId: null, action: 'update', changes: { status: ['waiting_for', 'assigned'], waiting_until: [waitingUntil, null] } },
    ]);
    const system = { account_id: 'wdc', object_id: 42, object_nodeID: encodeNodeId('Request', 42), person_id: null, person_nodeID: null, person_name: '' };
    const base = { audit_line_id: 7, audit_line_nodeID: encodeNodeId('AuditLine', 7), source: 'Tessera', sourceID: null };
    expect(written.jobs).toEqual([
      { task: 'webhook-event', payload: { ...system, event: 'request.update', payload: { ...base, status: 'assigned' } } },
      { task: 'webhook-event', payload: { ...system, event: 'request.status-changed', payload: { ...base, status: 'assigned', previous_status: 'waiting_for' } } },
      expect.objectContaining({ task: 'automation-run', payload: expect.objectContaining({ actor_id: null, previous: { status: 'waiting_for', waiting_until: waitingUntil }, verbs: ['update', 'status-changed'] }) }),
    ]);
  });

  it.each([
    ['waiting_until was moved later', { waiting_until: at(1) }],
    ['waiting_until was cleared', { waiting_until: null }],
    ['the status changed meanwhile', { status: 'in_progress' as const }],
  ])('changes nothing when %s', async (_case, values) => {
    const { store, written } = storeWith(values);

    expect(await releaseWaitingRequest({ account_id: 'wdc', request_id: 42 }, store)).toBe('skipped');
    expect(written).toEqual({ audit: [], jobs: [], updates: 0 });
  });

  it('changes nothing when the request is not in that account (or is gone)', async () => {
    const { store, written } = storeWith({});

    expect(await releaseWaitingRequest({ account_id: 'other', request_id: 42 }, store)).toBe('skipped');
    expect(await releaseWaitingRequest({ account_id: 'wdc', request_id: 43 }, store)).toBe('skipped');
    expect(written.updates).toBe(0);
  });
});
