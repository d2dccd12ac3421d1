/**
 * Issue 30 item 7: body keys named after `Object.prototype` members are
 * unknown fields like any other (422 naming them), and no value is read
 * through the prototype: `PATCH /v1/people/4 {"__proto__":{"disabled":true}}`
 * answered 200 and disabled the person.
 */
import request from 'supertest';
import { startApiHarness, type ApiHarness } from './support/api-harness.js';

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', 'propertyIsEnumerable', 'toLocaleString', '__defineGetter__', '__lookupSetter__'];

/** A JSON body with `key` as an own key, as a client's JSON arrives (JSON.parse makes `__proto__` an own key too). */
const bodyWith = (key: string, value: unknown, rest: Record<string, unknown> = {}) => `{${JSON.stringify(key)}:${JSON.stringify(value)}${Object.keys(rest).length > 0 ? `,${JSON.stringify(rest).slice(1)}` : '}'}`;

describe('keys named after Object.prototype members in REST input', () => {
  let h: ApiHarness;
  const send = (method: 'post' | 'patch', path: string, body: string) =>
    request(h.app)[method](path).set('Authorization', `Bearer ${h.demo.admin.token}`).set('X-Service-Account', h.demo.account).set('Content-Type', 'application/json').send(body);

  beforeAll(async () => {
    h = await startApiHarness();
  });
  afterAll(() => h.drop());

  it('answers 422 for {"__proto__":{"disabled":true}} on a person, naming __proto__, and leaves the person enabled', async () => {
    const dana = await h.id('people', { primary_email: 'dana@widget.example' });
    const res = await send('patch', `/v1/people/${dana}`, bodyWith('__proto__', { disabled: true })).expect(422);
    expect(res.body).toEqual({ message: 'Validation Failed', errors: [['__proto__', "'__proto__' is not a field of a person"]] });
    expect((await h.get(`/v1/people/${dana}`).expect(200)).body.disabled).toBe(false);
    expect(await h.test.db('audit_lines').where({ record_type: 'Person', record_id: dana })).toEqual([]);
  });

  it('answers 422 naming each prototype key in the body of every record write, and changes nothing', async () => {
    const team = await h.id('teams', { account_id: h.demo.account, name: 'Service Desk' });
    const ci = (await h.test.db('configuration_items').where({ account_id: h.demo.account }).first('id')).id;
    const instance = (await h.test.db('service_instances').where({ account_id: h.demo.account }).first('id')).id;
    const { body: { id: requestId } } = await h.post('/v1/requests').send({ subject: 'Proto request' }).expect(201);
    const [{ id: policy }] = await h.test.db('webhook_policies').insert({ account_id: h.demo.account, name: 'Proto policy', jwt_alg: 'none' }).returning('id');
    const [{ id: webhook }] = await h.test.db('webhooks').insert({ account_id: h.demo.account, name: 'Proto hook', event: 'request.create', uri: 'https://hooks.example/proto' }).returning('id');
    const writes: Array<[method: 'post' | 'patch', path: string, what: string, valid: Record<string, unknown>]> = [
      ['post', '/v1/people', 'a person', { name: 'Proto Person', primary_email: 'proto@widget.example' }],
      ['patch', `/v1/teams/${team}`, 'a team', {}],
      ['post', '/v1/teams', 'a team', { name: 'Proto team' }],
      ['patch', `/v1/cis/${ci}`, 'a configuration item', {}],
      ['patch', `/v1/service_instances/${instance}`, 'a service instance', {}],
      ['patch', `/v1/requests/${requestId}`, 'a request change', {}],
      ['patch', `/v1/integrations/${h.demo.integration_id}`, 'an integration', {}],
      ['patch', `/v1/ui_extensions/${h.demo.ui_extension_id}`, 'a UI extension', {}],
      ['patch', `/v1/webhook_policies/${policy}`, 'a webhook policy', {}],
      ['patch', `/v1/webhooks/${webhook}`, 'a webhook', {}],
    ];
    const before = await h.test.db('audit_lines').count({ n: '*' }).first();
    const refused: string[] = [];
    for (const [method, path, , valid] of writes) {
      for (const key of PROTOTYPE_KEYS) {
        const res = await send(method, path, bodyWith(key, key === '__proto__' ? { name: 'Through the prototype', disabled: true } : 'x', valid));
        const named = res.status === 422 && (res.body.errors as Array<[string, string]>).some(([field, message]) => field === key && message === `'${key}' is not a field of ${writes.find(([, p]) => p === path)![2]}`);
        if (!named) refused.push(`${method.toUpperCase()} ${path} ${key}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      }
    }
    expect(refused).toEqual([]);
    expect(await h.test.db('audit_lines').count({ n: '*' }).first()).toEqual(before);
    expect(await h.test.db('people').where({ primary_email: 'proto@widget.example' })).toEqual([]);
  });

  it('answers 422 for a prototype key in a redelivery range, 400 as a collection filter', async () => {
    const [{ id: webhook }] = await h.test.db('webhooks').insert({ account_id: h.demo.account, name: 'Proto range', event: 'request.create', uri: 'https://hooks.example/range' }).returning('id');
    for (const key of PROTOTYPE_KEYS) {
      const range = await send('post', `/v1/webhooks/${webhook}/redeliver`, bodyWith(key, 'x'));
      expect([range.status, range.body.errors]).toEqual([422, expect.arrayContaining([['(body)', `Unrecognized key: "${key}"`]])]);
      const filter = await h.get(`/v1/people?${encodeURIComponent(key)}=x`);
      expect([filter.status, filter.body]).toEqual([400, { message: `Filtering not allowed on fields: ${key}` }]);
    }
  });
});
