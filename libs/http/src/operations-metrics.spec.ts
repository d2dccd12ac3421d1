import express from 'express';
import request from 'supertest';
import { queuedJob } from '@tessera/domain';
import { enqueueJobs, seedDemoData } from '@tessera/persistence';
import { createTestDatabase, insertDeliveryRows, setLeases, type TestDatabase } from '@tessera/persistence/testing';
import { createHttpApp } from './create-http-app.js';
import { createLogger } from './logger.js';
import { databasePoolMetrics, queueMetrics } from './operations-metrics.js';

describe('operations metrics on /metrics', () => {
  let test: TestDatabase;
  let app: express.Express;
  beforeAll(async () => {
    test = await createTestDatabase();
    app = createHttpApp({ service: 'ops', logger: createLogger({ name: 't', level: 'silent' }), metrics: [databasePoolMetrics(test.db), queueMetrics(test.db)] });
  });
  afterAll(() => test.drop());

  const scrape = async () => (await request(app).get('/metrics').expect(200)).text;
  const value = (text: string, metric: string, label: string) => {
    const line = text.split('\n').find((row) => row.startsWith(`${metric}{`) && row.includes(label));
    return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
  };

  it('counts due, scheduled and running work per task, with the age of the oldest due item', async () => {
    const past = new Date(Date.now() - 90_000);
    const later = new Date(Date.now() + 3_600_000);
    await enqueueJobs(test.db, [
      queuedJob('send-mail', { to: 'a@example.com', subject: 's', text: 't' }, { runAt: past }),
      queuedJob('send-mail', { to: 'b@example.com', subject: 's', text: 't' }),
      queuedJob('send-mail', { to: 'c@example.com', subject: 's', text: 't' }, { runAt: later }),
    ]);
    const demo = await seedDemoData(test.db);
    const [webhook] = await test.db('webhooks').insert({ account_id: demo.account, name: 'ops', event: 'request.create', uri: 'https://example.com/hook' }).returning('id');
    const delivery = (id: string, extra: Record<string, unknown>) => ({
      id, account_id: demo.account, webhook_id: webhook.id, event: 'request.create', message: '{}', event_at: new Date(), ...extra,
    });
    await insertDeliveryRows(test.db, [
      delivery('00000000-0000-4000-8000-000000000001', { next_attempt_at: new Date(Date.now() - 30_000) }),
      delivery('00000000-0000-4000-8000-000000000002', { next_attempt_at: new Date() }),
      delivery('00000000-0000-4000-8000-000000000003', { next_attempt_at: later }),
      delivery('00000000-0000-4000-8000-000000000004', { status: 'delivered', next_attempt_at: null }),
      delivery('00000000-0000-4000-8000-000000000005', { next_attempt_at: new Date() }),
    ]);
    await setLeases(test.db, ['00000000-0000-4000-8000-000000000002'], { lease_token: '00000000-0000-4000-8000-0000000000aa', lease_expires_at: later });
    // Paused while leased (its webhook disabled during a send): its queue row is due never until the send's outcome; counted nowhere.
    await test.db('webhook_deliveries').where({ id: '00000000-0000-4000-8000-000000000005' }).update({ status: 'paused', paused_reason: 'disabled', next_attempt_at: null });
    await setLeases(test.db, ['00000000-0000-4000-8000-000000000005'], { lease_token: '00000000-0000-4000-8000-0000000000bb', lease_expires_at: 'infinity' });

    const text = await scrape();
    expect(value(text, 'tessera_queue_depth', 'task="send-mail"')).toBe(2);
    expect(value(text, 'tessera_queue_scheduled', 'task="send-mail"')).toBe(1);
    expect(value(text, 'tessera_queue_running', 'task="send-mail"')).toBe(0);
    expect(value(text, 'tessera_queue_oldest_due_seconds', 'task="send-mail"')).toBeGreaterThanOrEqual(89);
    expect(value(text, 'tessera_queue_depth', 'task="webhook-delivery"')).toBe(1);
    expect(value(text, 'tessera_queue_running', 'task="webhook-delivery"')).toBe(1);
    expect(value(text, 'tessera_queue_scheduled', 'task="webhook-delivery"')).toBe(1);
    expect(value(text, 'tessera_queue_oldest_due_seconds', 'task="webhook-delivery"')).toBeGreaterThanOrEqual(29);
  });

  it('shows the database pool: connections in use, idle, waiting and the maximum', async () => {
    const text = await scrape();
    expect(value(text, 'tessera_db_pool_connections', 'state="max"')).toBeGreaterThan(0);
    expect(value(text, 'tessera_db_pool_connections', 'state="waiting"')).toBe(0);
    expect(value(text, 'tessera_db_pool_connections', 'state="in_use"')).toBeGreaterThanOrEqual(0);
  });
});
