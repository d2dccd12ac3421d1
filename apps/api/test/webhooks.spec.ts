import { encodeNodeId } from '@tessera/domain';
import { startApiHarness, tokenFor, type ApiHarness } from './support/api-harness.js';
import { adminId, auditLines, call, queuedJobCount } from './support/integration-calls.js';
import { foreignWebhook, insertPolicy, storedWebhook, webhookCount } from './support/webhook-calls.js';

describe('/v1/webhooks — SPEC.md "Webhooks API (administrator role only)"', () => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await startApiHarness();
  });
  afterAll(() => h.drop());

  const create = (body: Record<string, unknown>, token?: string) => call(h, 'post', '/v1/webhooks', token).send(body);
  const patch = (id: number | string, body: Record<string, unknown>, token?: string) => call(h, 'patch', `/v1/webhooks/${id}`, token).send(body);

  describe('POST /v1/webhooks', () => {
    it('returns 200 (not 201) with the created webhook, every field, the name defaulting to the event', async () => {
      const res = await create({ event: 'request.create', uri: 'https://hooks.example/requests' }).expect(200);
      expect(res.body).toEqual({
        id: expect.any(Number),
        name: 'request.create',
        event: 'request.create',
        uri: 'https://hooks.example/requests',
        description: null,
        disabled: false,
        ordered: false,
        mail_exceptions_to: null,
        webhook_policy: null,
        source: null,
        sourceID: null,
        last_error: null,
        created_at: expect.any(String),
        updated_at: expect.any(String),
        attachments: [],
        nodeID: encodeNodeId('Webhook', res.body.id),
      });
      expect(res.body.updated_at).toBe(res.body.created_at);
      expect((await call(h, 'get', `/v1/webhooks/${res.body.id}`).expect(200)).body).toEqual(res.body);
    });

    it('stores every writable field and writes one audit line through the outbox, with no webhook event', async () => {
      const policy = await insertPolicy(h, 'wdc', 'Signing policy A');
      const jobs = await queuedJobCount(h);
      const body = {
        name: 'Ticket feed', event: 'request.status-changed', uri: 'http://hooks.example:8080/in?x=1', description: 'Feeds the wallboard',
        disabled: true, mail_exceptions_to: 'ops@widget.example', webhook_policy: policy, source: 'wallboard', sourceID: 'wb-1',
      };
      const res = await create(body).expect(200);
      expect(res.body).toMatchObject({ ...body, webhook_policy: { id: policy, name: 'Signing policy A', nodeID: encodeNodeId('WebhookPolicy', policy) } });
      expect(await auditLines(h, 'Webhook', res.body.id)).toEqual([{
        record_type: 'Webhook', record_id: res.body.id, person_id: await adminId(h), action: 'create',
        changes: {
          name: 'Ticket feed', event: 'request.status-changed', uri: 'http://hooks.example:8080/in?x=1', description: 'Feeds the wallboard', disabled: true, ordered: false,
          mail_exceptions_to: 'ops@widget.example', webhook_policy_id: policy, source: 'wallboard', source_id: 'wb-1',
        },
      }]);
      expect(await queuedJobCount(h)).toBe(jobs);
    });

    it('returns 422 with every problem and stores nothing when event and uri are missing', async () => {
      const before = await webhookCount(h);
      const res = await create({ name: 'No target' }).expect(422);
      expect(res.body).toEqual({ message: 'Validation Failed', errors: [['event', "Event can't be blank"], ['uri', "Uri can't be blank"]] });
      expect(await webhookCount(h)).toBe(before);
    });
  });

  describe('GET /v1/webhooks/:id', () => {
    it("returns 404 JSON for an unknown id, a malformed id and another account's webhook", async () => {
      const foreign = await foreignWebhook(h);
      for (const id of ['999999', 'abc', '0', '99999999999', String(foreign)]) {
        expect((await call(h, 'get', `/v1/webhooks/${id}`).expect(404)).body).toEqual({ message: 'Not Found' });
      }
    });
  });

  describe('PATCH /v1/webhooks/:id', () => {
    it('returns 200 with the updated webhook, a later updated_at, and audits [before, after] of what changed', async () => {
      const created = (await create({ event: 'team.create', uri: 'https://hooks.example/teams' }).expect(200)).body;
      const res = await patch(created.id, { uri: 'https://hooks.example/teams/v2', name: 'Teams', description: 'All teams' }).expect(200);
      expect(res.body).toMatchObject({ id: created.id, event: 'team.create', name: 'Teams', uri: 'https://hooks.example/teams/v2', description: 'All teams' });
      expect(new Date(res.body.updated_at).getTime()).toBeGreaterThan(new Date(created.updated_at).getTime());
      expect(res.body.created_at).toBe(created.created_at);
      const [, update] = await auditLines(h, 'Webhook', created.id);
      expect(update).toMatchObject({ action: 'update', changes: { uri: ['https://hooks.example/teams', 'https://hooks.example/teams/v2'], name: ['team.create', 'Teams'], description: [null, 'All teams'] } });
    });

    it('sets the enabled flag: disabled true, then false again', async () => {
      const created = (await create({ event: 'ci.update', uri: 'https://hooks.example/ci' }).expect(200)).body;
      expect((await patch(created.id, { disabled: true }).expect(200)).body.disabled).toBe(true);
      expect((await call(h, 'get', '/v1/webhooks/disabled').query({ id: created.id }).expect(200)).body).toHaveLength(1);
      expect((await patch(created.id, { disabled: false }).expect(200)).body.disabled).toBe(false);
      expect((await call(h, 'get', '/v1/webhooks/enabled').query({ id: created.id }).expect(200)).body).toHaveLength(1);
    });

    it('restarts the count of consecutive failures when a person turns a disabled webhook back on, and keeps last_error', async () => {
      const created = (await create({ event: 'ci.create', uri: 'https://hooks.example/ci' }).expect(200)).body;
      await h.test.db('webhooks').where({ id: created.id }).update({ disabled: true, consecutive_failures: 20, last_error: '404 Not Found' });
      await patch(created.id, { name: 'Still off' }).expect(200);
      expect(await storedWebhook(h, created.id)).toMatchObject({ consecutive_failures: 20, disabled: true });
      const res = await patch(created.id, { disabled: false }).expect(200);
      expect(res.body).toMatchObject({ disabled: false, last_error: '404 Not Found' });
      expect(await storedWebhook(h, created.id)).toMatchObject({ consecutive_failures: 0, disabled: false });
    });

    it('writes nothing for a change to the values the webhook has', async () => {
      const created = (await create({ event: 'sla.update', uri: 'https://hooks.example/sla' }).expect(200)).body;
      const res = await patch(created.id, { uri: 'https://hooks.example/sla', disabled: false }).expect(200);
      expect(res.body).toEqual(created);
      expect(await auditLines(h, 'Webhook', created.id)).toHaveLength(1);
    });

    it("returns 404 for an unknown webhook and another account's, and leaves the other account's as it was", async () => {
      const foreign = await foreignWebhook(h);
      expect((await patch(999999, { name: 'x' }).expect(404)).body).toEqual({ message: 'Not Found' });
      await patch(foreign, { name: 'Taken over' }).expect(404);
      expect(await storedWebhook(h, foreign)).toMatchObject({ name: 'Foreign hook' });
    });
  });

  describe('DELETE /v1/webhooks/:id', () => {
    it('returns 204 without a body, then 404, and audits the values the webhook had', async () => {
      const created = (await create({ event: 'person.update', uri: 'https://hooks.example/people' }).expect(200)).body;
      const res = await call(h, 'delete', `/v1/webhooks/${created.id}`).expect(204);
      expect(res.text).toBe('');
      await call(h, 'get', `/v1/webhooks/${created.id}`).expect(404);
      await call(h, 'delete', `/v1/webhooks/${created.id}`).expect(404);
      expect(await storedWebhook(h, created.id)).toBeUndefined();
      const lines = await auditLines(h, 'Webhook', created.id);
      expect(lines.map((line) => line.action)).toEqual(['create', 'delete']);
      expect(lines[1]!.changes).toMatchObject({ event: 'person.update', uri: 'https://hooks.example/people' });
    });

    it("returns 404 for another account's webhook and keeps it", async () => {
      const foreign = await foreignWebhook(h);
      await call(h, 'delete', `/v1/webhooks/${foreign}`).expect(404);
      expect(await storedWebhook(h, foreign)).toBeDefined();
    });
  });

  describe('who may manage webhooks', () => {
    it('returns 403 naming the role to a person without the administrator role, on every route', async () => {
      const id = (await create({ event: 'request.update', uri: 'https://hooks.example/r' }).expect(200)).body.id;
      const routes = [
        ['get', '/v1/webhooks'], ['get', '/v1/webhooks/enabled'], ['get', '/v1/webhooks/disabled'], ['get', `/v1/webhooks/${id}`],
        ['post', '/v1/webhooks'], ['patch', `/v1/webhooks/${id}`], ['delete', `/v1/webhooks/${id}`],
      ] as const;
      for (const [method, path] of routes) {
        const res = await call(h, method, path, h.demo.agent.token).send({ event: 'request.update', uri: 'https://agent.example/' }).expect(403);
        expect(res.body).toEqual({ message: 'Forbidden', reason: expect.stringContaining('administrator') });
      }
      expect(await h.test.db('webhooks').where({ uri: 'https://agent.example/' }).first()).toBeUndefined();
      expect(await storedWebhook(h, id)).toBeDefined();
    });

    it('returns 403 naming the action to an administrator whose token has no webhook scope', async () => {
      const id = (await create({ event: 'request.update', uri: 'https://hooks.example/r2' }).expect(200)).body.id;
      const token = await tokenFor(h, h.demo.admin.email, ['request:*', 'integration:*']);
      expect((await call(h, 'get', '/v1/webhooks', token).expect(403)).body).toEqual({ message: 'Forbidden', reason: "This token's scopes do not allow webhook:Read" });
      expect((await call(h, 'get', '/v1/webhooks/enabled', token).expect(403)).body.reason).toContain('webhook:Read');
      expect((await call(h, 'get', `/v1/webhooks/${id}`, token).expect(403)).body.reason).toContain('webhook:Read');
      expect((await create({ event: 'request.update', uri: 'https://x.example/' }, token).expect(403)).body.reason).toContain('webhook:Create');
      expect((await patch(id, { disabled: true }, token).expect(403)).body.reason).toContain('webhook:Update');
      expect((await call(h, 'delete', `/v1/webhooks/${id}`, token).expect(403)).body.reason).toContain('webhook:Delete');
      expect(await storedWebhook(h, id)).toMatchObject({ disabled: false });
    });

    it('lets a deny scope beat the allow: reading with webhook:* but Delete denied', async () => {
      const id = (await create({ event: 'request.update', uri: 'https://hooks.example/r3' }).expect(200)).body.id;
      const token = await tokenFor(h, h.demo.admin.email, ['webhook:*', 'deny webhook:Delete']);
      await call(h, 'get', `/v1/webhooks/${id}`, token).expect(200);
      expect((await call(h, 'delete', `/v1/webhooks/${id}`, token).expect(403)).body).toEqual({ message: 'Forbidden', reason: "This token's scopes deny webhook:Delete" });
    });

    it('returns 401 without a valid token', async () => {
      await call(h, 'get', '/v1/webhooks', 'nope').expect(401);
    });
  });
});
