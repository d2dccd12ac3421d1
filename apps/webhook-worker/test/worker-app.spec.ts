import request from 'supertest';
import { createLogger } from '@tessera/http';
import { createTestDatabase, type TestDatabase } from '@tessera/persistence/testing';
import { createWorkerHealthApp } from '../src/app.js';
import { createDeliveryMetrics } from '../src/deliveries/delivery-metrics.js';

// The job runners' and dispatcher's own health is postgres-restart.spec.ts's; here they always run.
const idleRunner = { check: async () => undefined };

describe('webhook worker', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test.drop());

  it('answers /healthz and /metrics', async () => {
    const app = createWorkerHealthApp({ db: test.db, runner: idleRunner, dispatcher: idleRunner, logger: createLogger({ name: 'webhook-worker', level: 'silent' }) });
    expect((await request(app).get('/healthz').expect(200)).body.status).toBe('ok');
    expect((await request(app).get('/metrics').expect(200)).text).toContain('process_cpu_user_seconds_total{app="webhook-worker"}');
  });

  it('sends the security headers and no CORS headers, and needs the METRICS_TOKEN it was given on /metrics', async () => {
    const app = createWorkerHealthApp({ db: test.db, runner: idleRunner, dispatcher: idleRunner, logger: createLogger({ name: 'webhook-worker', level: 'silent' }), transport: { metricsToken: 'worker-metrics-0123456789' } });
    const health = await request(app).get('/healthz').set('Origin', 'https://app.example').expect(200);
    expect(health.headers['x-content-type-options']).toBe('nosniff');
    expect(health.headers['access-control-allow-origin']).toBeUndefined();
    await request(app).get('/metrics').expect(401);
    await request(app).get('/metrics').set('Authorization', 'Bearer worker-metrics-0123456789').expect(200);
  });

  it('serves the delivery metrics it is given, and says 503 naming the dispatcher while it cannot claim', async () => {
    const metrics = createDeliveryMetrics();
    metrics.outcomes.inc({ result: 'delivered' }, 3);
    metrics.inFlight.set(2);
    const failing = { check: async () => Promise.reject(new Error('the delivery dispatcher cannot claim deliveries')) };
    const app = createWorkerHealthApp({ db: test.db, runner: idleRunner, dispatcher: failing, metrics: metrics.register, logger: createLogger({ name: 'webhook-worker', level: 'silent' }) });
    const text = (await request(app).get('/metrics').expect(200)).text;
    expect(text).toContain('webhook_delivery_outcomes_total{result="delivered",app="webhook-worker"} 3');
    expect(text).toContain('webhook_deliveries_in_flight{app="webhook-worker"} 2');
    const health = await request(app).get('/healthz').expect(503);
    expect(health.body).toMatchObject({ status: 'failing', checks: { database: 'ok', runner: 'ok', dispatcher: 'failing' } });
  });
});
