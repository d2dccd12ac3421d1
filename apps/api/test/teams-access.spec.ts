import request from 'supertest';
import { accessPrincipals, mintToken, type Principal } from '@tessera/persistence/testing';
import { startApiHarness, type ApiHarness } from './support/api-harness.js';

/**
 * The access matrix of the teams routes, with real ids and bodies (the generated matrix,
 * access-matrix.spec.ts, sends absent ids and empty bodies): what each kind of caller is
 * answered, and that a refused write writes nothing.
 */
describe('teams routes × every kind of caller', () => {
  let h: ApiHarness;
  let principals: Map<string, Principal>;
  let adminId: number;
  let team: number;
  let dana: number;
  let otherTeam: number;

  beforeAll(async () => {
    h = await startApiHarness();
    let list: Principal[];
    ({ principals: list, adminId } = await accessPrincipals(h.test.db, h.demo));
    principals = new Map(list.map((p) => [p.name, p]));
    team = await h.id('teams', { name: 'Service Desk' });
    dana = await h.id('people', { primary_email: 'dana@widget.example' });
    [{ id: otherTeam }] = await h.test.db('teams').insert({ account_id: 'matrix-elsewhere', name: 'Elsewhere desk' }).returning('id');
  }, 60_000);
  afterAll(() => h.drop());

  const calls = () => [
    { route: 'GET /v1/teams', call: () => request(h.app).get('/v1/teams'), read: true },
    { route: 'GET /v1/teams/:id', call: () => request(h.app).get(`/v1/teams/${team}`), read: true },
    { route: 'GET /v1/teams/:id/members', call: () => request(h.app).get(`/v1/teams/${team}/members`), read: true },
    { route: 'GET /v1/people/:id/teams', call: () => request(h.app).get(`/v1/people/${dana}/teams`), read: true },
    { route: 'POST /v1/teams', call: () => request(h.app).post('/v1/teams').send({ name: `Team ${Math.random()}` }), read: false },
    { route: 'PATCH /v1/teams/:id', call: () => request(h.app).patch(`/v1/teams/${team}`).send({ disabled: false }), read: false },
  ];

  /** [caller, status of a read, status of a write, the reason of a refused write]. */
  const EXPECTED: Array<[string, number, string, RegExp | null]> = [
    ['no token', 401, '401', null],
    ["another account's token", 403, '403', /access to account/],
    ['end user', 200, '403', /administrator role/],
    ['agent', 200, '403', /administrator role/],
    ['administrator', 200, '201 (create) or 200 (change)', null],
    ['scope denied', 403, '403', /scopes deny team:/],
  ];

  it.each(EXPECTED)('as %s: reads %i, writes %s, and a refused write writes nothing', async (name, readStatus, writeStatus, reason) => {
    const admin = { authorization: `Bearer ${h.demo.admin.token}` };
    const caller = name === 'administrator' ? admin : principals.get(name as Principal['name'])!;
    for (const { route, call, read } of calls()) {
      const before = await h.test.db('audit_lines').where({ record_type: 'Team' }).count({ n: '*' }).first();
      let authorization = caller.authorization;
      if (name === 'scope denied') authorization = `Bearer ${await mintToken(h.test.db, adminId, (caller as Principal).scopeLines(route.startsWith('GET') ? 'team:Read' : route.startsWith('POST') ? 'team:Create' : 'team:Update'))}`;
      let test = call().set('X-Service-Account', h.demo.account);
      if (authorization) test = test.set('Authorization', authorization);
      const res = await test;
      const expected = read ? readStatus : Number(writeStatus) || (route.startsWith('POST') ? 201 : 200);
      expect(`${route} ${res.status}`).toBe(`${route} ${expected}`);
      if (!read && reason) expect(res.body.reason).toMatch(reason);
      if (res.status >= 400) expect(await h.test.db('audit_lines').where({ record_type: 'Team' }).count({ n: '*' }).first()).toEqual(before);
    }
  });

  it("answers 404 for another account's team, to read or to change, as for one that does not exist", async () => {
    await h.get(`/v1/teams/${otherTeam}`).expect(404);
    await h.get(`/v1/teams/${otherTeam}/members`).expect(404);
    await request(h.app).patch(`/v1/teams/${otherTeam}`).set('Authorization', `Bearer ${h.demo.admin.token}`).set('X-Service-Account', h.demo.account).send({ name: 'Mine' }).expect(404);
    expect(await h.test.db('teams').where({ id: otherTeam }).first('name')).toEqual({ name: 'Elsewhere desk' });
  });
});
