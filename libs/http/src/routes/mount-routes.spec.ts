import type { Express, RequestHandler } from 'express';
import request from 'supertest';
import { z } from 'zod';
import { tokenScopes, tooManyRequests, unauthorized, type AccessContext } from '@tessera/domain';
import { createHttpApp, finishHttpApp } from '../create-http-app.js';
import { createLogger } from '../logger.js';
import { mountRoutes, mountedRouteTable } from './mount-routes.js';
import { NO_INPUT, zodInput } from './route-input.js';
import { defineRoute, type GuardedNeeds, type RouteTable } from './route-table.js';

/** Callers by token: `reader` has team:Read, `nobody` no scope, `admin` the administrator role and every scope. */
const CALLERS: Record<string, Pick<AccessContext, 'roles' | 'scopes'>> = {
  reader: { roles: ['agent'], scopes: tokenScopes(['team:Read']) },
  nobody: { roles: ['agent'], scopes: tokenScopes([]) },
  admin: { roles: ['administrator'], scopes: tokenScopes(['*:*']) },
};

// Stand-ins for authenticate() and rateLimit(): the steps around them are what is under test here.
const counted: string[] = [];
const authenticate: RequestHandler = (req, res, next) => {
  const caller = CALLERS[req.get('authorization') ?? ''];
  if (!caller) throw unauthorized('A bearer token is required in the Authorization header');
  res.locals['access'] = { ...caller, person: { id: 1 }, account: { id: 'acme' } };
  next();
};
const rateLimit: RequestHandler = (req, _res, next) => {
  counted.push(req.path);
  if (req.get('x-spent')) throw tooManyRequests(1);
  next();
};
const rateLimitByAddress: RequestHandler = (req, _res, next) => {
  counted.push(`address ${req.path}`);
  if (req.get('x-spent')) throw tooManyRequests(1);
  next();
};

const routes: RouteTable = [
  defineRoute({
    method: 'post',
    path: '/v1/notes/:id',
    operationId: 'addNote',
    tag: 'notes',
    summary: 'Echo a note',
    needs: { scope: 'team:Read' },
    input: zodInput({
      params: z.object({ id: z.string().regex(/^\d+$/) }),
      body: { schema: z.object({ text: z.string().min(1) }), mediaTypes: ['application/json'] },
    }),
    responses: { 201: { description: 'The note' } },
    handler: ({ res, input, access }) => {
      res.status(201).json({ id: input.params.id, text: input.body.text, scopes: access.scopes });
    },
  }),
  defineRoute({
    method: 'get',
    path: '/v1/settings',
    operationId: 'getSettings',
    tag: 'settings',
    summary: 'Administrators only',
    needs: { role: 'administrator' },
    input: NO_INPUT,
    responses: { 200: { description: 'Settings' } },
    handler: ({ res }) => {
      res.json({ ok: true });
    },
  }),
  defineRoute({
    method: 'get',
    path: '/v1/about',
    operationId: 'getAbout',
    tag: 'meta',
    summary: 'Public',
    needs: { public: 'Says nothing about any account' },
    input: NO_INPUT,
    responses: { 200: { description: 'About' } },
    handler: ({ res }) => {
      res.json({ name: 'test' });
    },
  }),
  defineRoute({
    method: 'get',
    path: '/v1/links/:id',
    operationId: 'followLink',
    tag: 'links',
    summary: 'Public, and reaches the database',
    needs: { public: 'The link is its own credential', rateLimit: 'address' },
    input: zodInput({ params: z.object({ id: z.string() }) }),
    responses: { 200: { description: 'Followed' } },
    handler: ({ res }) => {
      res.json({ followed: true });
    },
  }),
];

function appOf(table: RouteTable): Express {
  const logger = createLogger({ name: 't', level: 'silent' });
  const app = createHttpApp({ service: 'routes-test', logger, parseBodies: false });
  mountRoutes(app, table, { authenticate, rateLimit, rateLimitByAddress, bodyLimit: 1024, basePath: '/v1' });
  return finishHttpApp(app, logger);
}

