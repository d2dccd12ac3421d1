/**
 * Issue 30 item 9: a lone UTF-16 surrogate (`"t\ud800"`, which JSON can
 * carry) in a text field answered 500: PostgreSQL's JSON refuses it when the
 * audit line is written (and its text would store U+FFFD in its place). It is
 * a 422 naming the field, wherever text comes in, like a NUL character.
 */
import request from 'supertest';
import { startApiHarness, type ApiHarness } from './support/api-harness.js';

const LONE = ['t\ud800', '\udc00', 'a\udbff\udbffb', '\ud800x\udfff'];

describe('invalid Unicode in REST input', () => {
  let h: ApiHarness;
  const send = (method: 'post' | 'patch' | 'put', path: string, body: unknown) =>
    request(h.app)[method](path).set('Authorization', `Bearer ${h.demo.admin.token}`).set('X-Service-Account', h.demo.account).set('Content-Type', 'application/json').send(JSON.stringify(body));
  const rows = async () => {
    const counts = await Promise.all(['audit_lines', 'people', 'teams', 'configuration_items', 'service_instances', 'webhooks', 'ui_extensions', 'integrations', 'webhook_policies', 'requests', 'notes', 'ui_extension_translations'].map(async (table) => [table, Number((await h.test.db(table).count({ n: '*' }).first())!['n'])]));
    return Object.fromEntries(counts);
  };

  beforeAll(async () => {
    h = await startApiHarness();
  });
  afterAll(() => h.drop());

  it('answers 422 naming the field for a lone surrogate in every record write, and stores nothing', async () => {
    const team = await h.id('teams', { account_id: h.demo.account, name: 'Service Desk' });
    const person = await h.id('people', { primary_email: 'dana@widget.example' });
    const ci = (await h.test.db('configuration_items').where({ account_id: h.demo.account }).first('id')).id;
    const instance = (await h.test.db('service_instances').where({ account_id: h.demo.account }).first('id')).id;
    const { body: created } = await h.post('/v1/requests').send({ subject: 'Unicode request' }).expect(201);
    const before = await rows();
    const writes: Array<[method: 'post' | 'patch' | 'put', path: string, field: string, rest: Record<string, unknown>]> = [
      ['post', '/v1/people', 'name', { primary_email: 'lone@widget.example' }],
      ['patch', `/v1/people/${person}`, 'name', {}],
      ['post', '/v1/teams', 'name', {}],
      ['patch', `/v1/teams/${team}`, 'name', {}],
      ['post', '/v1/cis', 'name', {}],
      ['patch', `/v1/cis/${ci}`, 'label', {}],
      ['post', '/v1/service_instances', 'name', {}],
      ['patch', `/v1/service_instances/${instance}`, 'name', {}],
      ['post', '/v1/webhooks', 'name', { event: 'request.create', uri: 'https://hooks.example/lone' }],
      ['post', '/v1/ui_extensions', 'name', { category: 'person', html: '<label>x</label>' }],
      ['patch', `/v1/ui_extensions/${h.demo.ui_extension_id}`, 'html', {}],
      ['post', '/v1/integrations', 'description', { name: 'Lone integration' }],
      ['post', '/v1/requests', 'subject', {}],
      ['patch', `/v1/requests/${created.id}`, 'subject', {}],
      ['post', `/v1/requests/${created.id}/notes`, 'text', {}],
    ];
    const wrong: string[] = [];
    for (const [method, path, field, rest] of writes) {
      for (const text of LONE) {
        const res = await send(method, path, { ...rest, [field]: text });
        const named = res.status === 422 && (res.body.errors as Array<[string, string]>).some(([at, message]) => at === field && /invalid Unicode/.test(message));
        if (!named) wrong.push(`${method.toUpperCase()} ${path} ${field}=${JSON.stringify(text)}: ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await rows()).toEqual(before);
  });

  it('names a lone surrogate nested in a list, in a translation and in a key', async () => {
    const list = await send('post', '/v1/integrations', { name: 'Listed', description: ['ok', 'x\ud800'] }).expect(422);
    expect(list.body.errors).toContainEqual(['description[1]', 'Description[1] contains invalid Unicode (a lone surrogate)']);
    const translation = await send('put', `/v1/ui_extensions/${h.demo.ui_extension_id}/translations/de-DE`, { Street: 'Stra\udfffe' }).expect(422);
    expect(translation.body).toEqual({ message: 'Validation Failed', errors: [['Street', 'Street contains invalid Unicode (a lone surrogate)']] });
    const key = await send('put', `/v1/ui_extensions/${h.demo.ui_extension_id}/translations/de-DE`, { 'Str\ud800': 'x' }).expect(422);
    expect(key.body.errors).toEqual([['Str\\ud800', 'Str\\ud800 contains invalid Unicode (a lone surrogate)']]);
  });

  it('answers 422 for a NUL or a lone surrogate in the events intake, by body or query, naming the parameter', async () => {
    const body = await send('post', '/v1/events', { subject: 'Down \ud800', category: 'incident' }).expect(422);
    expect(body.body.errors).toEqual([['subject', 'Subject contains invalid Unicode (a lone surrogate)']]);
    const translationNul = await send('put', `/v1/ui_extensions/${h.demo.ui_extension_id}/translations/de-DE`, { Street: 'a\u0000' }).expect(422);
    expect(translationNul.body.errors).toEqual([['Street', 'Street contains a NUL character']]);
    const query = await h.post('/v1/events?subject=a%00b').expect(422);
    expect(query.body.errors).toEqual([['subject', 'Subject contains a NUL character']]);
  });
});
