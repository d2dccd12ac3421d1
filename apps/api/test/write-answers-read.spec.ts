/**
 * Issue 18 item 3: a write whose answer is the record needs the record's Read too, as the
 * events intake always has. A token that may only write is refused with 403 naming the Read,
 * before anything is written; with the Read beside the write, the same call goes through.
 */
import request from 'supertest';
import { mountedRouteTable, splitScopeAction, type GuardedNeeds, type RouteTable } from '@tessera/http';
import { clearRequests, startApiHarness, tokenFor, type ApiHarness } from './support/api-harness.js';
import { call } from './support/integration-calls.js';

describe('Writes that answer the record need its Read', () => {
  let h: ApiHarness;
  let table: RouteTable;
  beforeAll(async () => {
    h = await startApiHarness();
    table = mountedRouteTable(h.app);
  });
  afterAll(() => h.drop());

  describe('requests and notes', () => {
    let requestId: number;
    beforeEach(async () => {
      await clearRequests(h);
      requestId = (await call(h, 'post', '/v1/requests').send({ subject: 'Printer on fire' }).expect(201)).body.id;
    });
    const writeOnly = (scope: string) => tokenFor(h, h.demo.agent.email, [scope]);
    const forbiddenRead = { message: 'Forbidden', reason: "This token's scopes do not allow request:Read" };

    it('refuses PATCH /v1/requests/:id with {} to a token with request:Update alone: 403 naming request:Read, nothing shown', async () => {
      const res = await call(h, 'patch', `/v1/requests/${requestId}`, await writeOnly('request:Update')).send({}).expect(403);
      expect(res.body).toEqual(forbiddenRead);
    });

    it('refuses PATCH /v1/requests/:id with a change to a token with request:Update alone, before the change is stored', async () => {
      const res = await call(h, 'patch', `/v1/requests/${requestId}`, await writeOnly('request:Update')).send({ subject: 'Changed' }).expect(403);
      expect(res.body).toEqual(forbiddenRead);
      expect((await h.test.db('requests').where({ id: requestId }).first('subject')).subject).toBe('Printer on fire');
    });

    it('refuses POST /v1/requests to a token with request:Create alone, and creates nothing', async () => {
      const before = Number((await h.test.db('requests').count({ n: '*' }).first())!.n);
      const res = await call(h, 'post', '/v1/requests', await writeOnly('request:Create')).send({ subject: 'Secret' }).expect(403);
      expect(res.body).toEqual(forbiddenRead);
      expect(Number((await h.test.db('requests').count({ n: '*' }).first())!.n)).toBe(before);
    });

    it('refuses POST /v1/requests/:id/notes to a token with request:Update alone, and adds no note', async () => {
      const res = await call(h, 'post', `/v1/requests/${requestId}/notes`, await writeOnly('request:Update')).send({ text: 'Hello' }).expect(403);
      expect(res.body).toEqual(forbiddenRead);
      expect(await h.test.db('notes').where({ request_id: requestId })).toEqual([]);
    });

    it('lets the same writes through with request:Read beside them', async () => {
      const token = await tokenFor(h, h.demo.agent.email, ['request:Create', 'request:Update', 'request:Read']);
      await call(h, 'post', '/v1/requests', token).send({ subject: 'Mine' }).expect(201);
      await call(h, 'patch', `/v1/requests/${requestId}`, token).send({}).expect(200);
      await call(h, 'post', `/v1/requests/${requestId}/notes`, token).send({ text: 'Hello' }).expect(201);
    });

    it('still names the write first to a token that may only read', async () => {
      const res = await call(h, 'patch', `/v1/requests/${requestId}`, await writeOnly('request:Read')).send({}).expect(403);
      expect(res.body.reason).toBe("This token's scopes do not allow request:Update");
    });
  });

  it('refuses every write route answering a body (webhooks, policies, attachments, UI extensions, integrations, ...) to a token without its Read', async () => {
    const writes = table.filter((route) => route.method !== 'get' && Object.values(route.responses).some((response) => response?.schema));
    const refused: Record<string, unknown> = {};
    for (const route of writes) {
      const needs = route.needs as GuardedNeeds;
      if (!needs.scope || needs.scope.endsWith(':Read')) continue;
      const read = `${splitScopeAction(needs.scope).recordType}:Read`;
      // Everything but the record's Read; the guard answers before the path's ids are even read.
      const token = await tokenFor(h, h.demo.admin.email, ['*:*', `deny ${read}`]);
      const path = route.path.replace(/:\w+/g, '1');
      const res = await request(h.app)[route.method](path).set('Authorization', `Bearer ${token}`).set('X-Service-Account', h.demo.account).send({});
      refused[`${route.method.toUpperCase()} ${route.path}`] = [res.status, res.body.reason];
    }
    const expected = Object.fromEntries(Object.keys(refused).map((name) => {
      const route = writes.find((r) => `${r.method.toUpperCase()} ${r.path}` === name)!;
      return [name, [403, `This token's scopes deny ${splitScopeAction((route.needs as GuardedNeeds).scope!).recordType}:Read`]];
    }));
    expect(refused).toEqual(expected);
    expect(Object.keys(refused)).toEqual(expect.arrayContaining([
      'POST /v1/webhooks', 'PATCH /v1/webhooks/:id', 'POST /v1/webhooks/:id/deliveries/:delivery_id/redeliver', 'POST /v1/attachments',
      'POST /v1/webhook_policies', 'PATCH /v1/webhook_policies/:id', 'POST /v1/ui_extensions', 'PATCH /v1/ui_extensions/:id',
      'PUT /v1/ui_extensions/:id/translations/:locale', 'POST /v1/integrations', 'PATCH /v1/integrations/:id',
      'POST /v1/integrations/:id/applications', 'PATCH /v1/integrations/:id/applications/:app_id', 'POST /v1/integrations/:id/scopes',
      'PATCH /v1/integrations/:id/scopes/:scope_id', 'POST /v1/requests', 'PATCH /v1/requests/:id', 'POST /v1/requests/:id/notes',
    ]));
  });
});
