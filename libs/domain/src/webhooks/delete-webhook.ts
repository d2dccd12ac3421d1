/**
 * `DELETE /webhooks/:id` (SPEC.md "Webhooks API": 204). Steps, in one
 * transaction: lock the webhook → forget its description's attachment links
 * (the files stay; another record may use them) → delete (its delivery log
 * goes with it) → audit line with the values it had.
 */
import { notFound } from '../errors/domain-error.js';
import type { AccessContext } from '../identity/access-context.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { assertWebhookAdmin } from './webhook-admin.js';
import { webhookFieldsOf } from './webhook-detail.js';
import { recordSettingChange } from '../outbox/record-setting-change.js';

export async function deleteWebhook(access: AccessContext, id: number, uow: UnitOfWork<'auditLines' | 'jobs' | 'webhooks' | 'attachments'>): Promise<void> {
  assertWebhookAdmin(access, 'Delete');
  const account = access.account.id;
  await uow.transaction(async (tx) => {
    const current = await tx.webhooks.findForUpdate(account, id);
    if (!current) throw notFound();
    await tx.attachments.unlinkRecord(account, { type: 'Webhook', id });
    await tx.webhooks.delete(account, id);
    await recordSettingChange(tx, access, { type: 'Webhook', id }, 'delete', { ...webhookFieldsOf(current) });
  });
}
