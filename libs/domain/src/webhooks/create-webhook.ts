/**
 * `POST /webhooks` (SPEC.md "Webhooks API": 200, the created webhook). Steps,
 * in one transaction: check the fields (webhook-fields.ts) and references
 * (webhook-references.ts), all errors at once → insert → link the
 * description's attachments → audit line.
 */
import { assertValidInput } from '../errors/input-problems.js';
import type { AccessContext } from '../identity/access-context.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { attachmentUses, replaceDescriptionAttachments } from './description-attachments.js';
import { assertWebhookAdmin } from './webhook-admin.js';
import type { WebhookDetail } from './webhook-detail.js';
import { applyWebhookInput } from './webhook-fields.js';
import type { WebhookInput } from './webhook-record.js';
import { checkWebhookReferences } from './webhook-references.js';
import { recordSettingChange } from '../outbox/record-setting-change.js';

export async function createWebhook(access: AccessContext, input: WebhookInput, uow: UnitOfWork<'auditLines' | 'jobs' | 'webhooks' | 'attachments'>): Promise<WebhookDetail> {
  assertWebhookAdmin(access, 'Create');
  const account = access.account.id;
  const { fields, errors } = applyWebhookInput(input, null);
  return uow.transaction(async (tx) => {
    const references = await checkWebhookReferences(tx, account, input);
    assertValidInput(input, [...errors, ...references.errors]);
    const webhook = await tx.webhooks.insert(account, fields);
    const attachments = references.attachments ? (await replaceDescriptionAttachments(tx, account, webhook.id, references.attachments)).after : [];
    const audit = { ...fields, ...(attachments.length > 0 ? { description_attachments: attachmentUses(attachments) } : {}) };
    await recordSettingChange(tx, access, { type: 'Webhook', id: webhook.id }, 'create', audit);
    return { webhook, attachments };
  });
}
