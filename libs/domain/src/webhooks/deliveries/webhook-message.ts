/**
 * The body of a webhook message (REFERENCE.md "Webhooks"): what a receiver gets
 * as the JSON body, or as the `data` claim of the JWT when the webhook has a
 * policy. Built once per delivery by the fan-out and stored unsigned; each
 * attempt signs it afresh (a new timestamp, the same delivery id).
 */
import type { WebhookEventJob } from '../../jobs/job-contract.js';
import { encodeNodeId } from '../../node-id.js';

export interface WebhookMessage {
  webhook_id: number;
  webhook_nodeID: string;
  account_id: string;
  /** The account URL (decision 016): the api base URL and the account id; also the JWT `iss`. */
  account: string;
  /** The webhook's name. */
  name: string;
  event: string;
  object_id: number;
  object_nodeID: string;
  /** The person who made the change; null (and an empty name) for the service's own changes. */
  person_id: number | null;
  person_nodeID: string | null;
  person_name: string;
  payload: Record<string, unknown>;
}

/** The part of a webhook the message names. */
export interface MessageWebhook {
  id: number;
  name: string;
}

/**
 * The account URL: the public api base URL (`.../v1`) with the account id as a
 * path segment. It names the account for a receiver and is the JWT issuer; it
 * is an identifier, not an endpoint (decision 016).
 */
export function accountUrl(apiBaseUrl: string, accountId: string): string {
  return `${apiBaseUrl.replace(/\/+$/, '')}/accounts/${encodeURIComponent(accountId)}`;
}

export function buildWebhookMessage(event: WebhookEventJob, webhook: MessageWebhook, account: string): WebhookMessage {
  return {
    webhook_id: webhook.id,
    webhook_nodeID: encodeNodeId('Webhook', webhook.id),
    account_id: event.account_id,
    account,
    name: webhook.name,
    event: event.event,
    object_id: event.object_id,
    object_nodeID: event.object_nodeID,
    person_id: event.person_id,
    person_nodeID: event.person_nodeID,
    person_name: event.person_name,
    payload: event.payload,
  };
}
