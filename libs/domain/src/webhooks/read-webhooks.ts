/**
 * The webhook reads of SPEC.md "Webhooks API": `GET /webhooks`,
 * `/webhooks/enabled`, `/webhooks/disabled` (pages of the account's webhooks)
 * and `GET /webhooks/:id` (one, with its description's attachments).
 * Administrators only, with `webhook:Read`; another account's webhook is not found.
 */
import type { CollectionQuery, Page } from '../collections/collection-query.js';
import { notFound } from '../errors/domain-error.js';
import type { AccessContext } from '../identity/access-context.js';
import type { Repositories } from '../ports/unit-of-work.js';
import { descriptionField } from './description-attachments.js';
import { assertWebhookAdmin } from './webhook-admin.js';
import type { WebhookDetail } from './webhook-detail.js';
import { stateFilter, type WebhookState } from './webhook-enabled-flag.js';
import type { WebhookRecord } from './webhook-record.js';

export function listWebhooks(access: AccessContext, query: CollectionQuery, state: WebhookState, repos: Pick<Repositories, 'webhooks'>): Promise<Page<WebhookRecord>> {
  assertWebhookAdmin(access, 'Read');
  const filter = stateFilter(state);
  return repos.webhooks.list(access.account.id, filter ? { ...query, filters: [...query.filters, filter] } : query);
}

export async function getWebhook(access: AccessContext, id: number, repos: Pick<Repositories, 'webhooks' | 'attachments'>): Promise<WebhookDetail> {
  assertWebhookAdmin(access, 'Read');
  const webhook = await repos.webhooks.find(access.account.id, id);
  if (!webhook) throw notFound();
  return { webhook, attachments: await repos.attachments.linked(access.account.id, descriptionField(id)) };
}
