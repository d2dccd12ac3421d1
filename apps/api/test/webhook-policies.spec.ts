import { encodeNodeId } from '@tessera/domain';
import { errorBodySchema, validationErrorBodySchema } from '@tessera/http';
import { z } from 'zod';
import { webhookPolicyFieldsSchema, webhookPolicySchema, webhookPolicyWithKeySchema } from '../src/routes/webhook-policies.schema.js';
import { startApiHarness, tokenFor, type ApiHarness } from './support/api-harness.js';
import { adminId, auditLines, call, queuedJobCount } from './support/integration-calls.js';
import { createPolicy, foreignPolicy, policyCount, policyRow, webhookUsing } from './support/webhook-policy-calls.js';

describe('/v1/webhook_policies — the policies that sign webhook messages, for administrators', () => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await startApiHarness();
  });
  afterAll(() => h.drop());
  beforeEach(async () => {
    await h.test.db('webhooks').delete();
    await h.test.db('webhook_policies').delete();
  });

  const check = (schema: z.ZodType, body: unknown) => expect(schema.safeParse(body).error?.issues ?? []).toEqual([]);

  describe('POST /v1/webhook_policies', () => {
    it('returns 200 with the new policy, a generated name, defaults, and an audit line without key material', async () => {
      const jobs = await queuedJobCount(h);
      const res = await createPolicy(h, { jwt_alg: 'es256' }).expect(200);
      check(webhookPolicyWithKeySchema.strict(), res.body);
      expect(res.body).toEqual({
        id: expect.any(Number), name: `Webhook policy ${res.body.id}`, disabled: false, jwt_alg: 'es256', jwt_audience: null, jwt_claim_expires_in: null, key_id: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/),
        created_at: expect.any(String), updated_at: res.body.created_at, nodeID: encodeNodeId('WebhookPolicy', res.body.id),
        public_key_pem: expect.stringMatching(/^-----BEGIN PUBLIC KEY-----\n/),
      });
      expect(await auditLines(h, 'WebhookPolicy', res.body.id)).toEqual([{
        record_type: 'WebhookPolicy', record_id: res.body.id, person_id: await adminId(h), action: 'create',
        changes: { name: `Webhook policy ${res.body.id}`, disabled: false, jwt_alg: 'es256', jwt_audience: null, jwt_claim_expires_in: null },
      }]);
      expect(await queuedJobCount(h)).toBe(jobs);
    });

    it('takes jwt_alg in any letter case and stores it lower-case, with every optional field', async () => {
      const res = await createPolicy(h, { jwt_alg: 'HS512', jwt_audience: 'https://receiver.example', jwt_claim_expires_in: 525600, disabled: true }).expect(200);
      expect(res.body).toMatchObject({ jwt_alg: 'hs512', jwt_audience: 'https://receiver.example', jwt_claim_expires_in: 525600, disabled: true });
      expect((await policyRow(h, res.body.id))!.jwt_alg).toBe('hs512');
    });

    it('names a policy after its id, also for creates at the same time and after deletions: a name is never used twice', async () => {
      const created = await Promise.all([1, 2, 3].map(() => createPolicy(h, { jwt_alg: 'none' }).expect(200)));
      for (const { body } of created) expect(body.name).toBe(`Webhook policy ${body.id}`);
      const last = Math.max(...created.map((res) => res.body.id as number));
      await call(h, 'delete', `/v1/webhook_policies/${last}`).expect(204);
      const next = (await createPolicy(h, { jwt_alg: 'none' }).expect(200)).body;
      expect(next.id).toBeGreaterThan(last);
      expect(next.name).toBe(`Webhook policy ${next.id}`);
      expect((await policyRow(h, next.id))!.name).toBe(`Webhook policy ${next.id}`);
      expect((await auditLines(h, 'WebhookPolicy', next.id))[0]!.changes).toMatchObject({ name: `Webhook policy ${next.id}` });
    });

    it('returns 422 with every field problem at once, and saves nothing', async () => {
      const cases: Array<[Record<string, unknown>, Array<[string, string]>]> = [
        [{}, [['jwt_alg', "Jwt alg can't be blank"]]],
        [{ jwt_alg: ' ' }, [['jwt_alg', "Jwt alg can't be blank"]]],
        [{ jwt_alg: 'ps256' }, [['jwt_alg', 'Jwt alg is not included in the list (none, hs256, hs384, hs512, rs256, rs384, rs512, es256, es384, es512, ed25519)']]],
        [{ jwt_alg: 'rs256', jwt_audience: 'a'.repeat(256), jwt_claim_expires_in: 0 }, [
          ['jwt_audience', 'Jwt audience is too long (maximum is 255 characters)'],
          ['jwt_claim_expires_in', 'Jwt claim expires in must be greater than 0'],
        ]],
        [{ jwt_alg: 'none', jwt_claim_expires_in: -5 }, [['jwt_claim_expires_in', 'Jwt claim expires in must be greater than 0']]],
        [{ jwt_alg: 'none', jwt_claim_expires_in: 1.5 }, [['jwt_claim_expires_in', 'Jwt claim expires in must be a whole number of minutes']]],
        [{ jwt_alg: 'none', jwt_claim_expires_in: 525601 }, [['jwt_claim_expires_in', 'Jwt claim expires in must be less than or equal to 525600']]],
        [{ jwt_alg: 'none', name: 'Mine', public_key_pem: 'x', foo: 1 }, [
          ['name', "'name' is read-only"], ['public_key_pem', "'public_key_pem' is read-only"], ['foo', "'foo' is not a field of a webhook policy"],
        ]],
      ];
      for (const [body, errors] of cases) {
        const res = await createPolicy(h, body).expect(422);
        expect({ body, answer: res.body }).toEqual({ body, answer: { message: 'Validation Failed', errors } });
        check(validationErrorBodySchema.strict(), res.body);
      }
      for (const body of [{ jwt_alg: 256 }, { jwt_alg: 'none', jwt_claim_expires_in: '10' }, { jwt_alg: 'none', disabled: 'yes' }, { jwt_alg: 'none', jwt_audience: 7 }]) {
        const res = await createPolicy(h, body).expect(422);
        expect(res.body.errors).toHaveLength(1);
        expect(res.body.errors[0][0]).toBe(Object.keys(body).find((key) => key !== 'jwt_alg') ?? 'jwt_alg');
      }
      expect(await policyCount(h)).toBe(0);
    });

    it('accepts a blank audience and a null expiry as none', async () => {
      const res = await createPolicy(h, { jwt_alg: 'none', jwt_audience: '', jwt_claim_expires_in: null }).expect(200);
      expect(res.body).toMatchObject({ jwt_audience: null, jwt_claim_expires_in: null });
    });
  });

  describe('GET /v1/webhook_policies, /enabled, /disabled', () => {
    it('returns the default fields, selects fields, sorts, filters and pages like every collection', async () => {
      for (const [alg, disabled] of [['none', false], ['hs256', true], ['es256', false]] as const) await createPolicy(h, { jwt_alg: alg, disabled }).expect(200);
      const all = await call(h, 'get', '/v1/webhook_policies').expect(200);
      expect(all.body.map((row: object) => Object.keys(row).sort())).toEqual(Array(3).fill(['disabled', 'id', 'jwt_alg', 'name', 'nodeID']));
      check(z.array(webhookPolicyFieldsSchema.strict()), all.body);
      expect(all.headers['x-pagination-total-entries']).toBe('3');

      const page = await call(h, 'get', '/v1/webhook_policies').query({ fields: 'jwt_alg,created_at', sort: '-jwt_alg', per_page: 2, page: 1 }).expect(200);
      expect(page.body.map((row: { jwt_alg: string }) => row.jwt_alg)).toEqual(['none', 'hs256']);
      expect(Object.keys(page.body[0]).sort()).toEqual(['created_at', 'id', 'jwt_alg', 'nodeID']);
      expect(page.headers).toMatchObject({ 'x-pagination-total-pages': '2', 'x-pagination-current-page': '1' });
      expect(page.headers['link']).toContain('/webhook_policies?');
      expect((await call(h, 'get', '/v1/webhook_policies').query({ jwt_alg: 'es256' }).expect(200)).body).toHaveLength(1);

      const every = (await call(h, 'get', '/v1/webhook_policies').query({ fields: webhookPolicySchema.keyof().options.filter((f) => f !== 'nodeID').join(',') }).expect(200)).body;
      check(z.array(webhookPolicySchema.strict()), every);

      const enabled = await call(h, 'get', '/v1/webhook_policies/enabled').expect(200);
      expect(enabled.body.map((row: { jwt_alg: string }) => row.jwt_alg).sort()).toEqual(['es256', 'none']);
      expect(enabled.headers['x-pagination-total-entries']).toBe('2');
      const disabled = await call(h, 'get', '/v1/webhook_policies/disabled').query({ fields: 'disabled' }).expect(200);
      expect(disabled.body).toEqual([{ id: expect.any(Number), disabled: true, nodeID: expect.any(String) }]);
      expect(disabled.headers['link']).toContain('/webhook_policies/disabled?');
    });

    it('returns 400 for a field or sort the collection does not have, or a key field', async () => {
      for (const fields of ['secret', 'public_key_pem', 'sealed_key']) {
        expect((await call(h, 'get', '/v1/webhook_policies').query({ fields }).expect(400)).body).toEqual({ message: `Unknown fields: ${fields}` });
      }
      expect((await call(h, 'get', '/v1/webhook_policies/enabled').query({ sort: 'jwt_audience' }).expect(400)).body).toEqual({ message: 'Sorting not allowed on fields: jwt_audience' });
    });

    it("never lists another account's policy", async () => {
      await foreignPolicy(h);
      await createPolicy(h, { jwt_alg: 'none' }).expect(200);
      expect((await call(h, 'get', '/v1/webhook_policies').expect(200)).body).toHaveLength(1);
      expect((await call(h, 'get', '/v1/webhook_policies/enabled').expect(200)).body).toHaveLength(1);
    });
  });

  describe('GET /v1/webhook_policies/:id', () => {
    it('returns 200 with every field but the key', async () => {
      const created = (await createPolicy(h, { jwt_alg: 'rs256', jwt_audience: 'aud' }).expect(200)).body;
      const res = await call(h, 'get', `/v1/webhook_policies/${created.id}`).expect(200);
      check(webhookPolicySchema.strict(), res.body);
      const { public_key_pem: _pem, ...withoutKey } = created;
      expect(res.body).toEqual(withoutKey);
    });

    it("returns 404 for an unknown id, a malformed id and another account's policy", async () => {
      const foreign = await foreignPolicy(h);
      for (const id of ['999999', 'abc', '0', '99999999999', String(foreign)]) {
        const res = await call(h, 'get', `/v1/webhook_policies/${id}`).expect(404);
        expect(res.body).toEqual({ message: 'Not Found' });
      }
    });
  });

  describe('PATCH /v1/webhook_policies/:id', () => {
    it('changes audience, expiry and disabled, answers without key material and audits the pairs', async () => {
      const created = (await createPolicy(h, { jwt_alg: 'hs256' }).expect(200)).body;
      const res = await call(h, 'patch', `/v1/webhook_policies/${created.id}`).send({ jwt_audience: 'https://r.example', jwt_claim_expires_in: 30, disabled: true }).expect(200);
      check(webhookPolicySchema.strict(), res.body);
      expect(res.body).toMatchObject({ id: created.id, name: created.name, jwt_alg: 'hs256', jwt_audience: 'https://r.example', jwt_claim_expires_in: 30, disabled: true });
      expect(new Date(res.body.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(created.updated_at).getTime());
      expect((await auditLines(h, 'WebhookPolicy', created.id)).map((line) => [line.action, line.changes])).toEqual([
        ['create', expect.any(Object)],
        ['update', { jwt_audience: [null, 'https://r.example'], jwt_claim_expires_in: [null, 30], disabled: [false, true] }],
      ]);
      const cleared = await call(h, 'patch', `/v1/webhook_policies/${created.id}`).send({ jwt_audience: null, jwt_claim_expires_in: null }).expect(200);
      expect(cleared.body).toMatchObject({ jwt_audience: null, jwt_claim_expires_in: null });
    });

    it('writes nothing for a change to the current values, the same jwt_alg in another case included', async () => {
      const created = (await createPolicy(h, { jwt_alg: 'es256', jwt_audience: 'a' }).expect(200)).body;
      const before = await policyRow(h, created.id);
      const res = await call(h, 'patch', `/v1/webhook_policies/${created.id}`).send({ jwt_alg: 'ES256', jwt_audience: 'a', disabled: false }).expect(200);
      expect(res.body.public_key_pem).toBeUndefined();
      expect(res.body.updated_at).toBe(created.updated_at);
      expect(await policyRow(h, created.id)).toEqual(before);
      expect(await auditLines(h, 'WebhookPolicy', created.id)).toHaveLength(1);
    });

    it('returns 422 for a bad value or a read-only field, and changes nothing', async () => {
      const created = (await createPolicy(h, { jwt_alg: 'none' }).expect(200)).body;
      for (const body of [{ jwt_alg: 'rsa' }, { jwt_alg: '' }, { jwt_claim_expires_in: 0 }, { name: 'Renamed' }, { id: 5 }, { created_at: '2020-01-01T00:00:00Z' }]) {
        const res = await call(h, 'patch', `/v1/webhook_policies/${created.id}`).send(body).expect(422);
        expect(res.body.errors.map(([field]: [string]) => field)).toEqual(Object.keys(body));
      }
      expect((await call(h, 'get', `/v1/webhook_policies/${created.id}`).expect(200)).body).toEqual(
        (({ public_key_pem: _pem, ...rest }) => rest)(created),
      );
    });

    it("returns 404 for an unknown or another account's policy", async () => {
      const foreign = await foreignPolicy(h);
      for (const id of ['999999', 'x', String(foreign)]) await call(h, 'patch', `/v1/webhook_policies/${id}`).send({ disabled: true }).expect(404);
      expect(await h.test.db('webhook_policies').where({ id: foreign }).first('disabled')).toEqual({ disabled: false });
    });
  });

  describe('DELETE /v1/webhook_policies/:id', () => {
    it('returns 204, removes the policy and audits what it was', async () => {
      const created = (await createPolicy(h, { jwt_alg: 'hs384', jwt_audience: 'aud' }).expect(200)).body;
      const res = await call(h, 'delete', `/v1/webhook_policies/${created.id}`).expect(204);
      expect(res.text).toBe('');
      await call(h, 'get', `/v1/webhook_policies/${created.id}`).expect(404);
      await call(h, 'delete', `/v1/webhook_policies/${created.id}`).expect(404);
      expect((await auditLines(h, 'WebhookPolicy', created.id)).at(-1)).toMatchObject({
        action: 'delete', changes: { name: created.name, disabled: false, jwt_alg: 'hs384', jwt_audience: 'aud', jwt_claim_expires_in: null },
      });
    });

    it('returns 409 naming the webhooks while a webhook uses the policy, and deletes it once none does', async () => {
      const created = (await createPolicy(h, { jwt_alg: 'es256' }).expect(200)).body;
      const first = await webhookUsing(h, created.id, 'Ticket sync');
      const second = await webhookUsing(h, created.id, 'Pager');
      const res = await call(h, 'delete', `/v1/webhook_policies/${created.id}`).expect(409);
      expect(res.body).toEqual({
        message: `Webhook policy id ${created.id} ('Webhook policy ${created.id}') is used by webhooks id ${first} ('Ticket sync'), id ${second} ('Pager'): remove it from them before deleting it`,
      });
      check(errorBodySchema.strict(), res.body);
      expect(await policyRow(h, created.id)).toBeDefined();
      expect((await auditLines(h, 'WebhookPolicy', created.id)).map((line) => line.action)).toEqual(['create']);
      await h.test.db('webhooks').whereIn('id', [first, second]).update({ webhook_policy_id: null });
      await call(h, 'delete', `/v1/webhook_policies/${created.id}`).expect(204);
    });

    it("returns 404 for another account's policy and leaves it", async () => {
      const foreign = await foreignPolicy(h);
      await call(h, 'delete', `/v1/webhook_policies/${foreign}`).expect(404);
      expect(await h.test.db('webhook_policies').where({ id: foreign }).first('id')).toEqual({ id: foreign });
    });
  });

  describe('who may manage webhook policies', () => {
    const routes = (id: number) => [
      ['get', '/v1/webhook_policies', 'Read'], ['get', '/v1/webhook_policies/enabled', 'Read'], ['get', '/v1/webhook_policies/disabled', 'Read'],
      ['get', `/v1/webhook_policies/${id}`, 'Read'], ['post', '/v1/webhook_policies', 'Create'],
      ['patch', `/v1/webhook_policies/${id}`, 'Update'], ['delete', `/v1/webhook_policies/${id}`, 'Delete'],
    ] as const;

    it('returns 403 naming the role to a person without the administrator role (the demo agent)', async () => {
      const created = (await createPolicy(h, { jwt_alg: 'none' }).expect(200)).body;
      for (const [method, path] of routes(created.id)) {
        const res = await call(h, method, path, h.demo.agent.token).send({ jwt_alg: 'none', disabled: true }).expect(403);
        expect(res.body).toEqual({ message: 'Forbidden', reason: expect.stringContaining('administrator') });
      }
      expect(await policyCount(h)).toBe(1);
      expect((await call(h, 'get', `/v1/webhook_policies/${created.id}`).expect(200)).body.disabled).toBe(false);
    });

    it('returns 403 naming the action to an administrator whose token lacks webhook_policy:<op>', async () => {
      const created = (await createPolicy(h, { jwt_alg: 'none' }).expect(200)).body;
      const token = await tokenFor(h, h.demo.admin.email, ['webhook:*', 'me:Read']);
      for (const [method, path, op] of routes(created.id)) {
        const res = await call(h, method, path, token).send({ jwt_alg: 'none' }).expect(403);
        expect(res.body).toEqual({ message: 'Forbidden', reason: `This token's scopes do not allow webhook_policy:${op}` });
      }
      const readOnly = await tokenFor(h, h.demo.admin.email, ['webhook_policy:Read']);
      await call(h, 'get', `/v1/webhook_policies/${created.id}`, readOnly).expect(200);
      await call(h, 'delete', `/v1/webhook_policies/${created.id}`, readOnly).expect(403);
    });

    it('returns 401 without a valid token', async () => {
      await call(h, 'get', '/v1/webhook_policies', 'nope').expect(401);
    });
  });
});
