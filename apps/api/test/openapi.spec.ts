import request from 'supertest';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Validator } from '@seriousme/openapi-schema-validator';
import { z } from 'zod';
import { errorBodySchema, mountedRouteTable, openApiPath, validationErrorBodySchema, type OpenApiDocument, type RouteTable } from '@tessera/http';
import {
  applicationFieldsSchema, applicationSchema, createdApplicationSchema, integrationFieldsSchema, integrationSchema, scopeFieldsSchema, scopeSchema,
} from '../src/routes/integrations.schema.js';
import { meSchema } from '../src/routes/me.schema.js';
import { noteFieldsSchema, requestFieldsSchema, requestSchema } from '../src/routes/request.schema.js';
import { clearRequests, startApiHarness, tokenFor, type ApiHarness } from './support/api-harness.js';

type Operation = Record<string, unknown> & { parameters?: Array<Record<string, unknown>>; responses: Record<string, Record<string, unknown>> };

describe('GET /v1/openapi.json — the OpenAPI 3.1 document of the route table', () => {
  let h: ApiHarness;
  let table: RouteTable;
  let document: OpenApiDocument;
  const operation = (method: string, path: string) => document.paths[path]![method] as Operation;

  beforeAll(async () => {
    h = await startApiHarness();
    // The table the app really mounted, whatever its routes are built from.
    table = mountedRouteTable(h.app);
    document = (await request(h.app).get('/v1/openapi.json').expect(200)).body as OpenApiDocument;
  });
  afterEach(() => clearRequests(h));
  afterAll(() => h.drop());

  it('is served without a token, with the headers of every answer and a cache that revalidates', async () => {
    const res = await request(h.app).get('/v1/openapi.json').set('Origin', 'https://docs.example').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['etag']).toBeTruthy();
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['x-ratelimit-limit']).toBeUndefined();
  });

  it('passes an OpenAPI 3.1 validator', async () => {
    expect(document.openapi).toBe('3.1.0');
    expect(await new Validator().validate(document)).toEqual({ valid: true });
  });

  it('passes redocly lint with its recommended rules: no error (its warnings: the localhost server, no license, no 4xx on this public route)', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: '/openapi.json', config });
    const errors = problems.filter((problem) => problem.severity === 'error').map((problem) => `${problem.ruleId}: ${problem.location[0]?.pointer ?? ''} ${problem.message}`);
    expect(errors).toEqual([]);
    expect(problems.map((problem) => problem.ruleId).sort()).toEqual(['info-license', 'no-server-example.com', 'operation-4xx-response']);
  });

  it('has every route of the table, with what it needs', () => {
    for (const route of table) {
      const op = operation(route.method, openApiPath(route.path));
      expect({ route: `${route.method} ${route.path}`, needs: op?.['x-needs'] }).toEqual({ route: `${route.method} ${route.path}`, needs: route.needs });
    }
    const documented = Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method} ${path}`));
    expect(documented.sort()).toEqual(table.map((route) => `${route.method} ${openApiPath(route.path)}`).sort());
  });

  it('describes the bearer token and the X-Service-Account header on every guarded operation', () => {
    expect(document.components['securitySchemes']!['bearerAuth']).toMatchObject({ type: 'http', scheme: 'bearer' });
    // An API key scheme, not a parameter of each operation: a generated client sets it once, like the token.
    expect(document.components['securitySchemes']!['serviceAccount']).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Service-Account' });
    expect(document.components['parameters']).toBeUndefined();
    const me = operation('get', '/v1/me');
    expect(me['security']).toEqual([{ bearerAuth: [], serviceAccount: [] }]);
    expect(me.parameters ?? []).not.toContainEqual(expect.objectContaining({ name: 'X-Service-Account' }));
    expect(me['description']).toContain('`me:Read`');
    expect(operation('get', '/v1/openapi.json')['security']).toEqual([]);
  });

  it('says the security of every operation and every webhook, naming only schemes it declares (redocly lint security-defined)', () => {
    const declared = Object.keys(document.components['securitySchemes']!);
    const operations = [
      ...Object.entries(document.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => [`${method} ${path}`, op] as const)),
      ...Object.entries(document.webhooks ?? {}).flatMap(([name, methods]) =>
        Object.entries(methods as Record<string, Record<string, unknown>>).map(([method, op]) => [`webhook ${method} ${name}`, op] as const),
      ),
    ];
    expect(Object.keys(document.webhooks ?? {}).length).toBeGreaterThan(0);
    const withoutSecurity = operations.filter(([, op]) => !Array.isArray(op['security'])).map(([name]) => name);
    expect(withoutSecurity).toEqual([]);
    const undeclared = operations.flatMap(([name, op]) =>
      (op['security'] as Array<Record<string, unknown>>).flatMap((requirement) => Object.keys(requirement).filter((scheme) => !declared.includes(scheme)).map((scheme) => `${name}: ${scheme}`)),
    );
    expect(undeclared).toEqual([]);
  });

  it('documents the events intake: query parameters, JSON and form bodies, the scopes the use case checks, 422', () => {
    const events = operation('post', '/v1/events');
    const names = events.parameters!.map((p) => p['name']).filter(Boolean);
    expect(names).toEqual(expect.arrayContaining(['subject', 'note', 'source_id', 'sourceID', 'ci', 'waiting_until', 'support_domain']));
    expect(Object.keys((events['requestBody'] as { content: object }).content)).toEqual(['application/json', 'application/x-www-form-urlencoded']);
    expect(events['description']).toContain('`request:Create`');
    expect(Object.keys(events.responses)).toEqual(['200', '201', '400', '401', '403', '413', '415', '422', '429', '500']);
    expect(document.components['schemas']!['SubmitEventBody']).toMatchObject({ properties: { subject: { type: 'string', maxLength: 190 }, impact: { enum: ['low', 'medium', 'high', 'top'] } } });
  });

  it('documents the collection parameters and pagination headers of GET /v1/requests', () => {
    const list = operation('get', '/v1/requests');
    expect(list.parameters).toContainEqual(expect.objectContaining({ name: 'per_page', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } }));
    expect(list.parameters).toContainEqual(expect.objectContaining({ name: 'status', in: 'query' }));
    expect(Object.keys(list.responses['200']!['headers'] as object)).toEqual(
      expect.arrayContaining(['Link', 'X-Pagination-Total-Entries', 'X-RateLimit-Remaining']),
    );
  });

  it('documents the error answers with their bodies', () => {
    const get = operation('get', '/v1/requests/{id}');
    expect(get.responses['404']).toEqual({ $ref: '#/components/responses/NotFound' });
    expect(get.responses['401']).toEqual({ $ref: '#/components/responses/Unauthorized' });
    expect(get.responses['429']).toEqual({ $ref: '#/components/responses/TooManyRequests' });
    expect(document.components['schemas']!['ValidationError']).toMatchObject({ required: ['message', 'errors'] });
  });

  describe('the documented schemas describe real answers', () => {
    const check = (schema: z.ZodType, body: unknown) => expect(schema.safeParse(body).error?.issues ?? []).toEqual([]);

    it('GET /v1/me', async () => {
      check(meSchema.strict(), (await h.get('/v1/me').expect(200)).body);
    });

    it('POST /v1/events (201 and 200), GET /v1/requests/:id, the collections, with every field', async () => {
      const created = await h.post('/v1/events').query({ subject: 'Disk full', ci: 'srv-db-01', note: 'first' }).expect(201);
      check(requestSchema.strict(), created.body);
      check(requestSchema.strict(), (await h.post('/v1/events').query({ subject: 'Disk full', ci: 'srv-db-01', note: 'again' }).expect(200)).body);
      check(requestSchema.strict(), (await h.get(`/v1/requests/${created.body.id}`).expect(200)).body);
      const all = (await h.get('/v1/requests').query({ fields: requestSchema.keyof().options.filter((field) => field !== 'nodeID').join(',') }).expect(200)).body;
      check(z.array(requestFieldsSchema.strict()), all);
      check(z.array(requestSchema.strict()), all);
      check(z.array(noteFieldsSchema.strict()), (await h.get(`/v1/requests/${created.body.id}/notes`).expect(200)).body);
    });

    it('the integrations, their applications and their scopes, with every field', async () => {
      const call = (method: 'patch' | 'delete', path: string) =>
        request(h.app)[method](path).set('Authorization', `Bearer ${h.demo.admin.token}`).set('X-Service-Account', h.demo.account);
      const created = (await h.post('/v1/integrations').send({ name: 'OpenAPI check', description: 'Checked' }).expect(201)).body;
      check(integrationSchema.strict(), created);
      check(integrationSchema.strict(), (await h.get(`/v1/integrations/${created.id}`).expect(200)).body);
      check(integrationSchema.strict(), (await call('patch', `/v1/integrations/${created.id}`).send({ disabled: true }).expect(200)).body);
      const integrations = (await h.get('/v1/integrations').query({ fields: integrationSchema.keyof().options.filter((field) => field !== 'nodeID').join(',') }).expect(200)).body;
      check(z.array(integrationSchema.strict()), integrations);
      check(z.array(integrationFieldsSchema.strict()), (await h.get('/v1/integrations').expect(200)).body);

      const application = (await h.post(`/v1/integrations/${created.id}/applications`).send({ name: 'App', redirect_uris: ['https://a.example/cb'] }).expect(201)).body;
      check(createdApplicationSchema.strict(), application);
      check(applicationSchema.strict(), (await call('patch', `/v1/integrations/${created.id}/applications/${application.id}`).send({ name: 'App 2' }).expect(200)).body);
      const applications = (await h.get(`/v1/integrations/${created.id}/applications`).query({ fields: applicationSchema.keyof().options.filter((field) => field !== 'nodeID').join(',') }).expect(200)).body;
      check(z.array(applicationSchema.strict()), applications);
      check(z.array(applicationFieldsSchema.strict()), (await h.get(`/v1/integrations/${created.id}/applications`).expect(200)).body);

      const scope = (await h.post(`/v1/integrations/${created.id}/scopes`).send({ actions: ['request:Read'], conditions: ['account = wdc'] }).expect(201)).body;
      check(scopeSchema.strict(), scope);
      check(scopeSchema.strict(), (await h.get(`/v1/integrations/${created.id}/scopes/${scope.id}`).expect(200)).body);
      check(scopeSchema.strict(), (await call('patch', `/v1/integrations/${created.id}/scopes/${scope.id}`).send({ effect: 'deny' }).expect(200)).body);
      const scopes = (await h.get(`/v1/integrations/${created.id}/scopes`).query({ fields: scopeSchema.keyof().options.filter((field) => field !== 'nodeID').join(',') }).expect(200)).body;
      check(z.array(scopeSchema.strict()), scopes);
      check(z.array(scopeFieldsSchema.strict()), (await h.get(`/v1/integrations/${created.id}/scopes`).expect(200)).body);
      await call('delete', `/v1/integrations/${created.id}/scopes/${scope.id}`).expect(204);
      check(errorBodySchema.strict(), (await h.post('/v1/integrations').send({ name: 'OpenAPI check' }).expect(409)).body);
    });

    it('401, 403, 404 and 422', async () => {
      check(errorBodySchema.strict(), (await h.get('/v1/me', 'nope').expect(401)).body);
      check(errorBodySchema.strict(), (await h.get('/v1/me', await tokenFor(h, 'agent@widget.example', [])).expect(403)).body);
      check(errorBodySchema.strict(), (await h.get('/v1/requests/999999').expect(404)).body);
      check(validationErrorBodySchema.strict(), (await h.post('/v1/events').query({ impact: 'huge' }).expect(422)).body);
    });
  });
});
