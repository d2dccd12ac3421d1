import request from 'supertest';
import { clearRequests, queuedEvents, startApiHarness, tokenFor, type ApiHarness } from './support/api-harness.js';

/**
 * SPEC.md "GraphQL API authentication" rule 3, for REST too: a call needs the
 * scope of each action it performs. A missing scope is a 403 naming it,
 * checked before anything is stored.
 */
describe('Scopes cover what a call does', () => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await startApiHarness();
  });
  afterEach(() => clearRequests(h));
  afterAll(() => h.drop());

  const event = (params: Record<string, string>, as?: string) => h.post('/v1/events', as).query(params);
  const count = async () => Number((await h.test.db('requests').count({ n: '*' }).first())!['n']);

  it('GET /v1/me needs me:Read: a token without scopes gets 403 naming it', async () => {
    const none = await tokenFor(h, 'agent@widget.example', []);
    const res = await h.get('/v1/me', none).expect(403);
    expect(res.body).toMatchObject({ message: 'Forbidden', reason: expect.stringContaining('me:Read') });
    const meRead = await tokenFor(h, 'agent@widget.example', ['me:Read']);
    await h.get('/v1/me', meRead).expect(200);
  });

  it('an event that would update a matched request needs request:Update, and leaves the request as it was', async () => {
    const created = await event({ subject: 'Disk full', ci: 'srv-db-01', note: 'first' }).expect(201);
    const createOnly = await tokenFor(h, 'agent@widget.example', ['request:Create', 'request:Read']);
    const res = await event({ subject: 'Disk full', ci: 'srv-db-01', note: 'second', status: 'in_progress' }, createOnly).expect(403);
    expect(res.body.reason).toContain('request:Update');
    const after = await h.get(`/v1/requests/${created.body.id}`).expect(200);
    expect(after.body.status).toBe('assigned');
    expect((await h.get(`/v1/requests/${created.body.id}/notes`).expect(200)).body).toHaveLength(1);
    expect((await queuedEvents(h, created.body.id)).map((e) => e.event)).toEqual(['request.create', 'request.note-added']);
  });

  it('returning the request needs request:Read: a token with only request:Create is refused before anything is stored', async () => {
    const createOnly = await tokenFor(h, 'agent@widget.example', ['request:Create']);
    const res = await event({ subject: 'Write only' }, createOnly).expect(403);
    expect(res.body.reason).toContain('request:Read');
    expect(await count()).toBe(0);
  });

  it('an event that creates a request needs request:Create', async () => {
    const updateOnly = await tokenFor(h, 'agent@widget.example', ['request:Update', 'request:Read']);
    const res = await event({ subject: 'New one' }, updateOnly).expect(403);
    expect(res.body.reason).toContain('request:Create');
    expect(await count()).toBe(0);
  });

  it('a token with request:Update and request:Read updates a matched request', async () => {
    const created = await event({ subject: 'Disk full', ci: 'srv-db-01' }).expect(201);
    const updater = await tokenFor(h, 'agent@widget.example', ['request:Update', 'request:Read']);
    const res = await event({ subject: 'Disk full', ci: 'srv-db-01', status: 'in_progress' }, updater).expect(200);
    expect(res.body).toMatchObject({ id: created.body.id, status: 'in_progress' });
  });

  describe('the Bearer scheme is case-insensitive (RFC 7235)', () => {
    it.each(['bearer', 'BEARER', 'Bearer'])('accepts "%s <token>"', async (scheme) => {
      await request(h.app).get('/v1/me').set('Authorization', `${scheme} ${h.demo.admin.token}`).set('X-Service-Account', 'wdc').expect(200);
    });
  });
});
