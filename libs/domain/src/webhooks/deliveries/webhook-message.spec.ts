import { decodeNodeId } from '../../node-id.js';
import { accountUrl, buildWebhookMessage } from './webhook-message.js';

describe('buildWebhookMessage', () => {
  const event = {
    account_id: 'acme',
    event: 'request.create' as const,
    object_id: 7,
    object_nodeID: 'b2JqZWN0',
    person_id: 3,
    person_nodeID: 'cGVyc29u',
    person_name: 'Ann',
    payload: { audit_line_id: 9, audit_line_nodeID: 'YXVkaXQ', source: 'nagios', sourceID: 'x1' },
  };

  it('carries every field of the REFERENCE.md body, with the webhook and its node id', () => {
    const message = buildWebhookMessage(event, { id: 42, name: 'Created requests' }, 'http://localhost:3000/v1/accounts/acme');
    expect(Object.keys(message).sort()).toEqual(
      ['account', 'account_id', 'event', 'name', 'object_id', 'object_nodeID', 'payload', 'person_id', 'person_name', 'person_nodeID', 'webhook_id', 'webhook_nodeID'].sort(),
    );
    expect(message).toMatchObject({ webhook_id: 42, name: 'Created requests', account_id: 'acme', event: 'request.create', object_id: 7, person_name: 'Ann' });
    expect(decodeNodeId(message.webhook_nodeID)).toMatchObject({ type: 'Webhook', id: 42 });
    expect(message.payload).toEqual(event.payload);
  });

  it('names the account by the api base URL and the account id', () => {
    expect(accountUrl('http://localhost:3000/v1/', 'acme')).toBe('http://localhost:3000/v1/accounts/acme');
  });
});
