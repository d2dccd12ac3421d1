import request from 'supertest';
import { startApiHarness, clearRequests, type ApiHarness } from './support/api-harness.js';
import { call } from './support/integration-calls.js';
import { insertPolicy } from './support/webhook-calls.js';

type Write = { method: 'post' | 'patch'; path: string | ((h: ApiHarness) => Promise<string> | string); body: Record<string, unknown>; expected: Array<[string, unknown]> };

const LONG = (n: number) => 'a'.repeat(n);

/** A record of the demo account to change, made through the API itself. */
async function created(h: ApiHarness, path: string, body: Record<string, unknown>): Promise<number> {
  return (await call(h, 'post', path).send(body).expect((res) => expect(res.status).toBeLessThan(300))).body.id;
}

describe('REST write bodies — every problem of a body in one 422 (README "Errors")', () => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await startApiHarness();
  });
  afterAll(() => h.drop());
  afterEach(() => clearRequests(h));

  // Each body has a field the record does not have, leaves out a required field (or blanks one) and gives a value too long.
  const writes: Record<string, Write> = {
    'POST /v1/webhooks': {
      method: 'post', path: '/v1/webhooks', body: { colour: 'red', uri: 'https://receiver.example/hook', source: LONG(31) },
      expected: [['colour', "'colour' is not a field of a webhook"], ['event', "Event can't be blank"], ['source', 'Source is too long (maximum is 30 characters)']],
    },
    'PATCH /v1/webhooks/:id': {
      method: 'patch', path: async (h) => `/v1/webhooks/${await created(h, '/v1/webhooks', { event: 'request.create', uri: 'https://receiver.example/a' })}`,
      body: { colour: 'red', uri: ' ', sourceID: LONG(129) },
      expected: [['colour', "'colour' is not a field of a webhook"], ['uri', expect.any(String)], ['sourceID', 'SourceID is too long (maximum is 128 characters)']],
    },
    'POST /v1/webhook_policies': {
      method: 'post', path: '/v1/webhook_policies', body: { colour: 'red', jwt_audience: LONG(256) },
      expected: [['colour', "'colour' is not a field of a webhook policy"], ['jwt_alg', "Jwt alg can't be blank"], ['jwt_audience', 'Jwt audience is too long (maximum is 255 characters)']],
    },
    'POST /v1/ui_extensions': {
      method: 'post', path: '/v1/ui_extensions', body: { colour: 'red', name: LONG(191) },
      expected: [['colour', "'colour' is not a field of a UI extension"], ['name', 'Name is too long (maximum is 190 characters)'], ['category', expect.any(String)]],
    },
    'POST /v1/integrations': {
      method: 'post', path: '/v1/integrations', body: { colour: 'red', description: LONG(65_536) },
      expected: [['colour', "'colour' is not a field of an integration"], ['name', "Name can't be blank"], ['description', 'Description is too long (maximum is 65535 characters)']],
    },
    'PATCH /v1/integrations/:id': {
      method: 'patch', path: (h) => `/v1/integrations/${h.demo.integration_id}`, body: { colour: 'red', name: ' ', description: LONG(65_536) },
      expected: [['colour', "'colour' is not a field of an integration"], ['name', "Name can't be blank"], ['description', 'Description is too long (maximum is 65535 characters)']],
    },
    'POST /v1/integrations/:id/applications': {
      method: 'post', path: (h) => `/v1/integrations/${h.demo.integration_id}/applications`, body: { colour: 'red', name: LONG(191) },
      expected: [['colour', "'colour' is not a field of an OAuth application"], ['name', 'Name is too long (maximum is 190 characters)'], ['redirect_uris', 'At least one redirect URI is required']],
    },
    'POST /v1/integrations/:id/scopes': {
      method: 'post', path: (h) => `/v1/integrations/${h.demo.integration_id}/scopes`, body: { colour: 'red', effect: 'maybe' },
      expected: [['colour', "'colour' is not a field of an integration scope"], ['effect', expect.any(String)], ['actions', expect.any(String)]],
    },
    'POST /v1/requests': {
      method: 'post', path: '/v1/requests', body: { colour: 'red', source: LONG(31) },
      expected: [['colour', "'colour' is not a field of a new request"], ['subject', "Subject can't be blank"], ['source', 'Source is too long (maximum is 30 characters)']],
    },
    'PATCH /v1/requests/:id': {
      method: 'patch', path: async (h) => `/v1/requests/${await created(h, '/v1/requests', { subject: 'To change' })}`, body: { colour: 'red', subject: ' ', status: 'nope' },
      expected: [['colour', "'colour' is not a field of a request change"], ['subject', "Subject can't be blank"], ['status', expect.any(String)]],
    },
    'POST /v1/requests/:id/notes': {
      method: 'post', path: async (h) => `/v1/requests/${await created(h, '/v1/requests', { subject: 'To note' })}/notes`, body: { colour: 'red', text: LONG(65_536) },
      expected: [['colour', "'colour' is not a field of a note"], ['text', 'Text is too long (maximum is 65535 characters)']],
    },
  };

  it.each(Object.keys(writes))('%s lists an unknown field with the missing and too long ones, and writes nothing', async (name) => {
    const write = writes[name]!;
    const path = typeof write.path === 'string' ? write.path : await write.path(h);
    const audit = Number((await h.test.db('audit_lines').count({ n: '*' }).first())!['n']);
    const res = await call(h, write.method, path).send(write.body).expect(422);
    expect(res.body.message).toBe('Validation Failed');
    expect(res.body.errors).toHaveLength(write.expected.length);
    expect(res.body.errors).toEqual(expect.arrayContaining(write.expected));
    expect(Number((await h.test.db('audit_lines').count({ n: '*' }).first())!['n'])).toBe(audit);
  });

  it('lists unknown fields with a value of the wrong type too', async () => {
    const res = await call(h, 'post', '/v1/webhooks').send({ colour: 'red', disabled: 'yes', event: 'request.create', uri: 'https://receiver.example/b' }).expect(422);
    expect(res.body.errors).toEqual(expect.arrayContaining([['colour', "'colour' is not a field of a webhook"], ['disabled', expect.any(String)]]));
  });

  describe('references by id take the seed\'s <field>_id spelling too', () => {
    beforeEach(async () => {
      await h.test.db('webhooks').delete();
    });

    it('takes webhook_policy_id for webhook_policy on create and change', async () => {
      const policy = await insertPolicy(h, h.demo.account, 'Alias policy');
      const other = await insertPolicy(h, h.demo.account, 'Other alias policy');
      const res = await call(h, 'post', '/v1/webhooks').send({ event: 'request.create', uri: 'https://receiver.example/c', webhook_policy_id: policy }).expect(200);
      expect(res.body.webhook_policy).toMatchObject({ id: policy });
      const changed = await call(h, 'patch', `/v1/webhooks/${res.body.id}`).send({ webhook_policy_id: other }).expect(200);
      expect(changed.body.webhook_policy).toMatchObject({ id: other });
      expect(changed.body).not.toHaveProperty('webhook_policy_id');
      expect((await call(h, 'patch', `/v1/webhooks/${res.body.id}`).send({ webhook_policy_id: null }).expect(200)).body.webhook_policy).toBeNull();
    });

    it('accepts both spellings with the same value, and answers 422 naming the field when they differ', async () => {
      const policy = await insertPolicy(h, h.demo.account, 'Both policy');
      const body = { event: 'request.create', uri: 'https://receiver.example/d' };
      await call(h, 'post', '/v1/webhooks').send({ ...body, webhook_policy: policy, webhook_policy_id: policy }).expect(200);
      const res = await call(h, 'post', '/v1/webhooks').send({ ...body, webhook_policy: policy, webhook_policy_id: policy + 1000, colour: 'red' }).expect(422);
      expect(res.body.errors).toEqual([
        ['colour', "'colour' is not a field of a webhook"],
        ['webhook_policy', 'Webhook policy and webhook_policy_id were both given, with different values: give one of them'],
      ]);
    });

    it('shows the <field>_id spelling in the OpenAPI document', async () => {
      const document = (await request(h.app).get('/v1/openapi.json').expect(200)).body;
      const body = JSON.stringify(document.paths['/v1/webhooks'].post.requestBody);
      const ref = /#\/components\/schemas\/([\w-]+)/.exec(body)![1]!;
      const properties = document.components.schemas[ref].properties;
      expect(Object.keys(properties)).toEqual(expect.arrayContaining(['webhook_policy', 'webhook_policy_id']));
      expect(properties.webhook_policy_id.description).toContain('webhook_policy');
    });
  });
});
