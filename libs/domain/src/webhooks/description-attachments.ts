/**
 * SPEC.md "Webhook" `description_attachments` (writeonly) and `attachments`
 * (readonly, aggregated): the attachments the description uses are links of
 * the webhook's `description` field (record type `Webhook`); setting
 * `description_attachments` replaces the whole set.
 */
import type { Transaction } from '../ports/unit-of-work.js';
import type { AccountId } from '../tenancy/account-id.js';
import type { AttachmentField, LinkedAttachment } from './attachments/attachment-record.js';
import type { AttachmentLinks } from './webhook-references.js';

export const descriptionField = (webhookId: number): AttachmentField => ({ recordType: 'Webhook', recordId: webhookId, field: 'description' });

/** How an audit line shows a set of attachments. */
export const attachmentUses = (attachments: readonly LinkedAttachment[]) => attachments.map(({ key, inline }) => ({ key, inline }));

export async function replaceDescriptionAttachments(
  tx: Pick<Transaction, 'attachments'>,
  account: AccountId,
  webhookId: number,
  wanted: AttachmentLinks,
): Promise<{ before: LinkedAttachment[]; after: LinkedAttachment[] }> {
  const field = descriptionField(webhookId);
  const before = await tx.attachments.linked(account, field);
  await tx.attachments.replaceLinks(account, field, wanted.links);
  return { before, after: await tx.attachments.linked(account, field) };
}
