import type { QueuedJob } from '../../jobs/job-contract.js';
import { fakeTransaction } from '../../testing/fake-transaction.js';
import { trustedAccountId } from '../../tenancy/account-id.js';
import type { DeliveryWebhook } from './delivery-record.js';
import { DISABLE_AFTER_FAILURES } from './delivery-rules.js';
import { PAUSED_REASONS } from './paused-reason.js';
import { recordWebhookFailure, type FailureNotice } from './webhook-failure.js';

const webhook: DeliveryWebhook = {
  id: 7, account_id: trustedAccountId('wdc'), name: 'CRM', event: 'request.create', uri: 'https://crm.example/hook', disabled: false, ordered: false, mail_exceptions_to: null, policy: null,
};
const notice: FailureNotice = { delivery: { id: 'd-1', event: 'request.create' }, attempt: 3, error: '500 Internal Server Error', nextAttemptAt: new Date('2026-11-25T12:00:00Z') };

/** The webhook's failure state after this failure, and what the transaction was asked to do. */
function world(state: { consecutiveFailures: number; mailDue: boolean }, options: { alreadyDisabled?: boolean; admins?: string[] } = {}) {
  const calls = { disabled: 0, paused: [] as string[], jobs: [] as QueuedJob[], audit: [] as unknown[] };
  const tx = fakeTransaction({
    webhookDeliveries: {
      webhookFailed: async () => state,
      administratorAddresses: async () => options.admins ?? ['admin@wdc.example'],
      disableWebhook: async () => (calls.disabled++, !options.alreadyDisabled),
      pausePending: async (_account, _id, reason) => (calls.paused.push(reason), 4),
    },
    auditLines: { insert: async (_account, line) => (calls.audit.push(line), 99) },
    jobs: { enqueue: async (jobs) => void calls.jobs.push(...jobs) },
  });
  return { tx, calls };
}
const subjects = (jobs: QueuedJob[]) => jobs.map((job) => (job.payload as { subject: string }).subject);

describe('recordWebhookFailure', () => {
  it('counts a failure without an e-mail when one went out in the last 20 minutes', async () => {
    const { tx, calls } = world({ consecutiveFailures: 3, mailDue: false });
    expect(await recordWebhookFailure(tx, webhook, notice)).toEqual({ disabled: null });
    expect(calls).toEqual({ disabled: 0, paused: [], jobs: [], audit: [] });
  });

  it('mails the administrators about the first failure in 20 minutes, naming the next attempt', async () => {
    const { tx, calls } = world({ consecutiveFailures: 1, mailDue: true });
    expect(await recordWebhookFailure(tx, webhook, notice)).toEqual({ disabled: null });
    expect(calls.jobs).toHaveLength(1);
    expect(calls.jobs[0]!.payload).toMatchObject({ to: 'admin@wdc.example', subject: 'Webhook "CRM" failed: 500 Internal Server Error' });
    expect(JSON.stringify(calls.jobs[0]!.payload)).toContain('2026-11-25T12:00:00.000Z');
    expect(calls.disabled).toBe(0);
  });

  it('mails mail_exceptions_to instead of the administrators when it is set', async () => {
    const { tx, calls } = world({ consecutiveFailures: 1, mailDue: true });
    await recordWebhookFailure(tx, { ...webhook, mail_exceptions_to: 'ops@crm.example, dev@crm.example' }, notice);
    expect(calls.jobs[0]!.payload).toMatchObject({ to: 'ops@crm.example, dev@crm.example' });
  });

  it(`disables the webhook at ${DISABLE_AFTER_FAILURES} failures: pending deliveries paused, an audit line by the service, both e-mails`, async () => {
    const { tx, calls } = world({ consecutiveFailures: DISABLE_AFTER_FAILURES, mailDue: true });
    expect(await recordWebhookFailure(tx, webhook, notice)).toEqual({ disabled: PAUSED_REASONS.afterFailures });
    expect(calls.paused).toEqual([PAUSED_REASONS.afterFailures]);
    expect(calls.audit).toEqual([expect.objectContaining({ recordType: 'Webhook', recordId: 7, personId: null, action: 'update', changes: { disabled: [false, true] } })]);
    expect(subjects(calls.jobs)).toHaveLength(2);
    // The failure e-mail of the disabling attempt promises no next attempt.
    expect(JSON.stringify(calls.jobs[0]!.payload)).not.toContain('2026-11-25T12:00:00.000Z');
  });

  it('disables at once on 410 Gone, with its own reason, even with no e-mail due', async () => {
    const { tx, calls } = world({ consecutiveFailures: 1, mailDue: false });
    expect(await recordWebhookFailure(tx, webhook, { ...notice, error: '410 Gone', gone: true })).toEqual({ disabled: PAUSED_REASONS.gone });
    expect(calls.paused).toEqual([PAUSED_REASONS.gone]);
    expect(subjects(calls.jobs)).toHaveLength(1);
  });

  it('does not disable twice: a webhook another worker disabled meanwhile is left as it is, and only the failure e-mail goes', async () => {
    const { tx, calls } = world({ consecutiveFailures: DISABLE_AFTER_FAILURES + 1, mailDue: true }, { alreadyDisabled: true });
    expect(await recordWebhookFailure(tx, webhook, notice)).toEqual({ disabled: null });
    expect(calls.paused).toEqual([]);
    expect(calls.audit).toEqual([]);
    expect(calls.jobs).toHaveLength(1);
  });

  it('sends nothing when there is nobody to tell, but still disables', async () => {
    const { tx, calls } = world({ consecutiveFailures: DISABLE_AFTER_FAILURES, mailDue: true }, { admins: [] });
    expect(await recordWebhookFailure(tx, webhook, notice)).toEqual({ disabled: PAUSED_REASONS.afterFailures });
    expect(calls.jobs).toEqual([]);
  });
});
