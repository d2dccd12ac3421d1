/**
 * The audit line of a change to an integration, one of its scopes or one of
 * its OAuth applications, through the one outbox writer
 * (docs/decisions/010-one-outbox-writer.md). No webhook event: SPEC.md's
 * Events table names none for these records.
 */
import type { AccessContext } from '../identity/access-context.js';
import { recordSettingChange } from '../outbox/record-setting-change.js';
import type { Transaction } from '../ports/unit-of-work.js';

/** Node types of the records, as in their node ids and audit lines. */
export type IntegrationNodeType = 'Integration' | 'IntegrationScope' | 'OAuthApplication';

export async function recordIntegrationChange(
  tx: Pick<Transaction, 'auditLines' | 'jobs'>,
  access: Pick<AccessContext, 'account' | 'person'>,
  record: { type: IntegrationNodeType; id: number },
  action: 'create' | 'update' | 'delete',
  changes: Record<string, unknown>,
): Promise<void> {
  await recordSettingChange(tx, access, record, action, changes);
}
