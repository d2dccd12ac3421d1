/**
 * The webhook policy reads of the REST API (REFERENCE.md "Webhooks"): a page of
 * the account's policies (all, or only the enabled or disabled ones, as the
 * `/enabled` and `/disabled` collections ask), and one policy. Administrators
 * only, with `webhook_policy:Read`; another account's policy is not found.
 */
import type { CollectionQuery, Page } from '../../collections/collection-query.js';
import { notFound } from '../../errors/domain-error.js';
import type { AccessContext } from '../../identity/access-context.js';
import type { Repositories } from '../../ports/unit-of-work.js';
import { assertWebhookPolicyAdmin } from './webhook-policy-admin.js';
import type { WebhookPolicyRecord } from './webhook-policy-record.js';

export type WebhookPolicyState = 'all' | 'enabled' | 'disabled';

type Reads = Pick<Repositories, 'webhookPolicies'>;

export function listWebhookPolicies(access: AccessContext, state: WebhookPolicyState, query: CollectionQuery, repos: Reads): Promise<Page<WebhookPolicyRecord>> {
  assertWebhookPolicyAdmin(access, 'Read');
  const filters = state === 'all' ? query.filters : [...query.filters, { field: 'disabled', operator: 'in' as const, values: [state === 'disabled'] }];
  return repos.webhookPolicies.list(access.account.id, { ...query, filters });
}

export async function getWebhookPolicy(access: AccessContext, id: number, repos: Reads): Promise<WebhookPolicyRecord> {
  assertWebhookPolicyAdmin(access, 'Read');
  const policy = await repos.webhookPolicies.find(access.account.id, id);
  if (!policy) throw notFound();
  return policy;
}
