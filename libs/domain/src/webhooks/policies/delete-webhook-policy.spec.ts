import type { AccessContext } from '../../identity/access-context.js';
import { tokenScopes } from '../../scopes/scope-statement.js';
import { fakeUnitOfWork } from '../../testing/fake-transaction.js';
import { trustedAccountId } from '../../tenancy/account-id.js';
import { deleteWebhookPolicy } from './delete-webhook-policy.js';
import type { WebhookPolicyRecord } from './webhook-policy-record.js';

const access = {
  account: { id: trustedAccountId('wdc') },
  person: { id: 1, name: 'Admin' },
  roles: ['administrator'],
  scopes: tokenScopes(['*:*']),
} as unknown as AccessContext;

const policy = { id: 3, name: 'Webhook policy 3', disabled: false, jwt_alg: 'none', jwt_audience: null, jwt_claim_expires_in: null } as WebhookPolicyRecord;

describe('deleteWebhookPolicy — a policy used by a webhook is not deleted (409)', () => {
  it('refuses before deleting when a webhook uses it, naming up to ten webhooks', async () => {
    const using = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, name: `Hook ${i + 1}` }));
    const uow = fakeUnitOfWork({ webhookPolicies: { findForUpdate: async () => policy, webhooksUsing: async () => using } });
    await expect(deleteWebhookPolicy(access, 3, uow)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/^Webhook policy id 3 \('Webhook policy 3'\) is used by webhooks id 1 \('Hook 1'\), .*id 10 \('Hook 10'\) and 2 more: remove it from them before deleting it$/),
    });
  });

  it('answers the same conflict when the store refuses a webhook attached after the check', async () => {
    const uow = fakeUnitOfWork({
      webhookPolicies: { findForUpdate: async () => policy, webhooksUsing: async () => [], delete: async () => ({ usedBy: [{ id: 8, name: 'Late' }] }) },
    });
    await expect(deleteWebhookPolicy(access, 3, uow)).rejects.toMatchObject({ code: 'CONFLICT', message: "Webhook policy id 3 ('Webhook policy 3') is used by webhook id 8 ('Late'): remove it from them before deleting it" });
  });

  it('is not found for a policy the account does not have', async () => {
    const uow = fakeUnitOfWork({ webhookPolicies: { findForUpdate: async () => null } });
    await expect(deleteWebhookPolicy(access, 3, uow)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
