/**
 * `DELETE /v1/webhook_policies/:id`: removes a policy no webhook uses. A policy
 * still referenced is a 409 naming the webhooks (remove it from them first):
 * checked before deleting, and again by the store's foreign key (RESTRICT) for
 * a webhook attached in between. Steps, in one transaction: lock the policy →
 * the webhooks using it → delete → audit line with the values it had.
 */
import { conflict } from '../../errors/domain-error.js';
import type { AccessContext } from '../../identity/access-context.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';
import { lockedWebhookPolicy } from './locked-webhook-policy.js';
import { recordWebhookPolicyChange } from './record-webhook-policy-change.js';
import { assertWebhookPolicyAdmin } from './webhook-policy-admin.js';
import { describeWebhookPolicy } from './webhook-policy-name.js';
import type { WebhookPolicyRecord, WebhookUsingPolicy } from './webhook-policy-record.js';

const LISTED = 10;

/** Records are named `id N ('name')`: the id is what a client sends, the name what it lists. */
export function policyInUse(policy: Pick<WebhookPolicyRecord, 'id' | 'name'>, webhooks: WebhookUsingPolicy[]) {
  const named = webhooks.slice(0, LISTED).map((webhook) => `id ${webhook.id} ('${webhook.name}')`).join(', ');
  const more = webhooks.length > LISTED ? ` and ${webhooks.length - LISTED} more` : '';
  return conflict(`${describeWebhookPolicy(policy)} is used by ${webhooks.length === 1 ? 'webhook' : 'webhooks'} ${named}${more}: remove it from them before deleting it`);
}

export async function deleteWebhookPolicy(access: AccessContext, id: number, uow: UnitOfWork<'auditLines' | 'jobs' | 'webhookPolicies'>): Promise<void> {
  assertWebhookPolicyAdmin(access, 'Delete');
  await uow.transaction(async (tx) => {
    const policy = await lockedWebhookPolicy(tx, access, id);
    const using = await tx.webhookPolicies.webhooksUsing(access.account.id, id);
    if (using.length > 0) throw policyInUse(policy, using);
    const { usedBy } = await tx.webhookPolicies.delete(access.account.id, id);
    if (usedBy.length > 0) throw policyInUse(policy, usedBy);
    const { name, disabled, jwt_alg, jwt_audience, jwt_claim_expires_in } = policy;
    await recordWebhookPolicyChange(tx, access, id, 'delete', { name, disabled, jwt_alg, jwt_audience, jwt_claim_expires_in });
  });
}
