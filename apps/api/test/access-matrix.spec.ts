/**
 * Issue 20 item 6, the access matrix over REST: every route of the table the
 * app mounted × the eight callers of the access principals of @tessera/persistence/testing. What each
 * call must be answered is derived from the route's declared needs — 401
 * before anything for a token that is missing, malformed, expired or revoked;
 * 403 for a token of another account; 403 naming the role or the scope action
 * the caller lacks; otherwise the guard lets it through (whatever the use case
 * then answers: 404 for the absent ids used here, 422 for the empty bodies),
 * never a 5xx. A new route is in the table, so in the matrix; a route that
 * declares no needs fails here.
 */
import request from 'supertest';
import { evaluateScopes, type ScopeOperation } from '@tessera/domain';
import { mountedRouteTable, needsProblems, isPublicRoute, splitScopeAction, type RouteDeclaration } from '@tessera/http';
import { startApiHarness, type ApiHarness } from './support/api-harness.js';
import { accessPrincipals, mintToken, type Principal } from '@tessera/persistence/testing';
import { errorShapeProblem } from './support/documented-errors.js';

type Expected = { status: 401 | 403; reason?: string } | { through: true };

/** Ids no row has: a call the guard lets through ends in the use case's 404, writing nothing. */
const PARAMS: Record<string, string> = { locale: 'fr', key: 'a'.repeat(32) };
const pathOf = (route: RouteDeclaration) => route.path.replace(/:(\w+)/g, (_m, name: string) => PARAMS[name] ?? '2147480000');

function expectedFor(route: RouteDeclaration, principal: Principal, account: string): Expected {
  if (isPublicRoute(route)) return { through: true };
  if (principal.unauthenticated) return { status: 401 };
  if (principal.foreign) return { status: 403 };
  const { role, scope, answer } = route.needs;
  if (role && !principal.roles.includes(role)) return { status: 403, reason: `This needs the ${role} role in the account` };
  for (const action of [scope, answer]) {
    if (!action) continue;
    const { recordType, operation } = splitScopeAction(action);
    const decision = evaluateScopes(principal.scopes(scope ?? answer), { recordType, operation: operation as ScopeOperation }, { accountId: account, roles: principal.roles });
    if (!decision.allowed) return { status: 403, reason: `This token's scopes ${decision.because === 'denied' ? 'deny' : 'do not allow'} ${action}` };
  }
  return { through: true };
}

describe('The access matrix — every REST route × every kind of caller', () => {
  let h: ApiHarness;
  let table: readonly RouteDeclaration[];
  let principals: Principal[];
  let adminId: number;

  beforeAll(async () => {
    h = await startApiHarness();
    table = mountedRouteTable(h.app);
    ({ principals, adminId } = await accessPrincipals(h.test.db, h.demo));
  }, 60_000);
  afterAll(() => h.drop());

  it('has routes, each declaring what it needs (a route without fails the matrix)', () => {
    expect(table.length).toBeGreaterThan(40);
    expect(table.flatMap((route) => needsProblems(route.needs).map((problem) => `${route.method.toUpperCase()} ${route.path} ${problem}`))).toEqual([]);
  });

  it('answers each call as the route declares: 401, 403 naming what is missing, or through the guard, and never a 5xx', async () => {
    const mismatches: string[] = [];
    const tally = { 401: 0, 403: 0, through: 0 };
    let calls = 0;
    for (const route of table) {
      for (const principal of principals) {
        const expected = expectedFor(route, principal, h.demo.account);
        let authorization = principal.authorization;
        if (principal.name === 'scope denied') authorization = `Bearer ${await mintToken(h.test.db, adminId, principal.scopeLines(isPublicRoute(route) ? undefined : (route.needs.scope ?? route.needs.answer)))}`;
        let call = request(h.app)[route.method](pathOf(route)).set('X-Service-Account', h.demo.account).set('Accept', 'application/json');
        if (authorization) call = call.set('Authorization', authorization);
        const res = await (route.method === 'get' || route.method === 'delete' ? call : call.send({}));
        calls += 1;
        tally['through' in expected ? 'through' : expected.status] += 1;
        const where = `${route.method.toUpperCase()} ${route.path} as ${principal.name}`;
        const shape = errorShapeProblem(res.status, res.body, res.headers);
        if (shape) mismatches.push(`${where}: ${shape}`);
        if ('through' in expected) {
          const guardRefusal = res.status === 401 || (res.status === 403 && /^This (needs the|token's scopes)/.test(String(res.body.reason)) && !isUseCaseCheck(route, res.body.reason));
          if (guardRefusal) mismatches.push(`${where}: expected through the guard, got ${res.status} ${JSON.stringify(res.body)}`);
        } else if (res.status !== expected.status || (expected.reason !== undefined && res.body.reason !== expected.reason)) {
          mismatches.push(`${where}: expected ${expected.status} ${expected.reason ?? ''}, got ${res.status} ${JSON.stringify(res.body)}`);
        }
      }
    }
    console.log(`access matrix (REST): ${table.length} routes × ${principals.length} callers = ${calls} calls (expected ${tally[401]} × 401, ${tally[403]} × 403, ${tally.through} through the guard), ${mismatches.length} mismatches`);
    expect(mismatches).toEqual([]);
    // Each kind of answer is exercised, so a derivation that let everything through would not pass unnoticed.
    expect(Object.values(tally).every((count) => count > 20)).toBe(true);
  }, 120_000);
});

/** A 403 from a check the route's note says the use case makes after the guard (e.g. the events intake's request:Create). */
function isUseCaseCheck(route: RouteDeclaration, reason: unknown): boolean {
  if (isPublicRoute(route) || !route.needs.note || typeof reason !== 'string') return false;
  const action = /(\w+:\w+)$/.exec(reason)?.[1];
  return action !== undefined && route.needs.note.includes(action);
}
