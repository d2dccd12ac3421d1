/**
 * The references of a webhook's input, checked in the transaction that writes
 * it, with the field rules' errors so that every problem is reported at once:
 * - `webhook_policy`: a policy of the same account (SPEC.md "Webhook"); another
 *   account's policy is as unknown as a missing one, so the message gives the
 *   id alone (a name would tell another account's).
 * - `description_attachments`: attachments this account uploaded, each key
 *   once (the last `inline` given wins), at most 100.
 */
import type { FieldError } from '../errors/domain-error.js';
import type { Transaction } from '../ports/unit-of-work.js';
import type { AccountId } from '../tenancy/account-id.js';
import { DESCRIPTION_ATTACHMENTS_MAX } from './webhook-declaration.js';
import type { WebhookPolicyRef, WebhookInput } from './webhook-record.js';


export interface AttachmentLinks {
  links: Array<{ attachmentId: number; inline: boolean }>;
}

export interface WebhookReferences {
  errors: FieldError[];
  policy: WebhookPolicyRef | null | undefined;
  /** The description's attachments when the input sets them. */
  attachments: AttachmentLinks | undefined;
}

async function policyOf(tx: Pick<Transaction, 'webhooks'>, account: AccountId, id: number | null | undefined, errors: FieldError[]) {
  if (id === undefined || id === null) return id;
  const policy = await tx.webhooks.findPolicy(account, id);
  if (!policy) errors.push(['webhook_policy', `Webhook policy id ${id} is not a webhook policy of this account`]);
  return policy;
}

async function attachmentsOf(tx: Pick<Transaction, 'attachments'>, account: AccountId, input: WebhookInput, errors: FieldError[]) {
  const uses = input.description_attachments;
  if (uses === undefined) return undefined;
  const inline = new Map(uses.map((use) => [use.key, use.inline ?? false]));
  if (inline.size > DESCRIPTION_ATTACHMENTS_MAX) {
    errors.push(['description_attachments', `Description attachments has too many attachments (maximum is ${DESCRIPTION_ATTACHMENTS_MAX})`]);
    return undefined;
  }
  const found = inline.size === 0 ? [] : await tx.attachments.findByKeys(account, [...inline.keys()]);
  const known = new Set(found.map((attachment) => attachment.key));
  for (const key of inline.keys()) {
    if (!known.has(key)) errors.push(['description_attachments', `Attachment '${key.slice(0, 80)}' is not known (upload it with POST /attachments first)`]);
  }
  return { links: found.map((attachment) => ({ attachmentId: attachment.id, inline: inline.get(attachment.key)! })) };
}

export async function checkWebhookReferences(tx: Pick<Transaction, 'webhooks' | 'attachments'>, account: AccountId, input: WebhookInput): Promise<WebhookReferences> {
  const errors: FieldError[] = [];
  const policy = await policyOf(tx, account, input.webhook_policy, errors);
  const attachments = await attachmentsOf(tx, account, input, errors);
  return { errors, policy, attachments };
}
