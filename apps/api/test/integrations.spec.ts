import { encodeNodeId } from '@tessera/domain';
import { startApiHarness, tokenFor, type ApiHarness } from './support/api-harness.js';
import { adminId, auditLines, call, foreignIntegration, queuedJobCount, revokedAt } from './support/integration-calls.js';

describe('/v1/integrations — the integrations of the account, for administrators', () => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await startApiHarness();
  });
  afterAll(() => h.drop());

  const create = (body: Record<string, unknown>) => call(h, 'post', '/v1/integrations').send(body);

  describe('GET /v1/integrations', () => {
    it('returns 200 with the default fields id, name, disabled and the nodeID of each integration', async () => {
      const res = await call(h, 'get', '/v1/integrations').expect(200);
      expect(res.body).toEqual([{ id: h.demo.integration_id, name: 'Monitoring bridge', disabled: false, nodeID: encodeNodeId('Integration', h.demo.integration_id) }]);
      expect(res.headers['x-pagination-total-entries']).toBe('1');
    });

    it('selects fields, sorts, filters and pages like every collection', async () => {
      for (const name of ['Pager relay', 'Asset sync', 'Chat bot']) await create({ name, disabled: name === 'Chat bot' }).expect(201);
      const page = await call(h, 'get', '/v1/integrations').query({ fields: 'name,description', sort: '-name', per_page: 2, page: 2 }).expect(200);
      expect(page.body.map((row: { name: string }) => row.name)).toEqual(['Chat bot', 'Asset sync']);
      expect(Object.keys(page.body[0]).sort()).toEqual(['description', 'id', 'name', 'nodeID']);
      expect(page.headers).toMatchObject({ 'x-pagination-total-entries': '4', 'x-pagination-total-pages': '2', 'x-pagination-current-page': '2' });
      expect(page.headers['link']).toContain('rel="first"');
      const disabled = await call(h, 'get', '/v1/integrations').query({ disabled: 'true' }).expect(200);
      expect(disabled.body.map((row: { name: string }) => row.name)).toEqual(['Chat bot']);
    });

    it('returns 400 for a field or sort the collection does not have', async () => {
      expect((await call(h, 'get', '/v1/integrations').query({ fields: 'secret' }).expect(400)).body).toEqual({ message: 'Unknown fields: secret' });
      expect((await call(h, 'get', '/v1/integrations').query({ sort: 'description' }).expect(400)).body).toEqual({ message: 'Sorting not allowed on fields: description' });
    });

    it("never lists another account's integration", async () => {
      await foreignIntegration(h);
      const res = await call(h, 'get', '/v1/integrations').query({ per_page: 100 }).expect(200);
      expect(res.body.length).toBeGreaterThan(0);
      expect(res.body.filter((row: { name: string }) => row.name.startsWith('Foreign'))).toEqual([]);
    });
  });

  describe('GET /v1/integrations/:id', () => {
    it('returns 200 with every field', async () => {
      const res = await call(h, 'get', `/v1/integrations/${h.demo.integration_id}`).expect(200);
      expect(res.body).toEqual({
        id: h.demo.integration_id,
        name: 'Monitoring bridge',
        description: expect.any(String),
        disabled: false,
        authorizations_revoked_at: null,
        created_at: expect.any(String),
        updated_at: expect.any(String),
        nodeID: encodeNodeId('Integration', h.demo.integration_id),
      });
    });

    it("returns 404 JSON for an unknown id, a malformed id and another account's integration", async () => {
      const foreign = await foreignIntegration(h);
      for (const id of ['999999', 'abc', '0', '99999999999', String(foreign.id)]) {
        expect((await call(h, 'get', `/v1/integrations/${id}`).expect(404)).body).toEqual({ message: 'Not Found' });
      }
    });
  });

  describe('POST /v1/integrations', () => {
    it('returns 201 with the new integration, enabled and never revoked, and writes an audit line but no job', async () => {
      const jobs = await queuedJobCount(h);
      const res = await create({ name: 'Status page', description: 'Posts outages' }).expect(201);
      expect(res.body).toMatchObject({ name: 'Status page', description: 'Posts outages', disabled: false, authorizations_revoked_at: null });
      expect(res.body.nodeID).toBe(encodeNodeId('Integration', res.body.id));
      expect((await call(h, 'get', `/v1/integrations/${res.body.id}`).expect(200)).body).toEqual(res.body);
      expect(await auditLines(h, 'Integration', res.body.id)).toEqual([
        { record_type: 'Integration', record_id: res.body.id, person_id: await adminId(h), action: 'create', changes: { name: 'Status page', description: 'Posts outages', disabled: false } },
      ]);
      expect(await queuedJobCount(h)).toBe(jobs);
    });

    it('returns 409 for a name the account already uses, and stores nothing', async () => {
      const before = await h.test.db('integrations').count({ n: '*' }).first();
      const res = await create({ name: 'Monitoring bridge' }).expect(409);
      expect(res.body).toEqual({ message: "An integration named 'Monitoring bridge' already exists in this account (names in an account are compared as a person reads them: in any letter case, in Unicode NFC, invisible characters left out)" });
      expect(await h.test.db('integrations').count({ n: '*' }).first()).toEqual(before);
    });

    it('accepts a name another account uses: names are unique per account', async () => {
      const foreign = await foreignIntegration(h);
      const { name } = await h.test.db('integrations').where({ id: foreign.id }).first('name');
      await create({ name }).expect(201);
    });

    it('returns 422 with [field, message] pairs for a missing or blank name, a wrong type, and stores nothing', async () => {
      const before = await h.test.db('integrations').count({ n: '*' }).first();
      expect((await create({}).expect(422)).body).toEqual({ message: 'Validation Failed', errors: [['name', "Name can't be blank"]] });
      expect((await create({ name: '   ', description: 'x'.repeat(65_536) }).expect(422)).body.errors).toEqual([
        ['name', "Name can't be blank"],
        ['description', 'Description is too long (maximum is 65535 characters)'],
      ]);
      const typed = await create({ name: 'Typed', disabled: 'yes' }).expect(422);
      expect(typed.body.errors).toEqual([['disabled', expect.any(String)]]);
      expect(await h.test.db('integrations').count({ n: '*' }).first()).toEqual(before);
    });
  });

  describe('PATCH /v1/integrations/:id', () => {
    it('returns 200 with the changed integration and audits [before, after] pairs', async () => {
      const { body: created } = await create({ name: 'Inventory feed' }).expect(201);
      const res = await call(h, 'patch', `/v1/integrations/${created.id}`).send({ name: 'Inventory sync', description: 'Nightly' }).expect(200);
      expect(res.body).toMatchObject({ id: created.id, name: 'Inventory sync', description: 'Nightly', disabled: false, authorizations_revoked_at: null });
      expect(new Date(res.body.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(created.updated_at).getTime());
      const lines = await auditLines(h, 'Integration', created.id);
      expect(lines.at(-1)).toMatchObject({ action: 'update', changes: { name: ['Inventory feed', 'Inventory sync'], description: [null, 'Nightly'] } });
    });

    it('changes nothing and audits nothing when every value is the current one', async () => {
      const { body: created } = await create({ name: 'Unchanged' }).expect(201);
      const res = await call(h, 'patch', `/v1/integrations/${created.id}`).send({ name: 'Unchanged', disabled: false }).expect(200);
      expect(res.body).toEqual(created);
      expect(await auditLines(h, 'Integration', created.id)).toHaveLength(1);
    });

    it('revokes the OAuth authorizations when the integration is disabled, and not when it is enabled again', async () => {
      const { body: created } = await create({ name: 'To disable' }).expect(201);
      const disabled = await call(h, 'patch', `/v1/integrations/${created.id}`).send({ disabled: true }).expect(200);
      const first = await revokedAt(h, created.id);
      expect(first).toBeInstanceOf(Date);
      expect(disabled.body).toMatchObject({ disabled: true, authorizations_revoked_at: first!.toISOString() });
      await call(h, 'patch', `/v1/integrations/${created.id}`).send({ disabled: true }).expect(200);
      await call(h, 'patch', `/v1/integrations/${created.id}`).send({ disabled: false }).expect(200);
      expect(await revokedAt(h, created.id)).toEqual(first);
    });

    it('does not revoke anything for a new name or description', async () => {
      const { body: created } = await create({ name: 'Renamed' }).expect(201);
      await call(h, 'patch', `/v1/integrations/${created.id}`).send({ name: 'Renamed again' }).expect(200);
      expect(await revokedAt(h, created.id)).toBeNull();
    });

    it('returns 409 for a name another integration of the account has, and keeps the old name', async () => {
      const { body: created } = await create({ name: 'Clash' }).expect(201);
      const res = await call(h, 'patch', `/v1/integrations/${created.id}`).send({ name: 'Monitoring bridge', description: 'lost' }).expect(409);
      expect(res.body).toEqual({ message: "An integration named 'Monitoring bridge' already exists in this account (names in an account are compared as a person reads them: in any letter case, in Unicode NFC, invisible characters left out)" });
      expect((await call(h, 'get', `/v1/integrations/${created.id}`).expect(200)).body).toMatchObject({ name: 'Clash', description: null });
    });

    it("returns 422 for a blank name and 404 for an unknown or another account's integration", async () => {
      expect((await call(h, 'patch', `/v1/integrations/${h.demo.integration_id}`).send({ name: '' }).expect(422)).body).toEqual({
        message: 'Validation Failed',
        errors: [['name', "Name can't be blank"]],
      });
      const foreign = await foreignIntegration(h);
      await call(h, 'patch', `/v1/integrations/${foreign.id}`).send({ disabled: true }).expect(404);
      await call(h, 'patch', '/v1/integrations/999999').send({ disabled: true }).expect(404);
      expect(await revokedAt(h, foreign.id)).toBeNull();
    });
  });

  describe('who may manage integrations', () => {
    it('returns 403 naming the role to a person without the administrator role (the demo agent)', async () => {
      for (const [method, path] of [['get', '/v1/integrations'], ['get', `/v1/integrations/${h.demo.integration_id}`], ['post', '/v1/integrations'], ['patch', `/v1/integrations/${h.demo.integration_id}`]] as const) {
        const res = await call(h, method, path, h.demo.agent.token).send({ name: 'Agent made' }).expect(403);
        expect(res.body).toEqual({ message: 'Forbidden', reason: expect.stringContaining('administrator') });
      }
      expect(await h.test.db('integrations').where({ name: 'Agent made' }).first()).toBeUndefined();
    });

    it('returns 403 naming the action to an administrator whose token has no integration scope', async () => {
      const token = await tokenFor(h, h.demo.admin.email, ['request:*', 'me:Read']);
      expect((await call(h, 'get', '/v1/integrations', token).expect(403)).body).toEqual({ message: 'Forbidden', reason: "This token's scopes do not allow integration:Read" });
      expect((await call(h, 'post', '/v1/integrations', token).send({ name: 'No scope' }).expect(403)).body.reason).toContain('integration:Create');
      expect((await call(h, 'patch', `/v1/integrations/${h.demo.integration_id}`, token).send({ disabled: true }).expect(403)).body.reason).toContain('integration:Update');
      expect(await revokedAt(h, h.demo.integration_id)).toBeNull();
    });

    it('lets a deny scope beat the allow: reading with integration:Read but Update denied', async () => {
      const token = await tokenFor(h, h.demo.admin.email, ['integration:*', 'deny integration:Update']);
      await call(h, 'get', `/v1/integrations/${h.demo.integration_id}`, token).expect(200);
      const res = await call(h, 'patch', `/v1/integrations/${h.demo.integration_id}`, token).send({ name: 'Denied' }).expect(403);
      expect(res.body).toEqual({ message: 'Forbidden', reason: "This token's scopes deny integration:Update" });
    });

    it('returns 401 without a token', async () => {
      await call(h, 'get', '/v1/integrations', 'nope').expect(401);
    });
  });
});
