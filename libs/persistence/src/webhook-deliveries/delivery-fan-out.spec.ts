/**
 * The batched fan-out of decision 024 against PostgreSQL: events of several
 * accounts fan out in two statements (the subscribers; the insert with its
 * wake-up), each only to its own account's webhooks
 * for its event; a disabled webhook's delivery is kept paused; the deliveries
 * the caller picks are inserted leased to it and returned ready to send; a
 * fan-out run again adds nothing.
 */
import pg from 'pg';
import { encodeNodeId, fanOutWebhookEvents, newDeliveryId, PAUSED_REASONS, type FanOutEvent, type WebhookEventJob } from '@tessera/domain';
import { createTestDatabase, deliveryRows, insertDeliveryRows, recordStatements, type TestDatabase } from '../testing/index.js';
import { claimDueDeliveries } from './delivery-claims.js';
import { createUnitOfWork } from '../unit-of-work.js';
import { messageText } from './delivery-message.js';
import { DELIVERY_CHANNEL } from './delivery-wakeups.js';

const API_URL = 'https://api.example/v1';

describe('batched fan-out of webhook events', () => {
  let test: TestDatabase;
  const hooks: Record<string, number> = {};

  beforeAll(async () => {
    test = await createTestDatabase();
    await test.db('accounts').insert([{ id: 'fan-a', name: 'A' }, { id: 'fan-b', name: 'B' }]);
    const hook = async (account: string, name: string, event: string, disabled = false) =>
      (hooks[name] = (await test.db('webhooks').insert({ account_id: account, name, event, uri: 'https://receiver.example/', disabled }).returning('id'))[0].id as number);
    await hook('fan-a', 'a-create', 'request.create');
    await hook('fan-a', 'a-create-off', 'request.create', true);
    await hook('fan-a', 'a-update', 'request.update');
    await hook('fan-b', 'b-create', 'request.create');
  });
  afterAll(() => test.drop());
  beforeEach(async () => {
    await test.db('webhook_delivery_queue').del();
    await test.db('webhook_deliveries').del();
    await test.db('webhook_event_messages').del();
  });

  /** A delivery's message as every claim reads it and every attempt sends it. */
  const storedText = async (id: string): Promise<string> =>
    (await test.db.raw<{ rows: Array<{ text: string }> }>(`select ${messageText('d')} as text from webhook_deliveries d where d.id = ?`, [id])).rows[0]!.text;

  const job = (account: string, event: string, jobId: string): FanOutEvent => ({
    jobId,
    eventAt: new Date(),
    event: {
      account_id: account, event, object_id: 1, object_nodeID: 'UmVxdWVzdC0x', person_id: null, person_nodeID: null, person_name: '', payload: { audit_line_id: 1 },
    } as unknown as WebhookEventJob,
  });

  it('fans out events of several accounts in two statements, each to its own account and event, a disabled webhook paused', async () => {
    const events = [job('fan-a', 'request.create', '1'), job('fan-b', 'request.create', '2'), job('fan-a', 'request.update', '3'), job('fan-b', 'request.update', '4')];
    const { result, statements } = await recordStatements(() => fanOutWebhookEvents(events, { apiUrl: API_URL }, createUnitOfWork(test.db)));
    expect(result.results).toEqual([{ deliveries: 1, paused: 1 }, { deliveries: 1, paused: 0 }, { deliveries: 1, paused: 0 }, { deliveries: 0, paused: 0 }]);
    expect(result.handedOff).toEqual([]);
    // Two statements for the whole batch: the subscribers, then the insert with its wake-up.
    expect(statements.map((s) => s.trim().split(/\s/)[0]!.toLowerCase())).toEqual(['select', 'with']);

    const rows = await deliveryRows(test.db).orderBy('webhook_id').select('account_id', 'webhook_id', 'status', 'paused_reason', 'lease_token', 'message');
    expect(rows.map((r) => [r.account_id, r.webhook_id, r.status, r.paused_reason])).toEqual([
      ['fan-a', hooks['a-create'], 'pending', null],
      ['fan-a', hooks['a-create-off'], 'paused', PAUSED_REASONS.disabledByAdministrator],
      ['fan-a', hooks['a-update'], 'pending', null],
      ['fan-b', hooks['b-create'], 'pending', null],
    ]);
    expect(rows.every((r) => r.lease_token === null)).toBe(true);
    expect(rows[3].message).toMatchObject({ account_id: 'fan-b', account: `${API_URL}/accounts/fan-b`, webhook_id: hooks['b-create'], name: 'b-create', event: 'request.create' });
  });

  it('stores each webhook its whole message: its own part, and its event payload written once for all of them', async () => {
    const payload = (n: number) => ({ audit_line_id: n, note: `"quoted" \\ ${'é'.repeat(n)}`, nested: { list: [n, null, true] } });
    const events = [1, 2].map((n) => {
      const each = job('fan-a', 'request.create', `p${n}`);
      return { ...each, event: { ...each.event, object_id: n, payload: payload(n) } };
    });
    const sent: unknown[][] = [];
    const seen = (query: { sql: string; bindings: unknown[] }) => query.sql.includes('insert into webhook_deliveries') && sent.push(query.bindings);
    test.db.on('query', seen);
    await fanOutWebhookEvents(events, { apiUrl: API_URL }, createUnitOfWork(test.db)).finally(() => test.db.off('query', seen));
    // Two payloads sent for four deliveries (two webhooks, one of them disabled, for each event).
    expect(JSON.parse(sent[0]![0] as string)).toEqual([payload(1), payload(2)]);
    const rows = await deliveryRows(test.db).orderBy(['webhook_id', 'id']).select('id', 'webhook_id', 'message');
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      const name = row.webhook_id === hooks['a-create'] ? 'a-create' : 'a-create-off';
      const expected = {
        webhook_id: row.webhook_id, webhook_nodeID: encodeNodeId('Webhook', row.webhook_id), account_id: 'fan-a', account: `${API_URL}/accounts/fan-a`, name, event: 'request.create',
        object_id: row.message.object_id, object_nodeID: 'UmVxdWVzdC0x', person_id: null, person_nodeID: null, person_name: '', payload: payload(row.message.object_id as number),
      };
      expect(row.message).toEqual(expected);
      // Byte for byte the text JSON.stringify writes for the whole message, its fields in their order
      // (the head is sent as parts and joined back by the statement, decision 061).
      expect(await storedText(row.id)).toBe(JSON.stringify(expected));
    }
    expect(rows.map((r) => r.message.object_id).sort()).toEqual([1, 1, 2, 2]);

    // Stored once per event (decision 047): two payload rows for four deliveries, each delivery only its own part.
    const stored = await test.db('webhook_event_messages').select('id', 'account_id', 'payload');
    expect(stored.map((m) => m.payload).sort((a, b) => a.audit_line_id - b.audit_line_id)).toEqual([payload(1), payload(2)]);
    expect(stored.every((m) => m.account_id === 'fan-a')).toBe(true);
    const own = await test.db('webhook_deliveries').select('message', 'message_head', 'event_message_id');
    expect(own.every((d) => d.message === null && !('payload' in d.message_head) && stored.some((m) => m.id === d.event_message_id))).toBe(true);

    // A claim reads each event's payload once and hands every delivery its whole text, as stored
    // (the paused ones are not claimed). A message stored whole before decision 047 comes as it is.
    const legacy = { webhook_id: hooks['a-create'], account: `${API_URL}/accounts/fan-a`, payload: { old: true } };
    await insertDeliveryRows(test.db, [{ id: newDeliveryId(new Date()), account_id: 'fan-a', webhook_id: hooks['a-create'], event: 'request.create', message: JSON.stringify(legacy), event_at: new Date(), next_attempt_at: new Date(Date.now() - 1000) }]);
    const { claimed } = await claimDueDeliveries(test.db, { leasedBy: 'spec', leaseMs: 60_000, limit: 10, perWebhook: 10, inFlight: [] });
    expect(claimed).toHaveLength(3);
    for (const c of claimed) {
      expect(c.delivery.message).toBe(await storedText(c.delivery.id));
      expect(c.delivery.issuer).toBe(JSON.parse(c.delivery.message).account);
    }
    expect(claimed.map((c) => JSON.parse(c.delivery.message).payload)).toEqual(expect.arrayContaining([{ old: true }, payload(1), payload(2)]));

    // Run again (a retried job): no delivery and no payload stored twice.
    await fanOutWebhookEvents(events, { apiUrl: API_URL }, createUnitOfWork(test.db));
    expect(await test.db('webhook_event_messages').count({ n: '*' }).first()).toEqual({ n: 2 });
  });

  it('hands a claim of several webhooks of one event each its whole message', async () => {
    const second = (await test.db('webhooks').insert({ account_id: 'fan-a', name: 'a-create-2', event: 'request.create', uri: 'https://receiver.example/2' }).returning('id'))[0].id as number;
    try {
      const events = ['c1', 'c2'].map((jobId, n) => {
        const each = job('fan-a', 'request.create', jobId);
        return { ...each, event: { ...each.event, object_id: n, payload: { n, text: `"${'x'.repeat(n * 50)}"` } } };
      });
      await fanOutWebhookEvents(events, { apiUrl: API_URL }, createUnitOfWork(test.db));
      const { claimed } = await claimDueDeliveries(test.db, { leasedBy: 'spec', leaseMs: 60_000, limit: 10, perWebhook: 10, inFlight: [] });
      // Two events, each to two enabled webhooks (the disabled one's is paused, not claimed).
      expect(claimed.map((c) => [c.webhook.id, JSON.parse(c.delivery.message).object_id]).sort()).toEqual([[hooks['a-create'], 0], [hooks['a-create'], 1], [second, 0], [second, 1]].sort());
      for (const c of claimed) {
        expect(c.delivery.message).toBe(await storedText(c.delivery.id));
        expect(JSON.parse(c.delivery.message)).toMatchObject({ webhook_id: c.webhook.id, payload: events[JSON.parse(c.delivery.message).object_id as number]!.event.payload });
      }
    } finally {
      await test.db('webhooks').where({ id: second }).del();
    }
  });

  it('inserts the picked deliveries leased to the caller and hands them over with their webhook; only the others wake the dispatchers', async () => {
    const listener = new pg.Client({ connectionString: test.url });
    await listener.connect();
    const notices: string[] = [];
    listener.on('notification', (n) => notices.push(n.channel));
    await listener.query(`listen ${DELIVERY_CHANNEL}`);
    try {
      const offered: Array<{ id: string; webhookId: number }> = [];
      const lease = {
        leasedBy: 'worker-1',
        leaseMs: 60_000,
        pick: (candidates: ReadonlyArray<{ id: string; webhookId: number }>) => {
          offered.push(...candidates);
          return new Set(candidates.map((c) => c.id));
        },
      };
      const { results, handedOff } = await fanOutWebhookEvents([job('fan-a', 'request.create', '10')], { apiUrl: API_URL, lease }, createUnitOfWork(test.db));
      expect(results).toEqual([{ deliveries: 1, paused: 1 }]);
      // The paused delivery is never offered: it is not to be sent.
      expect(offered.map((c) => c.webhookId)).toEqual([hooks['a-create']]);
      expect(handedOff).toHaveLength(1);
      expect(handedOff[0]).toMatchObject({ webhook: { id: hooks['a-create'], uri: 'https://receiver.example/', policy: null }, delivery: { attempts: 0, test: false } });
      const row = await deliveryRows(test.db).where({ id: handedOff[0]!.delivery.id }).first();
      expect(row).toMatchObject({ status: 'pending', leased_by: 'worker-1', lease_token: handedOff[0]!.lease.token });
      // The message handed over is the text stored, with the account URL it names.
      expect(JSON.parse(handedOff[0]!.delivery.message)).toEqual(row.message);
      expect(handedOff[0]!.delivery.message).toBe(await storedText(row.id));
      expect(handedOff[0]!.delivery.issuer).toBe(row.message.account);
      expect(row.lease_expires_at.getTime()).toBeGreaterThan(Date.now() + 50_000);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(notices).toEqual([]);

      // Nothing picked: the new pending delivery is for any dispatcher, woken at commit.
      await fanOutWebhookEvents([job('fan-b', 'request.create', '11')], { apiUrl: API_URL, lease: { ...lease, pick: () => new Set() } }, createUnitOfWork(test.db));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(notices).toEqual([DELIVERY_CHANNEL]);
    } finally {
      await listener.end();
    }
  });

  it('adds nothing when the same jobs fan out again, and hands nothing over', async () => {
    const events = [job('fan-a', 'request.create', '20'), job('fan-b', 'request.create', '21')];
    const pickAll = { leasedBy: 'w', leaseMs: 60_000, pick: (c: ReadonlyArray<{ id: string }>) => new Set(c.map((x) => x.id)) };
    await fanOutWebhookEvents(events, { apiUrl: API_URL }, createUnitOfWork(test.db));
    const again = await fanOutWebhookEvents(events, { apiUrl: API_URL, lease: pickAll }, createUnitOfWork(test.db));
    expect(again).toEqual({ results: [{ deliveries: 0, paused: 0 }, { deliveries: 0, paused: 0 }], handedOff: [] });
    expect(await test.db('webhook_deliveries').count({ n: '*' }).first()).toEqual({ n: 3 });
  });
});