describe('mountRoutes — each route: body → authenticate → rate limit → guard → input → handler', () => {
  const app = appOf(routes);
  const addNote = (id: string, token?: string) => {
    const call = request(app).post(`/v1/notes/${id}`);
    return token ? call.set('Authorization', token) : call;
  };

  beforeEach(() => {
    counted.length = 0;
  });

  it('keeps the table it mounted, for tests and tools to walk', () => {
    expect(mountedRouteTable(app)).toBe(routes);
  });

  it('runs the handler with the parsed input and the caller', async () => {
    const res = await addNote('7', 'reader').send({ text: 'hello' }).expect(201);
    expect(res.body).toEqual({ id: '7', text: 'hello', scopes: tokenScopes(['team:Read']) });
    expect(counted).toEqual(['/v1/notes/7']);
  });

  it('answers a malformed body with 400 before asking who calls', async () => {
    const res = await addNote('7').set('Content-Type', 'application/json').send('{"text":').expect(400);
    expect(res.body).toEqual({ message: 'Problems parsing JSON' });
  });

  it('answers a body over the limit with 413', async () => {
    await addNote('7', 'reader').send({ text: 'x'.repeat(2000) }).expect(413);
  });

  it('answers 401 without a token, before counting or checking input', async () => {
    await addNote('x').send({}).expect(401);
    expect(counted).toEqual([]);
  });

  it('counts the call before the guard: a spent caller gets 429 even without the scope', async () => {
    await addNote('7', 'nobody').set('X-Spent', '1').send({ text: 'a' }).expect(429);
  });

  it('answers 403 naming the scope action before parsing the input', async () => {
    const res = await addNote('x', 'nobody').send({}).expect(403);
    expect(res.body).toEqual({ message: 'Forbidden', reason: "This token's scopes do not allow team:Read" });
  });

  it('answers a write whose answer is the record 403 naming its Read to a caller who may only write, before the input', async () => {
    const writer = appOf([defineRoute({
      method: 'patch', path: '/v1/teams/:id', operationId: 'patchTeam', tag: 'teams', summary: 'Change a team',
      needs: { scope: 'team:Update', answer: 'team:Read' },
      input: zodInput({ params: z.object({ id: z.string().regex(/^\d+$/) }) }),
      responses: { 200: { description: 'The team', schema: z.object({ id: z.string() }) } },
      handler: ({ res, input }) => {
        res.json({ id: input.params.id });
      },
    })]);
    CALLERS['writer'] = { roles: ['agent'], scopes: tokenScopes(['team:Update']) };
    const res = await request(writer).patch('/v1/teams/x').set('Authorization', 'writer').send({}).expect(403);
    expect(res.body).toEqual({ message: 'Forbidden', reason: "This token's scopes do not allow team:Read" });
    await request(writer).patch('/v1/teams/7').set('Authorization', 'admin').send({}).expect(200, { id: '7' });
  });

  it('answers 403 naming the role to a caller without it', async () => {
    const res = await request(app).get('/v1/settings').set('Authorization', 'reader').expect(403);
    expect(res.body.reason).toBe('This needs the administrator role in the account');
    await request(app).get('/v1/settings').set('Authorization', 'admin').expect(200);
  });

  it('turns bad input into 404 for a path parameter and 422 pairs for a body', async () => {
    await addNote('x', 'reader').send({ text: 'a' }).expect(404);
    const res = await addNote('7', 'reader').send({ text: '' }).expect(422);
    expect(res.body).toEqual({ message: 'Validation Failed', errors: [['text', expect.any(String)]] });
  });

  it('serves a public route without a token, and does not count it', async () => {
    await request(app).get('/v1/about').expect(200, { name: 'test' });
    expect(counted).toEqual([]);
  });

  it('counts a public route that asks for it by address, without a token: 429 once spent', async () => {
    await request(app).get('/v1/links/1').expect(200, { followed: true });
    await request(app).get('/v1/links/1').set('X-Spent', '1').expect(429);
    expect(counted).toEqual(['address /v1/links/1', 'address /v1/links/1']);
  });

  it('authenticates and counts an unknown path under the base path before its 404', async () => {
    await request(app).get('/v1/nothing').expect(401);
    const res = await request(app).get('/v1/nothing').set('Authorization', 'nobody').expect(404);
    expect(res.body).toEqual({ message: 'Not Found' });
    expect(counted).toEqual(['/nothing']);
  });

  it('still parses bodies of unknown paths: a malformed one is a 400', async () => {
    await request(app).post('/elsewhere').set('Content-Type', 'application/json').send('{').expect(400);
    await request(app).post('/elsewhere').send({}).expect(404);
  });

  it('labels /metrics by the route pattern whatever the status, and every unmatched call alike', async () => {
    await addNote('7', 'reader').send({ text: 'a' }).expect(201);
    await addNote('8').send({}).expect(401);
    await addNote('9', 'nobody').send({}).expect(403);
    await addNote('x', 'reader').send({}).expect(404);
    await addNote('7', 'reader').send({ text: '' }).expect(422);
    await addNote('7').set('Content-Type', 'application/json').send('{').expect(400);
    await request(app).get('/v1/nothing').expect(401);
    await request(app).get('/elsewhere').expect(404);
    const metrics = (await request(app).get('/metrics').expect(200)).text;
    const labels = [...metrics.matchAll(/http_request_duration_seconds_count\{([^}]*)\}/g)].map((m) => m[1]!);
    const routesOf = (status: number) => labels.filter((l) => l.includes(`status="${status}"`)).map((l) => /route="([^"]*)"/.exec(l)![1]);
    for (const status of [201, 401, 403, 404, 422, 400]) expect(routesOf(status)).toContain('/v1/notes/:id');
    expect(routesOf(401)).toContain('unmatched');
    expect(routesOf(404)).toContain('unmatched');
    const known = new Set([...routes.map((route) => route.path), 'unmatched']);
    expect(labels.map((l) => /route="([^"]*)"/.exec(l)![1]).filter((route) => !known.has(route!))).toEqual([]);
  });
});

