/**
 * `POST /attachments`: stores a file of the call's account, for a webhook's
 * `description_attachments` to use (SPEC.md "Webhook"). Needs what writing a
 * webhook needs: the administrator role and `webhook:Create`. The size limit
 * is the transport's (it stops reading past it); here a file must not be
 * empty. Steps, in one transaction: name the file (attachment-file.ts) →
 * insert → audit line (no bytes in it).
 */
import { assertValidInput } from '../../errors/input-problems.js';
import type { AccessContext } from '../../identity/access-context.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';
import { recordSettingChange } from '../../outbox/record-setting-change.js';
import { assertWebhookAdmin } from '../webhook-admin.js';
import { attachmentContentType, attachmentFileErrors, attachmentFilename, generateAttachmentKey } from './attachment-file.js';
import type { AttachmentRecord } from './attachment-record.js';

export interface UploadedFile {
  filename: string | undefined;
  contentType: string | undefined;
  data: Uint8Array;
}

export async function uploadAttachment(access: AccessContext, file: UploadedFile, uow: UnitOfWork<'auditLines' | 'jobs' | 'attachments'>): Promise<AttachmentRecord> {
  assertWebhookAdmin(access, 'Create');
  assertValidInput(file, attachmentFileErrors(file.data.byteLength));
  const fields = { key: generateAttachmentKey(), filename: attachmentFilename(file.filename), content_type: attachmentContentType(file.contentType) };
  return uow.transaction(async (tx) => {
    const attachment = await tx.attachments.insert(access.account.id, { ...fields, data: file.data, created_by_id: access.person.id });
    await recordSettingChange(tx, access, { type: 'Attachment', id: attachment.id }, 'create', { ...fields, size: attachment.size });
    return attachment;
  });
}
