/**
 * `PATCH /webhooks/:id` (SPEC.md "Webhooks API": 200, the updated webhook).
 * Steps, in one transaction: lock the webhook → check the fields and
 * references against it, all errors at once → keep what really changes →
 * re-enabling resets the failure count (webhook-enabled-flag.ts) → update →
 * disabling pauses the webhook's pending deliveries (issue 19 item 5: kept,
 * visible in the delivery log with why, not failed) → replace the
 * description's attachments when given → one audit line.
 * Re-enabling changes no delivery, so the receiver is not flooded by itself;
 * `POST /v1/webhooks/:id/redeliver` sends the paused ones.
 * A PATCH that changes nothing writes nothing.
 */
import { notFound } from '../errors/domain-error.js';
import { assertValidInput } from '../errors/input-problems.js';
import type { AccessContext } from '../identity/access-context.js';
import { auditPairs, changedFields } from '../integrations/changed-fields.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { attachmentUses, descriptionField, replaceDescriptionAttachments } from './description-attachments.js';
import { assertWebhookAdmin } from './webhook-admin.js';
import { webhookFieldsOf, type WebhookDetail } from './webhook-detail.js';
import { disables, reenables } from './webhook-enabled-flag.js';
import { applyWebhookInput } from './webhook-fields.js';
import type { WebhookChanges, WebhookFields, WebhookInput } from './webhook-record.js';
import { checkWebhookReferences } from './webhook-references.js';
import { recordSettingChange } from '../outbox/record-setting-change.js';
import { PAUSED_REASONS } from './deliveries/paused-reason.js';

const sameUses = (a: unknown[], b: unknown[]) => JSON.stringify(a) === JSON.stringify(b);

export async function updateWebhook(
  access: AccessContext,
  id: number,
  input: WebhookInput,
  uow: UnitOfWork<'auditLines' | 'jobs' | 'webhookDeliveries' | 'webhooks' | 'attachments'>,
): Promise<WebhookDetail> {
  assertWebhookAdmin(access, 'Update');
  const account = access.account.id;
  return uow.transaction(async (tx) => {
    const current = await tx.webhooks.findForUpdate(account, id);
    if (!current) throw notFound();
    const before = webhookFieldsOf(current);
    const { fields, errors } = applyWebhookInput(input, before);
    const references = await checkWebhookReferences(tx, account, input);
    assertValidInput(input, [...errors, ...references.errors]);

    const changed = changedFields<WebhookFields>(before, fields);
    const audit = auditPairs(before, changed);
    let attachments = await tx.attachments.linked(account, descriptionField(id));
    if (references.attachments) {
      const replaced = await replaceDescriptionAttachments(tx, account, id, references.attachments);
      const [was, is] = [attachmentUses(replaced.before), attachmentUses(replaced.after)];
      if (!sameUses(was, is)) audit['description_attachments'] = [was, is];
      attachments = replaced.after;
    }
    if (Object.keys(audit).length === 0) return { webhook: current, attachments };
    const changes: WebhookChanges = reenables(current, changed) ? { ...changed, consecutive_failures: 0 } : changed;
    const webhook = await tx.webhooks.update(account, id, changes);
    if (disables(current, changed)) await tx.webhookDeliveries.pausePending(account, id, PAUSED_REASONS.disabledByAdministrator);
    await recordSettingChange(tx, access, { type: 'Webhook', id }, 'update', audit);
    return { webhook, attachments };
  });
}
