import { encodeNodeId } from '@tessera/domain';
import { startApiHarness, tokenFor, type ApiHarness } from './support/api-harness.js';
import { adminId, auditLines, call, foreignIntegration, queuedJobCount, revokedAt } from './support/integration-calls.js';

describe('POST, PATCH, DELETE /v1/integrations/:id/scopes — managing scopes revokes the OAuth authorizations', () => {
  let h: ApiHarness;
  let integrationId: number;
  let scopes: string;
  let managed = 0;

  beforeAll(async () => {
    h = await startApiHarness();
  });
  beforeEach(async () => {
    // A fresh integration per test: its revocation time starts at null.
    managed += 1;
    const [integration] = await h.test.db('integrations').insert({ account_id: 'wdc', name: `Managed ${managed}` }).returning('id');
    integrationId = integration.id;
    scopes = `/v1/integrations/${integrationId}/scopes`;
  });
  afterAll(() => h.drop());

  const add = (body: Record<string, unknown>) => call(h, 'post', scopes).send(body);
  const scopeCount = async () => Number((await h.test.db('integration_scopes').where({ integration_id: integrationId }).count({ n: '*' }).first())!.n);

  describe('POST', () => {
    it('returns 201 with every field, effect allow and no conditions by default, and GET reads it back', async () => {
      const res = await add({ actions: ['request:Read', 'request:Update'] }).expect(201);
      expect(res.body).toEqual({
        id: expect.any(Number),
        effect: 'allow',
        actions: ['request:Read', 'request:Update'],
        conditions: [],
        created_at: expect.any(String),
        updated_at: expect.any(String),
        nodeID: encodeNodeId('IntegrationScope', res.body.id),
      });
      expect((await call(h, 'get', `${scopes}/${res.body.id}`).expect(200)).body).toEqual(res.body);
    });

    it('stores a deny scope with wildcards and conditions as written', async () => {
      const body = { effect: 'deny', actions: ['request:*', '*:Delete'], conditions: ['account in wdc, widget', 'role != administrator'] };
      expect((await add(body).expect(201)).body).toMatchObject(body);
    });

    it('moves authorizations_revoked_at, writes an audit line by the administrator, and queues no webhook event', async () => {
      const jobs = await queuedJobCount(h);
      const before = new Date();
      const res = await add({ effect: 'deny', actions: ['request:Delete'] }).expect(201);
      const revoked = await revokedAt(h, integrationId);
      expect(revoked).toBeInstanceOf(Date);
      expect(revoked!.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
      expect(await auditLines(h, 'IntegrationScope', res.body.id)).toEqual([
        {
          record_type: 'IntegrationScope', record_id: res.body.id, person_id: await adminId(h), action: 'create',
          changes: { integration_id: integrationId, effect: 'deny', actions: ['request:Delete'], conditions: [] },
        },
      ]);
      expect(await queuedJobCount(h)).toBe(jobs);
    });

    it.each([
      [{}, [['actions', 'At least one action is required']]],
      [{ actions: [] }, [['actions', 'At least one action is required']]],
      [{ effect: 'maybe', actions: ['gadget:Read', 'request:Erase', 'request'], conditions: ['weekday = monday', 'role = king'] }, [
        ['effect', "'maybe' is not allow or deny"],
        ['actions', "'gadget' is not a known record type"],
        ['actions', "'Erase' is not an operation (Read, Create, Update, Delete or *)"],
        ['actions', "'request' is not of the form <record type>:<operation>"],
        ['conditions', expect.stringContaining("'weekday = monday' is not a condition")],
        ['conditions', "'king' is not a role (administrator, agent, specialist, auditor)"],
      ]],
      [{ actions: 'request:Read' }, [['actions', expect.any(String)]]],
      [{ actions: ['request:Read'], conditions: 'account = wdc' }, [['conditions', expect.any(String)]]],
    ])('returns 422 for %j with every problem as [field, message], and stores, audits and revokes nothing', async (body, errors) => {
      expect((await add(body).expect(422)).body).toEqual({ message: 'Validation Failed', errors });
      expect(await scopeCount()).toBe(0);
      expect(await revokedAt(h, integrationId)).toBeNull();
    });

    it("returns 404 for an unknown integration and another account's, and revokes nothing there", async () => {
      const foreign = await foreignIntegration(h);
      expect((await call(h, 'post', `/v1/integrations/${foreign.id}/scopes`).send({ actions: ['request:Read'] }).expect(404)).body).toEqual({ message: 'Not Found' });
      await call(h, 'post', '/v1/integrations/999999/scopes').send({ actions: ['request:Read'] }).expect(404);
      expect(await revokedAt(h, foreign.id)).toBeNull();
      expect(await h.test.db('integration_scopes').where({ integration_id: foreign.id }).count({ n: '*' }).first()).toEqual({ n: 1 });
    });
  });

  describe('PATCH', () => {
    it('returns 200 with the changed scope, audits [before, after] pairs and moves authorizations_revoked_at again', async () => {
      const { body: created } = await add({ actions: ['request:Read'] }).expect(201);
      const first = await revokedAt(h, integrationId);
      const res = await call(h, 'patch', `${scopes}/${created.id}`).send({ effect: 'deny', conditions: ['account = wdc'] }).expect(200);
      expect(res.body).toMatchObject({ id: created.id, effect: 'deny', actions: ['request:Read'], conditions: ['account = wdc'], created_at: created.created_at });
      expect(new Date(res.body.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(created.updated_at).getTime());
      expect((await revokedAt(h, integrationId))!.getTime()).toBeGreaterThan(first!.getTime());
      expect((await auditLines(h, 'IntegrationScope', created.id)).at(-1)).toMatchObject({
        action: 'update',
        changes: { effect: ['allow', 'deny'], conditions: [[], ['account = wdc']] },
      });
    });

    it('changes, audits and revokes nothing when every value is the current one', async () => {
      const { body: created } = await add({ actions: ['request:Read'] }).expect(201);
      const first = await revokedAt(h, integrationId);
      const res = await call(h, 'patch', `${scopes}/${created.id}`).send({ effect: 'allow', actions: ['request:Read'] }).expect(200);
      expect(res.body).toEqual(created);
      expect(await revokedAt(h, integrationId)).toEqual(first);
      expect(await auditLines(h, 'IntegrationScope', created.id)).toHaveLength(1);
    });

    it('returns 422 when the scope as changed would not be one, and keeps it as it was', async () => {
      const { body: created } = await add({ actions: ['request:Read'] }).expect(201);
      const first = await revokedAt(h, integrationId);
      const res = await call(h, 'patch', `${scopes}/${created.id}`).send({ actions: [], effect: 'never' }).expect(422);
      expect(res.body.errors).toEqual([['effect', "'never' is not allow or deny"], ['actions', 'At least one action is required']]);
      expect((await call(h, 'get', `${scopes}/${created.id}`).expect(200)).body).toEqual(created);
      expect(await revokedAt(h, integrationId)).toEqual(first);
    });

    it("returns 404 for an unknown scope, another integration's scope and another account's", async () => {
      const foreign = await foreignIntegration(h);
      const demoScope = await h.id('integration_scopes', { integration_id: h.demo.integration_id, effect: 'deny' });
      for (const path of [`${scopes}/999999`, `${scopes}/${demoScope}`, `/v1/integrations/${foreign.id}/scopes/${foreign.scopeId}`]) {
        await call(h, 'patch', path).send({ effect: 'deny' }).expect(404);
      }
      expect(await revokedAt(h, h.demo.integration_id)).toBeNull();
      expect(await revokedAt(h, foreign.id)).toBeNull();
    });
  });

  describe('DELETE', () => {
    it('returns 204 without a body, the scope is gone, audited with the values it had, and the revocation moved', async () => {
      const { body: created } = await add({ effect: 'deny', actions: ['request:Delete'] }).expect(201);
      const first = await revokedAt(h, integrationId);
      const res = await call(h, 'delete', `${scopes}/${created.id}`).expect(204);
      expect(res.text).toBe('');
      await call(h, 'get', `${scopes}/${created.id}`).expect(404);
      expect((await revokedAt(h, integrationId))!.getTime()).toBeGreaterThan(first!.getTime());
      expect((await auditLines(h, 'IntegrationScope', created.id)).at(-1)).toMatchObject({
        action: 'delete',
        person_id: await adminId(h),
        changes: { integration_id: integrationId, effect: 'deny', actions: ['request:Delete'], conditions: [] },
      });
    });

    it("returns 404 for a scope already deleted and for another account's", async () => {
      const { body: created } = await add({ actions: ['request:Read'] }).expect(201);
      await call(h, 'delete', `${scopes}/${created.id}`).expect(204);
      expect((await call(h, 'delete', `${scopes}/${created.id}`).expect(404)).body).toEqual({ message: 'Not Found' });
      const foreign = await foreignIntegration(h);
      await call(h, 'delete', `/v1/integrations/${foreign.id}/scopes/${foreign.scopeId}`).expect(404);
      expect(await h.test.db('integration_scopes').where({ id: foreign.scopeId }).first('id')).toEqual({ id: foreign.scopeId });
    });
  });

  describe('who may manage scopes: administrators with integration:Update', () => {
    it('returns 403 to the demo agent and to an administrator token with integration:Read only; nothing changes', async () => {
      const { body: created } = await add({ actions: ['request:Read'] }).expect(201);
      const first = await revokedAt(h, integrationId);
      const readOnly = await tokenFor(h, h.demo.admin.email, ['integration:Read']);
      const denied = await tokenFor(h, h.demo.admin.email, ['*:*', 'deny integration:Update if account = wdc']);
      for (const [token, reason] of [
        [h.demo.agent.token, expect.stringContaining('administrator')],
        [readOnly, "This token's scopes do not allow integration:Update"],
        [denied, "This token's scopes deny integration:Update"],
      ] as const) {
        expect((await call(h, 'post', scopes, token).send({ actions: ['me:Read'] }).expect(403)).body).toEqual({ message: 'Forbidden', reason });
        await call(h, 'patch', `${scopes}/${created.id}`, token).send({ effect: 'deny' }).expect(403);
        await call(h, 'delete', `${scopes}/${created.id}`, token).expect(403);
      }
      expect(await scopeCount()).toBe(1);
      expect(await revokedAt(h, integrationId)).toEqual(first);
    });
  });
});
