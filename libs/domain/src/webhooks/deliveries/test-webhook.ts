/**
 * `POST /v1/webhooks/:id/test` (SPEC.md "Webhooks API", test rule): the uri
 * receives a message whose object_id is the constant 12345, also when the
 * webhook is disabled, signed like a real one. The delivery is queued like
 * any other (a dispatcher claims, signs and sends it, and logs the attempt); a test
 * delivery gets one attempt and never counts as the webhook's failure.
 */
import { notFound } from '../../errors/domain-error.js';
import type { EventNoun } from '../../events/event-catalogue.js';
import type { AccessContext } from '../../identity/access-context.js';
import { encodeNodeId } from '../../node-id.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';
import { assertWebhookAdmin } from '../webhook-admin.js';
import { accountUrl, buildWebhookMessage } from './webhook-message.js';
import { newDeliveryId } from './delivery-id.js';

/** SPEC.md "Events" rule 1: a test delivery's object_id. */
export const TEST_OBJECT_ID = 12345;

// Node types whose name is not the noun in PascalCase.
const NODE_TYPES: Partial<Record<EventNoun, string>> = { ci: 'ConfigurationItem', flsa: 'Flsa', sla: 'Sla' };

/** The node type of an event's record: `request.create` → `Request`, `ci.update` → `ConfigurationItem`. */
export function eventNodeType(event: string): string {
  const noun = event.split('.')[0]!;
  return NODE_TYPES[noun as EventNoun] ?? noun.split('_').map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
}

export async function testWebhook(
  access: AccessContext,
  webhookId: number,
  deps: { uow: UnitOfWork<'webhookDeliveries' | 'now'>; apiUrl: string },
): Promise<{ deliveryId: string }> {
  assertWebhookAdmin(access, 'Update');
  const account = access.account.id;
  return deps.uow.transaction(async (tx) => {
    const webhook = await tx.webhookDeliveries.webhook(account, webhookId);
    if (!webhook) throw notFound();
    const eventAt = await tx.now();
    const id = newDeliveryId(eventAt);
    const message = buildWebhookMessage(
      {
        account_id: account,
        event: webhook.event,
        object_id: TEST_OBJECT_ID,
        object_nodeID: encodeNodeId(eventNodeType(webhook.event), TEST_OBJECT_ID),
        person_id: access.person.id,
        person_nodeID: encodeNodeId('Person', access.person.id),
        person_name: access.person.name,
        payload: { test: true },
      },
      webhook,
      accountUrl(deps.apiUrl, account),
    );
    await tx.webhookDeliveries.insert([{ id, account, webhookId, test: true, message, eventAt, sequence: null, ordered: false }]);
    return { deliveryId: id };
  });
}