describe('mountRoutes — a table it refuses', () => {
  const handler = () => undefined;
  const base = { method: 'get', operationId: 'x', tag: 't', summary: 's', input: NO_INPUT, responses: {}, handler } as const;

  it('refuses a route that is public without a reason', () => {
    expect(() => appOf([defineRoute({ ...base, path: '/v1/x', needs: { public: ' ' } })])).toThrow('GET /v1/x is public without saying why');
  });

  it('refuses a route counted by address when it was given no rateLimitByAddress', () => {
    const logger = createLogger({ name: 't', level: 'silent' });
    const app = createHttpApp({ service: 'routes-test', logger, parseBodies: false });
    const counted = defineRoute({ ...base, path: '/v1/x', needs: { public: 'A link', rateLimit: 'address' } });
    expect(() => mountRoutes(app, [counted], { authenticate, rateLimit, bodyLimit: 1024, basePath: '/v1' })).toThrow(
      'GET /v1/x counts calls by address, but mountRoutes was given no rateLimitByAddress',
    );
  });

  it('refuses a route whose needs declare nothing', () => {
    // @ts-expect-error: the type demands a scope, a role or a public reason
    const nothing: GuardedNeeds = {};
    expect(() => appOf([defineRoute({ ...base, path: '/v1/x', needs: nothing })])).toThrow('GET /v1/x declares neither a scope nor a role');
  });

  it('refuses a path parameter the input does not document', () => {
    expect(() => appOf([defineRoute({ ...base, path: '/v1/x/:id', needs: { scope: 'team:Read' } })])).toThrow(
      "GET /v1/x/:id does not document its path parameter 'id' in input.params",
    );
  });

  it('refuses a scope action the domain does not know: an unknown record type or operation', () => {
    expect(() => appOf([defineRoute({ ...base, path: '/v1/x', needs: { scope: 'gadget:Read' } })])).toThrow(
      "GET /v1/x has a malformed scope action 'gadget:Read': 'gadget' is not a known record type",
    );
    // @ts-expect-error: the type knows the operations too; JavaScript callers do not
    const erase: GuardedNeeds = { scope: 'team:Erase' };
    expect(() => appOf([defineRoute({ ...base, path: '/v1/x', needs: erase })])).toThrow("has a malformed scope action 'team:Erase'");
  });

  it('refuses a write that answers a body without the Read of what it answers, and an answer that is not a Read', () => {
    const write = { ...base, method: 'post', path: '/v1/x', responses: { 201: { description: 'The team', schema: z.object({ id: z.int() }) } } } as const;
    expect(() => appOf([defineRoute({ ...write, needs: { scope: 'team:Update' } })])).toThrow(
      'POST /v1/x answers a body after team:Update but declares no `answer` (the Read of the record it answers)',
    );
    // @ts-expect-error: the type demands a Read; JavaScript callers do not
    const update: GuardedNeeds = { scope: 'team:Update', answer: 'team:Update' };
    expect(() => appOf([defineRoute({ ...write, needs: update })])).toThrow("POST /v1/x has a malformed answer action 'team:Update': the answer needs a Read");
    expect(() => appOf([defineRoute({ ...write, needs: { scope: 'team:Update', answer: 'team:Read' } })])).not.toThrow();
    expect(() => appOf([defineRoute({ ...write, responses: { 204: { description: 'Done' } }, needs: { scope: 'team:Update' } })])).not.toThrow();
  });

  it('refuses a wildcard action: a route names the one action it performs', () => {
    expect(() => appOf([defineRoute({ ...base, path: '/v1/x', needs: { scope: '*:Read' } })])).toThrow(
      "GET /v1/x has a malformed scope action '*:Read': a route names the one action it performs, without a wildcard",
    );
  });
});
