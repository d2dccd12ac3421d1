import request from 'supertest';
import { accessPrincipals, mintToken } from '@tessera/persistence/testing';
import { startApiHarness, tokenFor, type ApiHarness } from './support/api-harness.js';

/**
 * The access matrix of `/v1/cis` and `/v1/service_instances` (issue 22): no token, another
 * account's token, an end user, the agent's demo token (reads only), an agent whose token
 * allows the writes, the administrator, and a token whose scopes deny the route's action.
 * Writes also need the administrator or agent role (docs/decisions/034).
 */
const WRITERS = 'Configuration items and service instances are written by the administrators and agents of the account';

type Route = { method: 'get' | 'post' | 'patch'; path: string; action: string; body?: Record<string, unknown> };

describe('who reads and writes configuration items and service instances', () => {
  let h: ApiHarness;
  let routes: Route[];
  let callers: Record<string, string | null>;

  beforeAll(async () => {
    h = await startApiHarness();
    const ci = await h.id('configuration_items', { label: 'srv-orphan-01' });
    const si = await h.id('service_instances', { name: 'E-mail Production' });
    let n = 0;
    const unique = () => `Matrix ${(n += 1)}`;
    routes = [
      { method: 'get', path: '/v1/cis', action: 'ci:Read' },
      { method: 'get', path: `/v1/cis/${ci}`, action: 'ci:Read' },
      { method: 'post', path: '/v1/cis', action: 'ci:Create', get body() { return { name: unique() }; } },
      { method: 'patch', path: `/v1/cis/${ci}`, action: 'ci:Update', get body() { return { name: unique() }; } },
      { method: 'get', path: '/v1/service_instances', action: 'service_instance:Read' },
      { method: 'get', path: `/v1/service_instances/${si}`, action: 'service_instance:Read' },
      { method: 'post', path: '/v1/service_instances', action: 'service_instance:Create', get body() { return { name: unique() }; } },
      { method: 'patch', path: `/v1/service_instances/${si}`, action: 'service_instance:Update', get body() { return { name: unique() }; } },
    ];
    const { principals, adminId } = await accessPrincipals(h.test.db, h.demo);
    const byName = Object.fromEntries(principals.map((p) => [p.name, p.authorization ?? null]));
    callers = {
      'no token': null,
      "another account's token": byName["another account's token"]!,
      'end user': byName['end user']!,
      "agent's demo token": byName['agent']!,
      'agent allowed to write': `Bearer ${await tokenFor(h, h.demo.agent.email, ['ci:*', 'service_instance:*'])}`,
      administrator: `Bearer ${h.demo.admin.token}`,
      'scope denied': String(adminId),
    };
  }, 60_000);
  afterAll(() => h.drop());

  const expected: Record<string, (route: Route) => [number, string?]> = {
    'no token': () => [401],
    "another account's token": () => [403],
    'end user': (route) => (route.method === 'get' ? [200] : [403, WRITERS]),
    "agent's demo token": (route) => (route.method === 'get' ? [200] : [403, `This token's scopes do not allow ${route.action}`]),
    'agent allowed to write': (route) => [route.method === 'post' ? 201 : 200],
    administrator: (route) => [route.method === 'post' ? 201 : 200],
    'scope denied': (route) => [403, `This token's scopes deny ${route.action}`],
  };

  it('answers each caller on each route as decided, and never a 5xx', async () => {
    const answers: string[] = [];
    const wanted: string[] = [];
    for (const route of routes) {
      for (const [caller, authorization] of Object.entries(callers)) {
        let auth = authorization;
        if (caller === 'scope denied') auth = `Bearer ${await mintToken(h.test.db, Number(authorization), ['*:*', `deny ${route.action}`])}`;
        let call = request(h.app)[route.method](route.path).set('X-Service-Account', h.demo.account);
        if (auth) call = call.set('Authorization', auth);
        const res = await (route.method === 'get' ? call : call.send(route.body!));
        const [status, reason] = expected[caller]!(route);
        const where = `${route.method.toUpperCase()} ${route.path} as ${caller}`;
        answers.push(`${where}: ${res.status}${reason === undefined ? '' : ` ${res.body.reason}`}`);
        wanted.push(`${where}: ${status}${reason === undefined ? '' : ` ${reason}`}`);
      }
    }
    expect(answers).toEqual(wanted);
  }, 60_000);

  it('writes nothing for a refused caller', async () => {
    const before = await h.test.db('audit_lines').whereIn('record_type', ['ConfigurationItem', 'ServiceInstance']).count({ n: '*' }).first();
    await request(h.app).post('/v1/cis').set('Authorization', callers['end user']!).set('X-Service-Account', h.demo.account).send({ name: 'Refused' }).expect(403);
    await request(h.app).post('/v1/service_instances').set('Authorization', callers["agent's demo token"]!).set('X-Service-Account', h.demo.account).send({ name: 'Refused' }).expect(403);
    expect(await h.test.db('audit_lines').whereIn('record_type', ['ConfigurationItem', 'ServiceInstance']).count({ n: '*' }).first()).toEqual(before);
    expect(await h.test.db('configuration_items').where({ name: 'Refused' }).first()).toBeUndefined();
  });
});
