/**
 * Issue 22: a person created by the administration command (`tessera person create`, the
 * createPerson use case) reaches a webhook subscribed to `person.create` — the first event of the
 * catalogue besides `request.*` that Tessera publishes.
 */
import { createPerson, encodeNodeId } from '@tessera/domain';
import { createUnitOfWork } from '@tessera/persistence';
import type { TestDatabase } from '@tessera/persistence/testing';
import { deliverySuite } from './support/delivery-suite.js';
import type { HttpSink } from './support/http-sink.js';
import { waitFor } from './support/wait-for.js';
import { sinkWebhook } from './support/webhook-fixtures.js';

const LOOPBACK = { WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8,::1/128', API_PUBLIC_URL: 'https://tessera.example' };

describe('person.create delivered', () => {
  const suite = deliverySuite({ respond: { status: 204 } });
  let test: TestDatabase;
  let sink: HttpSink;
  beforeAll(() => {
    ({ test, sink } = suite);
  });

  it('POSTs person.create with the new person and the administration source to a webhook of the account, and to no other event', async () => {
    const personHook = await sinkWebhook(test, sink, { name: 'New people', event: 'person.create' });
    const requestHook = await sinkWebhook(test, sink, { name: 'New requests', event: 'request.create' });
    await suite.worker.start(LOOPBACK);

    const { id } = await createPerson({ account: 'wdc', name: 'Nina New', primaryEmail: 'nina@widget.example', roles: ['agent'] }, createUnitOfWork(test.db));
    const received = await waitFor('person.create at the receiver', async () => sink.requests.find((r) => r.path === `/hook/${personHook}`));

    const body = JSON.parse(received.body) as Record<string, unknown>;
    expect(body).toMatchObject({
      webhook_id: personHook,
      account_id: 'wdc',
      event: 'person.create',
      object_id: id,
      object_nodeID: encodeNodeId('Person', id),
      person_id: null,
      payload: expect.objectContaining({ source: 'tessera', sourceID: null }),
    });
    expect(sink.requests.filter((r) => r.path === `/hook/${requestHook}`)).toHaveLength(0);
  });
});
