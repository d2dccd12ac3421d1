/**
 * The audit line of a change to a webhook or an upload of an attachment,
 * through the one outbox writer (docs/decisions/010-one-outbox-writer.md).
 * No webhook event: SPEC.md's Events table names none for these records.
 */
import type { AccessContext } from '../identity/access-context.js';
import { recordSettingChange } from '../outbox/record-setting-change.js';
import type { Transaction } from '../ports/unit-of-work.js';

/** Node types of the records, as in their node ids and audit lines. */
export type WebhookNodeType = 'Webhook' | 'Attachment';

export async function recordWebhookChange(
  tx: Pick<Transaction, 'auditLines' | 'jobs'>,
  access: Pick<AccessContext, 'account' | 'person'>,
  record: { type: WebhookNodeType; id: number },
  action: 'create' | 'update' | 'delete',
  changes: Record<string, unknown>,
): Promise<void> {
  await recordSettingChange(tx, access, record, action, changes);
}
