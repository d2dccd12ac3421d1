/**
 * The audit lines of UI extensions and their versions, through the one outbox
 * writer. No webhook event: SPEC.md's Events table names none for them.
 */
import type { AccessContext } from '../identity/access-context.js';
import { recordSettingChange } from '../outbox/record-setting-change.js';
import type { Transaction } from '../ports/unit-of-work.js';

export type UiExtensionNodeType = 'UiExtension' | 'UiExtensionVersion';

export async function recordUiExtensionChange(
  tx: Pick<Transaction, 'auditLines' | 'jobs'>,
  access: Pick<AccessContext, 'account' | 'person'>,
  record: { type: UiExtensionNodeType; id: number },
  action: 'create' | 'update',
  changes: Record<string, unknown>,
): Promise<void> {
  await recordSettingChange(tx, access, record, action, changes);
}
