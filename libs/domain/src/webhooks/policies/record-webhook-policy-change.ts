/**
 * The audit line of a change to a webhook policy, through the one outbox
 * writer (docs/decisions/010-one-outbox-writer.md). No webhook event: SPEC.md's
 * Events table names none for policies. Key material never goes into it.
 */
import type { AccessContext } from '../../identity/access-context.js';
import { recordSettingChange } from '../../outbox/record-setting-change.js';
import type { Transaction } from '../../ports/unit-of-work.js';

export const WEBHOOK_POLICY_NODE_TYPE = 'WebhookPolicy';

export async function recordWebhookPolicyChange(
  tx: Pick<Transaction, 'auditLines' | 'jobs'>,
  access: Pick<AccessContext, 'account' | 'person'>,
  id: number,
  action: 'create' | 'update' | 'delete',
  changes: Record<string, unknown>,
): Promise<void> {
  await recordSettingChange(tx, access, { type: WEBHOOK_POLICY_NODE_TYPE, id }, action, changes);
}
