import { encodeNodeId, hashToken } from '@tessera/domain';
import { startApiHarness, tokenFor, type ApiHarness } from './support/api-harness.js';
import { adminId, auditLines, call, foreignIntegration, revokedAt } from './support/integration-calls.js';

describe('/v1/integrations/:id/applications — the OAuth applications of an integration', () => {
  let h: ApiHarness;
  let integrationId: number;
  let applications: string;
  let made = 0;

  beforeAll(async () => {
    h = await startApiHarness();
  });
  beforeEach(async () => {
    made += 1;
    const [integration] = await h.test.db('integrations').insert({ account_id: 'wdc', name: `Apps ${made}` }).returning('id');
    integrationId = integration.id;
    applications = `/v1/integrations/${integrationId}/applications`;
  });
  afterAll(() => h.drop());

  const add = (body: Record<string, unknown>) => call(h, 'post', applications).send(body);

  describe('POST', () => {
    it('returns 201 with a client id and a client secret shown this once, stored only as its digest', async () => {
      const res = await add({ name: 'Dashboard', redirect_uris: ['https://dash.example/cb', 'http://localhost:8080/cb'] }).expect(201);
      expect(res.body).toEqual({
        id: expect.any(Number),
        name: 'Dashboard',
        client_id: expect.stringMatching(/^tsr_app_[A-Za-z0-9_-]{16}$/),
        client_secret: expect.stringMatching(/^tsr_cs_[A-Za-z0-9_-]{43}$/),
        redirect_uris: ['https://dash.example/cb', 'http://localhost:8080/cb'],
        disabled: false,
        created_at: expect.any(String),
        updated_at: expect.any(String),
        nodeID: encodeNodeId('OAuthApplication', res.body.id),
      });
      const row = await h.test.db('oauth_applications').where({ id: res.body.id }).first();
      expect(row).toMatchObject({ integration_id: integrationId, account_id: 'wdc', client_id: res.body.client_id, client_secret_hash: hashToken(res.body.client_secret) });
      expect(JSON.stringify(row)).not.toContain(res.body.client_secret);

      const { client_secret: _shownOnce, ...application } = res.body;
      const listed = await call(h, 'get', applications).query({ fields: 'name,client_id,redirect_uris,disabled,created_at,updated_at' }).expect(200);
      expect(listed.body).toEqual([application]);
      expect(JSON.stringify(listed.body)).not.toContain('secret');
    });

    it('audits the new application without its secret, and revokes nothing', async () => {
      const res = await add({ name: 'Audited', redirect_uris: ['https://a.example/cb'] }).expect(201);
      const [line] = await auditLines(h, 'OAuthApplication', res.body.id);
      expect(line).toEqual({
        record_type: 'OAuthApplication', record_id: res.body.id, person_id: await adminId(h), action: 'create',
        changes: { integration_id: integrationId, client_id: res.body.client_id, name: 'Audited', redirect_uris: ['https://a.example/cb'], disabled: false },
      });
      expect(JSON.stringify(line)).not.toContain(res.body.client_secret);
      expect(JSON.stringify(line)).not.toContain(hashToken(res.body.client_secret));
      expect(await revokedAt(h, integrationId)).toBeNull();
    });

    it('returns 422 for a missing name and redirect URI, an http URI off localhost, a relative one, one with a fragment; nothing stored', async () => {
      expect((await add({}).expect(422)).body).toEqual({
        message: 'Validation Failed',
        errors: [['name', "Name can't be blank"], ['redirect_uris', 'At least one redirect URI is required']],
      });
      expect((await add({ name: 'Bad', redirect_uris: ['http://app.example/cb', '/cb', 'https://app.example/cb#x'] }).expect(422)).body.errors).toEqual([
        ['redirect_uris', "'http://app.example/cb' must use https (plain http only on localhost)"],
        ['redirect_uris', "'/cb' is not an absolute URI"],
        ['redirect_uris', "'https://app.example/cb#x' must not contain a fragment"],
      ]);
      expect((await add({ name: 'Typed', redirect_uris: 'https://app.example/cb' }).expect(422)).body.errors).toEqual([['redirect_uris', expect.any(String)]]);
      expect(await h.test.db('oauth_applications').where({ integration_id: integrationId }).first()).toBeUndefined();
    });

    it('returns 422 for a redirect URI with a user name or password, as for a webhook uri, without echoing the password; nothing stored', async () => {
      const res = await add({ name: 'Userinfo', redirect_uris: ['https://user:pw-secret@app.example/cb', 'https://user@app.example/cb', 'http://:pw-secret@localhost:8080/cb'] }).expect(422);
      expect(res.body).toEqual({
        message: 'Validation Failed',
        errors: [
          // The two app.example URIs read the same once their credentials are left out: one problem, said once.
          ['redirect_uris', "'https://app.example/cb' must not contain a user name or password"],
          ['redirect_uris', "'http://localhost:8080/cb' must not contain a user name or password"],
        ],
      });
      expect(res.text).not.toContain('pw-secret');
      expect(await h.test.db('oauth_applications').where({ integration_id: integrationId }).first()).toBeUndefined();
    });

    it("returns 404 for an unknown integration and another account's", async () => {
      const foreign = await foreignIntegration(h);
      for (const id of [999999, foreign.id]) {
        await call(h, 'post', `/v1/integrations/${id}/applications`).send({ name: 'Lost', redirect_uris: ['https://a.example/cb'] }).expect(404);
      }
      expect(await h.test.db('oauth_applications').where({ name: 'Lost' }).first()).toBeUndefined();
    });
  });

  describe('GET', () => {
    it('lists the default fields id, name, client_id, disabled, sorted and paged like every collection', async () => {
      for (const name of ['Beta', 'Alpha', 'Gamma']) await add({ name, redirect_uris: ['https://a.example/cb'] }).expect(201);
      const res = await call(h, 'get', applications).query({ sort: 'name', per_page: 2 }).expect(200);
      expect(res.body.map((app: Record<string, unknown>) => [app['name'], Object.keys(app).sort()])).toEqual([
        ['Alpha', ['client_id', 'disabled', 'id', 'name', 'nodeID']],
        ['Beta', ['client_id', 'disabled', 'id', 'name', 'nodeID']],
      ]);
      expect(res.headers).toMatchObject({ 'x-pagination-total-entries': '3', 'x-pagination-total-pages': '2' });
    });

    it('shows the demo application in the demo integration', async () => {
      const res = await call(h, 'get', `/v1/integrations/${h.demo.integration_id}/applications`).expect(200);
      expect(res.body).toEqual([expect.objectContaining({ name: 'Demo monitoring dashboard', client_id: h.demo.oauth_client.client_id, disabled: false })]);
    });

    it("returns 200 and [] for an integration without applications, 404 for an unknown integration and another account's", async () => {
      expect((await call(h, 'get', applications).expect(200)).body).toEqual([]);
      const foreign = await foreignIntegration(h);
      for (const id of [999999, foreign.id]) {
        expect((await call(h, 'get', `/v1/integrations/${id}/applications`).expect(404)).body).toEqual({ message: 'Not Found' });
      }
    });
  });

  describe('PATCH /v1/integrations/:id/applications/:app_id', () => {
    it('returns 200 with the changed name and redirect URIs, audited, revoking nothing', async () => {
      const { body: created } = await add({ name: 'Before', redirect_uris: ['https://a.example/cb'] }).expect(201);
      const res = await call(h, 'patch', `${applications}/${created.id}`).send({ name: 'After', redirect_uris: ['https://b.example/cb'] }).expect(200);
      expect(res.body).toMatchObject({ id: created.id, name: 'After', client_id: created.client_id, redirect_uris: ['https://b.example/cb'], disabled: false });
      expect(res.body).not.toHaveProperty('client_secret');
      expect((await auditLines(h, 'OAuthApplication', created.id)).at(-1)).toMatchObject({
        action: 'update',
        changes: { name: ['Before', 'After'], redirect_uris: [['https://a.example/cb'], ['https://b.example/cb']] },
      });
      expect(await revokedAt(h, integrationId)).toBeNull();
    });

    it("disabling an application revokes the integration's OAuth authorizations; enabling it again does not", async () => {
      const { body: created } = await add({ name: 'Disable me', redirect_uris: ['https://a.example/cb'] }).expect(201);
      expect((await call(h, 'patch', `${applications}/${created.id}`).send({ disabled: true }).expect(200)).body.disabled).toBe(true);
      const revoked = await revokedAt(h, integrationId);
      expect(revoked).toBeInstanceOf(Date);
      await call(h, 'patch', `${applications}/${created.id}`).send({ disabled: false }).expect(200);
      expect(await revokedAt(h, integrationId)).toEqual(revoked);
    });

    it('returns 422 for an empty list of redirect URIs and keeps the application as it was', async () => {
      const { body: created } = await add({ name: 'Keep', redirect_uris: ['https://a.example/cb'] }).expect(201);
      const res = await call(h, 'patch', `${applications}/${created.id}`).send({ redirect_uris: [], name: ' ' }).expect(422);
      expect(res.body.errors).toEqual([['name', "Name can't be blank"], ['redirect_uris', 'At least one redirect URI is required']]);
      expect((await h.test.db('oauth_applications').where({ id: created.id }).first('name', 'redirect_uris'))).toEqual({ name: 'Keep', redirect_uris: ['https://a.example/cb'] });
    });

    it('returns 422 for a redirect URI with a user name and password and keeps the application as it was', async () => {
      const { body: created } = await add({ name: 'Keep', redirect_uris: ['https://a.example/cb'] }).expect(201);
      const res = await call(h, 'patch', `${applications}/${created.id}`).send({ redirect_uris: ['https://user:pw@a.example/cb'] }).expect(422);
      expect(res.body.errors).toEqual([['redirect_uris', "'https://a.example/cb' must not contain a user name or password"]]);
      expect((await h.test.db('oauth_applications').where({ id: created.id }).first('redirect_uris')).redirect_uris).toEqual(['https://a.example/cb']);
    });

    it("returns 404 for an unknown application, one of another integration, and another account's", async () => {
      const foreign = await foreignIntegration(h);
      const demoApp = await h.id('oauth_applications', { client_id: h.demo.oauth_client.client_id });
      for (const path of [`${applications}/999999`, `${applications}/${demoApp}`, `/v1/integrations/${foreign.id}/applications/${foreign.applicationId}`]) {
        await call(h, 'patch', path).send({ disabled: true }).expect(404);
      }
      expect(await h.test.db('oauth_applications').whereIn('id', [demoApp, foreign.applicationId]).pluck('disabled')).toEqual([false, false]);
    });
  });

  describe('who may manage applications', () => {
    it('returns 403 to the demo agent and to an administrator token without integration:Update (or Read to list)', async () => {
      const { body: created } = await add({ name: 'Guarded', redirect_uris: ['https://a.example/cb'] }).expect(201);
      const noScope = await tokenFor(h, h.demo.admin.email, ['request:*']);
      for (const token of [h.demo.agent.token, noScope]) {
        await call(h, 'get', applications, token).expect(403);
        await call(h, 'post', applications, token).send({ name: 'Nope', redirect_uris: ['https://a.example/cb'] }).expect(403);
        await call(h, 'patch', `${applications}/${created.id}`, token).send({ disabled: true }).expect(403);
      }
      expect((await call(h, 'post', applications, noScope).send({}).expect(403)).body).toEqual({ message: 'Forbidden', reason: "This token's scopes do not allow integration:Update" });
      expect(await revokedAt(h, integrationId)).toBeNull();
    });
  });
});
