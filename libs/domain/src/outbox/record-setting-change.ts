/**
 * The audit line of a change a person makes to a setting of the account
 * (integrations, their scopes and applications, webhooks, webhook policies,
 * attachments), through the one outbox writer
 * (docs/decisions/010-one-outbox-writer.md). No webhook event: SPEC.md's
 * Events table names none for these records. Callers keep secrets out of
 * `changes`.
 */
import type { AccessContext } from '../identity/access-context.js';
import type { Transaction } from '../ports/unit-of-work.js';
import { recordChange } from './record-change.js';

export async function recordSettingChange(
  tx: Pick<Transaction, 'auditLines' | 'jobs'>,
  access: Pick<AccessContext, 'account' | 'person'>,
  record: { type: string; id: number },
  action: 'create' | 'update' | 'delete',
  changes: Record<string, unknown>,
): Promise<void> {
  await recordChange(tx, {
    account: access.account.id,
    record,
    action,
    actor: { id: access.person.id, name: access.person.name },
    source: null,
    sourceId: null,
    changes,
    events: [],
  });
}
