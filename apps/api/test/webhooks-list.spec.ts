import { z } from 'zod';
import { encodeNodeId } from '@tessera/domain';
import { webhookFieldsSchema, webhookSchema } from '../src/routes/webhooks.schema.js';
import { startApiHarness, type ApiHarness } from './support/api-harness.js';
import { call } from './support/integration-calls.js';
import { foreignWebhook, insertPolicy } from './support/webhook-calls.js';

/** SPEC.md "Webhook": "The list output omits description and mail_exceptions_to and shows `disabled` only for disabled webhooks." */
describe('GET /v1/webhooks, /enabled, /disabled — the lists', () => {
  let h: ApiHarness;
  const ids: Record<string, number> = {};
  let policy: number;

  beforeAll(async () => {
    h = await startApiHarness();
    policy = await insertPolicy(h, 'wdc', 'List policy');
    const webhooks = [
      { name: 'Alpha', event: 'request.create', uri: 'https://a.example/', description: 'First', mail_exceptions_to: 'a@widget.example', source: 'crm', sourceID: 'a-1' },
      { name: 'Bravo', event: 'request.update', uri: 'https://b.example/', disabled: true, webhook_policy: policy },
      { name: 'Charlie', event: 'team.create', uri: 'https://c.example/' },
      { name: 'Delta', event: 'request.create', uri: 'https://d.example/', disabled: true },
    ];
    for (const body of webhooks) ids[body.name] = (await call(h, 'post', '/v1/webhooks').send(body).expect(200)).body.id;
    // The worker writes last_error; here SQL plays the worker.
    await h.test.db('webhooks').where({ id: ids['Charlie'] }).update({ last_error: '404 Not Found' });
    await foreignWebhook(h);
  });
  afterAll(() => h.drop());

  const list = (path = '/v1/webhooks', query: Record<string, string | number> = {}) => call(h, 'get', path).query(query).expect(200);
  const names = (body: Array<{ name: string }>) => body.map((row) => row.name);

  it("lists the account's webhooks by id, without description and mail_exceptions_to, disabled only when true, last_error only when set", async () => {
    const res = await list();
    expect(res.body).toEqual([
      {
        id: ids['Alpha'], name: 'Alpha', event: 'request.create', uri: 'https://a.example/', webhook_policy: null, source: 'crm', sourceID: 'a-1',
        created_at: expect.any(String), updated_at: expect.any(String), nodeID: encodeNodeId('Webhook', ids['Alpha']!),
      },
      {
        id: ids['Bravo'], name: 'Bravo', event: 'request.update', uri: 'https://b.example/', disabled: true,
        webhook_policy: { id: policy, name: 'List policy', nodeID: encodeNodeId('WebhookPolicy', policy) }, source: null, sourceID: null,
        created_at: expect.any(String), updated_at: expect.any(String), nodeID: encodeNodeId('Webhook', ids['Bravo']!),
      },
      {
        id: ids['Charlie'], name: 'Charlie', event: 'team.create', uri: 'https://c.example/', webhook_policy: null, source: null, sourceID: null,
        last_error: '404 Not Found', created_at: expect.any(String), updated_at: expect.any(String), nodeID: encodeNodeId('Webhook', ids['Charlie']!),
      },
      {
        id: ids['Delta'], name: 'Delta', event: 'request.create', uri: 'https://d.example/', disabled: true, webhook_policy: null, source: null, sourceID: null,
        created_at: expect.any(String), updated_at: expect.any(String), nodeID: encodeNodeId('Webhook', ids['Delta']!),
      },
    ]);
    expect(res.headers).toMatchObject({ 'x-pagination-total-entries': '4', 'x-pagination-per-page': '20', 'x-pagination-current-page': '1' });
  });

  it('lists only the enabled ones under /enabled and only the disabled ones under /disabled', async () => {
    expect(names((await list('/v1/webhooks/enabled')).body)).toEqual(['Alpha', 'Charlie']);
    const disabled = await list('/v1/webhooks/disabled');
    expect(names(disabled.body)).toEqual(['Bravo', 'Delta']);
    expect(disabled.body.every((row: { disabled?: boolean }) => row.disabled === true)).toBe(true);
    expect(disabled.headers['x-pagination-total-entries']).toBe('2');
    expect(disabled.headers['link']).toContain('http://localhost:3000/v1/webhooks/disabled?');
  });

  it('selects description and mail_exceptions_to with fields, id always included', async () => {
    const res = await list('/v1/webhooks', { fields: 'description,mail_exceptions_to', id: ids['Alpha']! });
    expect(res.body).toEqual([{ id: ids['Alpha'], description: 'First', mail_exceptions_to: 'a@widget.example', nodeID: encodeNodeId('Webhook', ids['Alpha']!) }]);
  });

  it('sorts, pages and filters like every collection', async () => {
    const page = await list('/v1/webhooks', { sort: '-name', per_page: 3, page: 2 });
    expect(names(page.body)).toEqual(['Alpha']);
    expect(page.headers).toMatchObject({ 'x-pagination-total-pages': '2', 'x-pagination-current-page': '2' });
    expect(page.headers['link']).toContain('rel="prev"');
    expect(page.headers['link']).not.toContain('rel="next"');
    expect(names((await list('/v1/webhooks', { event: 'request.create' })).body)).toEqual(['Alpha', 'Delta']);
    expect(names((await list('/v1/webhooks', { 'event!': 'request.create' })).body)).toEqual(['Bravo', 'Charlie']);
    expect(names((await list('/v1/webhooks', { webhook_policy: policy })).body)).toEqual(['Bravo']);
    expect(names((await list('/v1/webhooks', { 'last_error!': '' })).body)).toEqual(['Charlie']);
    expect(names((await list('/v1/webhooks/enabled', { event: 'request.create' })).body)).toEqual(['Alpha']);
    expect(names((await list('/v1/webhooks', { sort: 'event,-id' })).body)).toEqual(['Delta', 'Alpha', 'Bravo', 'Charlie']);
  });

  it('returns 400 for a field, sort or filter value the collection does not have', async () => {
    expect((await call(h, 'get', '/v1/webhooks').query({ fields: 'secret' }).expect(400)).body).toEqual({ message: 'Unknown fields: secret' });
    expect((await call(h, 'get', '/v1/webhooks').query({ sort: 'description' }).expect(400)).body).toEqual({ message: 'Sorting not allowed on fields: description' });
    expect((await call(h, 'get', '/v1/webhooks').query({ event: 'request.created' }).expect(400)).body.message).toContain("Parameter 'event'");
    expect((await call(h, 'get', '/v1/webhooks').query({ per_page: 0 }).expect(400)).body).toEqual({ message: "Parameter 'per_page' cannot be less than 1" });
  });

  it('answers as the OpenAPI document says, in the lists and in the single output', async () => {
    const check = (schema: z.ZodType, body: unknown) => expect(schema.safeParse(body).error?.issues ?? []).toEqual([]);
    check(z.array(webhookFieldsSchema.strict()), (await list()).body);
    const every = webhookFieldsSchema.keyof().options.filter((field) => field !== 'nodeID').join(',');
    check(z.array(webhookFieldsSchema.strict()), (await list('/v1/webhooks', { fields: every })).body);
    for (const id of Object.values(ids)) check(webhookSchema.strict(), (await call(h, 'get', `/v1/webhooks/${id}`).expect(200)).body);
  });
});
