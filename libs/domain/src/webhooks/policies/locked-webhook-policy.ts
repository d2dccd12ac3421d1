import { notFound } from '../../errors/domain-error.js';
import type { AccessContext } from '../../identity/access-context.js';
import type { Transaction } from '../../ports/unit-of-work.js';
import type { WebhookPolicyRecord } from './webhook-policy-record.js';

/**
 * The policy of the call's account, row-locked for the rest of the
 * transaction, so that its changes (and a delete against a webhook being
 * attached to it) happen one after the other; not found otherwise.
 */
export async function lockedWebhookPolicy(tx: Pick<Transaction, 'webhookPolicies'>, access: Pick<AccessContext, 'account'>, id: number): Promise<WebhookPolicyRecord> {
  const policy = await tx.webhookPolicies.findForUpdate(access.account.id, id);
  if (!policy) throw notFound();
  return policy;
}
