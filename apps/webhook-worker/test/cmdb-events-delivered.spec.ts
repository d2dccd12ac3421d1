/**
 * Issue 22: configuration items and service instances written through their use cases (the
 * ones `/v1/cis`, `/v1/service_instances` and the GraphQL mutations call) reach the webhooks
 * subscribed to ci.create, ci.update, service_instance.create and service_instance.update,
 * each with the record's node id, and no webhook of another event.
 */
import { createConfigurationItem, createServiceInstance, encodeNodeId, updateConfigurationItem, updateServiceInstance } from '@tessera/domain';
import { createUnitOfWork } from '@tessera/persistence';
import { deliverySuite } from './support/delivery-suite.js';
import { waitFor } from './support/wait-for.js';
import { sinkWebhook } from './support/webhook-fixtures.js';

const LOOPBACK = { WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8,::1/128', API_PUBLIC_URL: 'https://tessera.example' };

describe('ci.* and service_instance.* delivered', () => {
  const suite = deliverySuite({ respond: { status: 204 } });

  it('POSTs each event with the record and its node id to the webhooks of the account subscribed to it, and to no other', async () => {
    const events = ['ci.create', 'ci.update', 'service_instance.create', 'service_instance.update'] as const;
    const hooks = Object.fromEntries(await Promise.all(events.map(async (event) => [event, await sinkWebhook(suite.test, suite.sink, { name: event, event })] as const)));
    const requestHook = await sinkWebhook(suite.test, suite.sink, { name: 'New requests', event: 'request.create' });
    await suite.worker.start(LOOPBACK);

    const uow = createUnitOfWork(suite.test.db);
    const si = await createServiceInstance(suite.access, { name: 'Webhook Production' }, uow);
    const ci = await createConfigurationItem(suite.access, { name: 'Hooked server', service_instance_ids: [si.id] }, uow);
    await updateConfigurationItem(suite.access, ci.id, { status: 'being_repaired' }, uow);
    await updateServiceInstance(suite.access, si.id, { name: 'Webhook Prod' }, uow);

    const expected = { 'ci.create': ['ConfigurationItem', ci.id], 'ci.update': ['ConfigurationItem', ci.id], 'service_instance.create': ['ServiceInstance', si.id], 'service_instance.update': ['ServiceInstance', si.id] } as const;
    for (const event of events) {
      const received = await waitFor(`${event} at the receiver`, async () => suite.sink.requests.find((r) => r.path === `/hook/${hooks[event]}`));
      const [type, id] = expected[event];
      expect(JSON.parse(received.body)).toMatchObject({
        webhook_id: hooks[event], account_id: suite.access.account.id, event, object_id: id, object_nodeID: encodeNodeId(type, id),
        person_id: suite.access.person.id, person_nodeID: encodeNodeId('Person', suite.access.person.id),
        payload: expect.objectContaining({ audit_line_id: expect.any(Number), audit_line_nodeID: expect.any(String), source: null, sourceID: null }),
      });
      expect(suite.sink.requests.filter((r) => r.path === `/hook/${hooks[event]}`)).toHaveLength(1);
    }
    expect(suite.sink.requests.filter((r) => r.path === `/hook/${requestHook}`)).toHaveLength(0);
  });
});
