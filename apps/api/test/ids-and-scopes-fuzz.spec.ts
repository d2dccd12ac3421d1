/**
 * Issue 18, REST: ids no record can have in every path parameter of every route of the mounted
 * table (and in the id fields of request bodies), and write-only tokens on every write route.
 * Whatever comes in: never a 5xx; an id outside 1..2147483647 in a path is 404, as any id of
 * nothing; a write whose answer is the record is 403 naming its Read to a token without it.
 */
import request from 'supertest';
import { mountedRouteTable, splitScopeAction, type GuardedNeeds, type RouteDeclaration, type RouteTable } from '@tessera/http';
import { startApiHarness, tokenFor, type ApiHarness } from './support/api-harness.js';

const BEYOND = ['2147483648', '99999999999', '9007199254740993', '99999999999999999999999999', '-1', '0', '1e30', '0x10', 'abc', '%20', '1.5'];
const BODIES: Array<Record<string, unknown>> = [
  {},
  { subject: 'Fuzz', member_id: 99999999999, team_id: 2147483648 },
  { subject: 'Fuzz', service_instance_id: Number.MAX_SAFE_INTEGER, ci_id: -1, requested_by_id: 0, requested_for_id: 2147483648 },
  { subject: 'Fuzz', supplier_id: 1e30, problem_id: 2147483648, workflow_id: 99999999999, template_id: 2147483648 },
  { event: 'request.create', uri: 'https://example.com/hook', webhook_policy: 2147483648 },
  { name: 'Fuzz', jwt_alg: 'hs256' },
  { text: 'hi' },
];

describe('REST fuzz: ids of nothing in every path and body, write-only tokens on every write', () => {
  let h: ApiHarness;
  let table: RouteTable;
  beforeAll(async () => {
    h = await startApiHarness();
    table = mountedRouteTable(h.app);
  });
  afterAll(() => h.drop());

  const send = (route: RouteDeclaration, path: string, token: string, body: Record<string, unknown>) =>
    request(h.app)[route.method](path).set('Authorization', `Bearer ${token}`).set('X-Service-Account', h.demo.account).send(body);

  it('answers 404, never 5xx, to an id no record can have in any id parameter of any route', async () => {
    const failures: string[] = [];
    const guarded = table.filter((route) => !('public' in route.needs));
    for (const route of guarded) {
      const names = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1]!).filter((name) => name === 'id' || name.endsWith('_id'));
      for (const name of names) {
        for (const value of BEYOND) {
          const path = route.path.replace(/:(\w+)/g, (_all, param: string) => (param === name ? value : param === 'locale' ? 'de' : param === 'key' ? 'x' : '1'));
          const res = await send(route, path, h.demo.admin.token, {});
          if (res.status !== 404) failures.push(`${route.method.toUpperCase()} ${path} → ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 60_000);

  it('never answers 5xx to ids no record can have in request bodies, and 404s the paths of the issue', async () => {
    const failures: string[] = [];
    const writes = table.filter((route) => route.method !== 'get' && !('public' in route.needs));
    for (const route of writes) {
      for (const body of BODIES) {
        const path = route.path.replace(/:(\w+)/g, (_all, param: string) => (param === 'locale' ? 'de' : param === 'key' ? 'x' : '1'));
        const res = await send(route, path, h.demo.admin.token, body);
        if (res.status >= 500) failures.push(`${route.method.toUpperCase()} ${path} ${JSON.stringify(body)} → ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
    for (const path of ['/v1/requests/99999999999', '/v1/webhooks/2147483648', '/v1/webhook_policies/2147483648', '/v1/integrations/9007199254740993', '/v1/ui_extensions/2147483648/versions']) {
      await h.get(path).expect(404);
    }
  }, 60_000);

  it('refuses every write whose answer is the record to write-only tokens with 403 naming its Read, never 5xx', async () => {
    const failures: string[] = [];
    const writes = table.filter((route) => route.method !== 'get' && !('public' in route.needs) && (route.needs as GuardedNeeds).scope);
    for (const route of writes) {
      const needs = route.needs as GuardedNeeds;
      const read = `${splitScopeAction(needs.scope!).recordType}:Read`;
      const tokens = [await tokenFor(h, h.demo.admin.email, [needs.scope!]), await tokenFor(h, h.demo.admin.email, ['*:*', `deny ${read}`])];
      for (const token of tokens) {
        for (const body of BODIES) {
          const path = route.path.replace(/:(\w+)/g, (_all, param: string) => (param === 'locale' ? 'de' : param === 'key' ? 'x' : '1'));
          const res = await send(route, path, token, body);
          const name = `${route.method.toUpperCase()} ${route.path} ${JSON.stringify(body).slice(0, 60)}`;
          if (res.status >= 500) failures.push(`${name} → ${res.status}`);
          else if (needs.answer && (res.status !== 403 || !String(res.body.reason).endsWith(read))) failures.push(`${name} → ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
