import { encodeNodeId } from '@tessera/domain';
import { startApiHarness, tokenFor, type ApiHarness } from './support/api-harness.js';
import { call, foreignIntegration } from './support/integration-calls.js';

describe('SPEC.md "Integration scopes API (beta)" — GET /v1/integrations/:id/scopes[/:scope_id]', () => {
  let h: ApiHarness;
  let scopes: string;
  let allowId: number;
  let denyId: number;

  beforeAll(async () => {
    h = await startApiHarness();
    scopes = `/v1/integrations/${h.demo.integration_id}/scopes`;
    allowId = await h.id('integration_scopes', { integration_id: h.demo.integration_id, effect: 'allow' });
    denyId = await h.id('integration_scopes', { integration_id: h.demo.integration_id, effect: 'deny' });
  });
  afterAll(() => h.drop());

  describe('the collection', () => {
    it('returns 200 with the default collection fields id, effect and actions (and nodeID), in id order', async () => {
      const res = await call(h, 'get', scopes).expect(200);
      expect(res.body).toEqual([
        { id: allowId, effect: 'allow', actions: ['me:Read', 'request:Read', 'request:Create', 'request:Update'], nodeID: encodeNodeId('IntegrationScope', allowId) },
        { id: denyId, effect: 'deny', actions: ['request:Delete'], nodeID: encodeNodeId('IntegrationScope', denyId) },
      ]);
      expect(res.headers).toMatchObject({ 'x-pagination-total-entries': '2', 'x-pagination-per-page': '20', 'x-pagination-current-page': '1' });
    });

    it('selects other fields with fields', async () => {
      const res = await call(h, 'get', scopes).query({ fields: 'conditions,created_at,updated_at' }).expect(200);
      expect(res.body[0]).toEqual({ id: allowId, conditions: [], created_at: expect.any(String), updated_at: expect.any(String), nodeID: encodeNodeId('IntegrationScope', allowId) });
    });

    it('sorts on id, effect, created_at and updated_at, and refuses any other sort', async () => {
      const byEffect = await call(h, 'get', scopes).query({ sort: '-effect' }).expect(200);
      expect(byEffect.body.map((scope: { effect: string }) => scope.effect)).toEqual(['deny', 'allow']);
      const byId = await call(h, 'get', scopes).query({ sort: '-id' }).expect(200);
      expect(byId.body.map((scope: { id: number }) => scope.id)).toEqual([denyId, allowId]);
      for (const sort of ['created_at', '-updated_at']) await call(h, 'get', scopes).query({ sort }).expect(200);
      expect((await call(h, 'get', scopes).query({ sort: 'actions' }).expect(400)).body).toEqual({ message: 'Sorting not allowed on fields: actions' });
    });

    it('pages with per_page and page, with the pagination headers and links', async () => {
      const res = await call(h, 'get', scopes).query({ per_page: 1, page: 2 }).expect(200);
      expect(res.body.map((scope: { id: number }) => scope.id)).toEqual([denyId]);
      expect(res.headers).toMatchObject({ 'x-pagination-total-pages': '2', 'x-pagination-current-page': '2', 'x-pagination-per-page': '1' });
      expect(res.headers['link']).toContain(`<http://localhost:3000${scopes}?per_page=1&page=1>; rel="prev"`);
      expect(res.headers['link']).not.toContain('rel="next"');
    });

    it('filters on effect', async () => {
      const res = await call(h, 'get', scopes).query({ effect: 'deny' }).expect(200);
      expect(res.body.map((scope: { id: number }) => scope.id)).toEqual([denyId]);
      expect((await call(h, 'get', scopes).query({ effect: 'maybe' }).expect(400)).body).toEqual({ message: "Parameter 'effect' must be one of: allow, deny" });
    });

    it('returns 200 and an empty array for an integration without scopes', async () => {
      const [integration] = await h.test.db('integrations').insert({ account_id: 'wdc', name: 'No scopes yet' }).returning('id');
      const res = await call(h, 'get', `/v1/integrations/${integration.id}/scopes`).expect(200);
      expect(res.body).toEqual([]);
      expect(res.headers['x-pagination-total-entries']).toBe('0');
    });

    it("returns 404 JSON for an unknown integration, a malformed id and another account's integration", async () => {
      const foreign = await foreignIntegration(h);
      for (const id of ['999999', 'x1', String(foreign.id)]) {
        expect((await call(h, 'get', `/v1/integrations/${id}/scopes`).expect(404)).body).toEqual({ message: 'Not Found' });
      }
    });
  });

  describe('one scope', () => {
    it('returns 200 with every field: id, effect, actions, conditions, created_at, updated_at, nodeID', async () => {
      const res = await call(h, 'get', `${scopes}/${denyId}`).expect(200);
      expect(res.body).toEqual({
        id: denyId,
        effect: 'deny',
        actions: ['request:Delete'],
        conditions: [],
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        updated_at: expect.any(String),
        nodeID: encodeNodeId('IntegrationScope', denyId),
      });
      expect(res.body.updated_at).toBe(res.body.created_at);
    });

    it('shows the conditions as they were written', async () => {
      const [scope] = await h.test.db('integration_scopes')
        .insert({ account_id: 'wdc', integration_id: h.demo.integration_id, effect: 'allow', actions: ['me:Read'], conditions: ['account = wdc', 'role in agent, administrator'] })
        .returning('id');
      expect((await call(h, 'get', `${scopes}/${scope.id}`).expect(200)).body.conditions).toEqual(['account = wdc', 'role in agent, administrator']);
      await h.test.db('integration_scopes').where({ id: scope.id }).delete();
    });

    it("returns 404 JSON for an unknown scope, a scope of another integration, and another account's integration or scope", async () => {
      const foreign = await foreignIntegration(h);
      const [other] = await h.test.db('integrations').insert({ account_id: 'wdc', name: 'Other' }).returning('id');
      for (const path of [
        `${scopes}/999999`,
        `${scopes}/abc`,
        `/v1/integrations/${other.id}/scopes/${allowId}`,
        `/v1/integrations/999999/scopes/${allowId}`,
        `/v1/integrations/${foreign.id}/scopes/${foreign.scopeId}`,
        `${scopes}/${foreign.scopeId}`,
      ]) {
        expect({ path, body: (await call(h, 'get', path).expect(404)).body }).toEqual({ path, body: { message: 'Not Found' } });
      }
    });
  });

  describe('who may read scopes: administrators with integration:Read', () => {
    it('returns 403 to a person without the administrator role (the demo agent)', async () => {
      for (const path of [scopes, `${scopes}/${allowId}`]) {
        expect((await call(h, 'get', path, h.demo.agent.token).expect(403)).body).toEqual({ message: 'Forbidden', reason: expect.stringContaining('administrator') });
      }
    });

    it('returns 403 naming integration:Read to an administrator token without it', async () => {
      const token = await tokenFor(h, h.demo.admin.email, ['request:Read', 'integration:Update']);
      for (const path of [scopes, `${scopes}/${allowId}`]) {
        expect((await call(h, 'get', path, token).expect(403)).body).toEqual({ message: 'Forbidden', reason: "This token's scopes do not allow integration:Read" });
      }
    });

    it('answers an administrator token allowed integration:Read alone', async () => {
      const token = await tokenFor(h, h.demo.admin.email, ['integration:Read']);
      await call(h, 'get', scopes, token).expect(200);
      await call(h, 'get', `${scopes}/${allowId}`, token).expect(200);
    });

    it('returns 401 without a valid token', async () => {
      await call(h, 'get', scopes, 'nope').expect(401);
    });
  });
});
