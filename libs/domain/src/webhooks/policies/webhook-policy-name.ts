/**
 * REFERENCE.md "Webhooks": a policy's `name` is generated and read-only. It is
 * `Webhook policy <n>`, n one more than the highest of the account's policies,
 * taken under a per-account lock so that two creates never pick the same n.
 */
import type { AccountId } from '../../tenancy/account-id.js';
import type { Transaction } from '../../ports/unit-of-work.js';

export const WEBHOOK_POLICY_NAME_PREFIX = 'Webhook policy ';

export async function nextWebhookPolicyName(tx: Pick<Transaction, 'lock' | 'webhookPolicies'>, account: AccountId): Promise<string> {
  await tx.lock(`webhook-policy-names:${account}`);
  return `${WEBHOOK_POLICY_NAME_PREFIX}${(await tx.webhookPolicies.lastNameNumber(account)) + 1}`;
}
