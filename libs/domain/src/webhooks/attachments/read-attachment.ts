/**
 * `GET /attachments/:key`: the bytes of an attachment of the call's account,
 * for administrators with `webhook:Read` (the webhooks whose descriptions use
 * them are theirs to read). Another account's key is not found.
 */
import { notFound } from '../../errors/domain-error.js';
import type { AccessContext } from '../../identity/access-context.js';
import type { Repositories } from '../../ports/unit-of-work.js';
import { assertWebhookAdmin } from '../webhook-admin.js';
import type { AttachmentContent } from './attachment-record.js';

export async function readAttachment(access: AccessContext, key: string, repos: Pick<Repositories, 'attachments'>): Promise<AttachmentContent> {
  assertWebhookAdmin(access, 'Read');
  const attachment = await repos.attachments.findContent(access.account.id, key);
  if (!attachment) throw notFound();
  return attachment;
}
