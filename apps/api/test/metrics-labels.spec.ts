import request from 'supertest';
import { createLogger, UNMATCHED_ROUTE } from '@tessera/http';
import { createRequestRateLimiter, openRateLimitStore } from '@tessera/rate-limit';
import { createApiApp } from '../src/app.js';
import { API_URL, clearRequests, startApiHarness, tokenFor, type ApiHarness } from './support/api-harness.js';

/** `route` and `status` labels of every http_request_duration_seconds series so far. */
async function seriesOf(app: Parameters<typeof request>[0]): Promise<Array<{ route: string; status: string }>> {
  const text = (await request(app).get('/metrics').expect(200)).text;
  return [...text.matchAll(/http_request_duration_seconds_count\{([^}]*)\}/g)].map(([, labels]) => ({
    route: /route="([^"]*)"/.exec(labels!)![1]!,
    status: /status="([^"]*)"/.exec(labels!)![1]!,
  }));
}

describe('GET /metrics — every api call labelled by its full route pattern, whatever its status', () => {
  let h: ApiHarness;

  beforeAll(async () => {
    h = await startApiHarness();
  });
  afterAll(async () => {
    await clearRequests(h);
    await h.drop();
  });

  it('labels successes, 400, 401, 403, 404 and 422 of a route alike, and every unmatched path as one', async () => {
    const created = await h.post('/v1/events').query({ subject: 'Metrics' }).expect(201);
    await h.get(`/v1/requests/${created.body.id}`).expect(200);
    await h.get('/v1/requests/999999').expect(404);
    await request(h.app).get(`/v1/requests/${created.body.id}`).expect(401);
    await request(h.app).get(`/v1/requests/${created.body.id}`).set('Authorization', `Bearer ${h.demo.admin.token}`).expect(403);
    await h.get('/v1/me', await tokenFor(h, 'agent@widget.example', [])).expect(403);
    await h.post('/v1/events').set('Content-Type', 'application/json').send('{"subject":').expect(400);
    await h.post('/v1/events').query({ impact: 'huge' }).expect(422);
    await request(h.app).get('/v1/openapi.json').expect(200);
    await request(h.app).get('/v1/nothing-here').expect(401);
    await h.get('/v1/nothing-here').expect(404);

    const series = await seriesOf(h.app);
    const has = (route: string, status: number) => expect(series).toContainEqual({ route, status: String(status) });
    has('/v1/events', 201);
    has('/v1/events', 400);
    has('/v1/events', 422);
    has('/v1/requests/:id', 200);
    has('/v1/requests/:id', 401);
    has('/v1/requests/:id', 403);
    has('/v1/requests/:id', 404);
    has('/v1/me', 403);
    has('/v1/openapi.json', 200);
    has(UNMATCHED_ROUTE, 401);
    has(UNMATCHED_ROUTE, 404);
    const known = new Set(['/v1/events', '/v1/requests/:id', '/v1/me', '/v1/openapi.json', '/metrics', UNMATCHED_ROUTE]);
    expect(series.map((s) => s.route).filter((route) => !known.has(route))).toEqual([]);
  });

  it('labels a 429 by its route', async () => {
    const store = openRateLimitStore({ kind: 'memory' });
    const rateLimiter = createRequestRateLimiter(store, { name: 'rest', windows: [{ points: 1, durationSeconds: 60 }] });
    const app = createApiApp({ db: h.test.db, logger: createLogger({ name: 'api', level: 'silent' }), rateLimiter, apiUrl: API_URL });
    const me = () => request(app).get('/v1/me').set('Authorization', `Bearer ${h.demo.agent.token}`).set('X-Service-Account', h.demo.account);
    await me().expect(200);
    await me().expect(429);
    expect(await seriesOf(app)).toContainEqual({ route: '/v1/me', status: '429' });
  });
});
