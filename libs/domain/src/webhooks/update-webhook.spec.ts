import type { AccessContext } from '../identity/access-context.js';
import { tokenScopes } from '../scopes/scope-statement.js';
import { trustedAccountId } from '../tenancy/account-id.js';
import { fakeUnitOfWork } from '../testing/fake-transaction.js';
import { PAUSED_REASONS } from './deliveries/paused-reason.js';
import { updateWebhook } from './update-webhook.js';
import type { WebhookChanges, WebhookRecord } from './webhook-record.js';

const WDC = trustedAccountId('wdc');
const access = (roles: AccessContext['roles'] = ['administrator'], lines = ['*:*']): AccessContext => ({
  person: { id: 3, name: 'Alice Admin', accountId: 'wdc', primaryEmail: 'admin@widget.example', organizationId: null, inDirectoryAccount: false },
  account: { id: WDC, name: 'Widget Data Center', directoryAccountId: null },
  roles,
  scopes: tokenScopes(lines),
  token: { kind: 'personal_access_token', id: 1 },
});

const stored: WebhookRecord = {
  id: 12, account_id: WDC, name: 'Pager', event: 'request.create', uri: 'https://hooks.example/in', description: null, disabled: true, ordered: false,
  mail_exceptions_to: null, webhook_policy: null, source: null, source_id: null, last_error: '404 Not Found',
  created_at: new Date(0), updated_at: new Date(0),
};

/** A unit of work that records what the use case writes. */
function store(webhook: WebhookRecord = stored) {
  const updates: WebhookChanges[] = [];
  const audits: Array<Record<string, unknown>> = [];
  const paused: Array<[number, string]> = [];
  const uow = fakeUnitOfWork({
    webhooks: {
      findForUpdate: async (_account, id) => (id === webhook.id ? webhook : null),
      update: async (_account, _id, changes) => (updates.push(changes), { ...webhook, ...changes }),
      findPolicy: async () => null,
    },
    attachments: { linked: async () => [] },
    auditLines: { insert: async (_account, line) => (audits.push(line.changes), 1) },
    jobs: { enqueue: async () => undefined },
    webhookDeliveries: { pausePending: async (_account, id, reason) => (paused.push([id, reason]), 3) },
  });
  return { uow, updates, audits, paused };
}

describe('updateWebhook — SPEC.md "Webhook enabled flag"', () => {
  it('restarts the failure count when a person turns a disabled webhook back on', async () => {
    const { uow, updates, audits } = store();
    await updateWebhook(access(), stored.id, { disabled: false }, uow);
    expect(updates).toEqual([{ disabled: false, consecutive_failures: 0 }]);
    expect(audits).toEqual([{ disabled: [true, false] }]);
  });

  it('pauses the pending deliveries of a webhook a person disables, saying why', async () => {
    const { uow, updates, audits, paused } = store({ ...stored, disabled: false });
    await updateWebhook(access(), stored.id, { disabled: true }, uow);
    expect(updates).toEqual([{ disabled: true }]);
    expect(paused).toEqual([[stored.id, PAUSED_REASONS.disabledByAdministrator]]);
    expect(audits).toEqual([{ disabled: [false, true] }]);
  });

  it('changes no delivery when the webhook is turned back on, stays disabled or is edited otherwise', async () => {
    const disabled = store();
    await updateWebhook(access(), stored.id, { disabled: false }, disabled.uow);
    await updateWebhook(access(), stored.id, { disabled: true, name: 'Still off' }, disabled.uow);
    const enabled = store({ ...stored, disabled: false });
    await updateWebhook(access(), stored.id, { name: 'Renamed', disabled: false }, enabled.uow);
    expect([disabled.paused, enabled.paused]).toEqual([[], []]);
  });

  it('leaves the count alone for any other change', async () => {
    const { uow, updates } = store();
    await updateWebhook(access(), stored.id, { name: 'Renamed', disabled: true }, uow);
    expect(updates).toEqual([{ name: 'Renamed' }]);
  });

  it('writes nothing for no change, and nothing when a rule is broken', async () => {
    const { uow, updates, audits } = store();
    await updateWebhook(access(), stored.id, { uri: stored.uri, disabled: true }, uow);
    await expect(updateWebhook(access(), stored.id, { disabled: false, uri: 'nope' }, uow)).rejects.toMatchObject({ code: 'VALIDATION_FAILED', errors: [['uri', 'Uri is not an absolute URI']] });
    await expect(updateWebhook(access(), stored.id, { webhook_policy: 5 }, uow)).rejects.toMatchObject({ errors: [['webhook_policy', expect.any(String)]] });
    expect(updates).toEqual([]);
    expect(audits).toEqual([]);
  });

  it('is not found for a webhook the account does not have, and forbidden without the role or the scope', async () => {
    const { uow } = store();
    await expect(updateWebhook(access(), 99, { name: 'x' }, uow)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(updateWebhook(access(['agent']), stored.id, { name: 'x' }, uow)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(updateWebhook(access(['administrator'], ['webhook:Read']), stored.id, { name: 'x' }, uow)).rejects.toThrow('webhook:Update');
  });
});
