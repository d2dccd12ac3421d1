/**
 * Issue 22: a team created and changed through the teams use cases (`POST`/`PATCH /v1/teams`,
 * GraphQL `teamCreate`/`teamUpdate`) reaches the webhooks subscribed to `team.create` and
 * `team.update`, with the team's and the administrator's node ids.
 */
import { createTeam, encodeNodeId, updateTeam } from '@tessera/domain';
import { createUnitOfWork } from '@tessera/persistence';
import type { TestDatabase } from '@tessera/persistence/testing';
import { deliverySuite } from './support/delivery-suite.js';
import type { HttpSink } from './support/http-sink.js';
import { waitFor } from './support/wait-for.js';
import { sinkWebhook } from './support/webhook-fixtures.js';

const LOOPBACK = { WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8,::1/128', API_PUBLIC_URL: 'https://tessera.example' };

describe('team.create and team.update delivered', () => {
  const suite = deliverySuite({ respond: { status: 204 } });
  let test: TestDatabase;
  let sink: HttpSink;
  beforeAll(() => {
    ({ test, sink } = suite);
  });

  it('POSTs team.create, then team.update, to the webhooks of each event, with the node ids of the team and of who changed it', async () => {
    const createHook = await sinkWebhook(test, sink, { name: 'New teams', event: 'team.create' });
    const updateHook = await sinkWebhook(test, sink, { name: 'Changed teams', event: 'team.update' });
    const personHook = await sinkWebhook(test, sink, { name: 'New people', event: 'person.create' });
    await suite.worker.start(LOOPBACK);

    const uow = createUnitOfWork(test.db);
    const team = await createTeam(suite.access, { name: 'Night Shift' }, uow);
    await updateTeam(suite.access, team.id, { disabled: true }, uow);
    const created = await waitFor('team.create at the receiver', async () => sink.requests.find((r) => r.path === `/hook/${createHook}`));
    const updated = await waitFor('team.update at the receiver', async () => sink.requests.find((r) => r.path === `/hook/${updateHook}`));

    const admin = suite.access.person;
    for (const [received, event] of [[created, 'team.create'], [updated, 'team.update']] as const) {
      expect(JSON.parse(received.body)).toMatchObject({
        account_id: 'wdc',
        event,
        object_id: team.id,
        object_nodeID: encodeNodeId('Team', team.id),
        person_id: admin.id,
        person_nodeID: encodeNodeId('Person', admin.id),
        payload: expect.objectContaining({ audit_line_id: expect.any(Number), audit_line_nodeID: expect.any(String), source: null, sourceID: null }),
      });
    }
    expect(sink.requests.filter((r) => r.path === `/hook/${createHook}`)).toHaveLength(1);
    expect(sink.requests.filter((r) => r.path === `/hook/${personHook}`)).toHaveLength(0);
  });
});
