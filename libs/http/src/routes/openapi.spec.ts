import { Validator } from '@seriousme/openapi-schema-validator';
import { z } from 'zod';
import { buildOpenApiDocument } from './openapi.js';
import { NO_INPUT, zodInput } from './route-input.js';
import { defineRoute, type RouteTable } from './route-table.js';

const thing = z.object({ id: z.int(), name: z.string(), created_at: z.iso.datetime({ offset: true }) });

const routes: RouteTable = [
  defineRoute({
    method: 'post',
    path: '/v1/things/:id/notes',
    operationId: 'addThingNote',
    tag: 'things',
    summary: 'Add a note',
    needs: { scope: 'team:Update', role: 'administrator', note: 'Checked again by the use case.' },
    input: zodInput({
      params: z.object({ id: z.string().describe('The thing') }),
      query: z.object({ notify: z.enum(['yes', 'no']).optional(), tag: z.string() }),
      body: { schema: z.object({ text: z.string().max(10) }), mediaTypes: ['application/json', 'application/x-www-form-urlencoded'] },
    }),
    responses: { 201: { description: 'The thing', schema: thing } },
    errors: [404, 422],
    handler: () => undefined,
  }),
  defineRoute({
    method: 'get',
    path: '/v1/things',
    operationId: 'listThings',
    tag: 'things',
    summary: 'Every thing',
    needs: { public: 'Things are public' },
    input: NO_INPUT,
    responses: { 200: { description: 'Things', schema: z.array(thing) } },
    handler: () => undefined,
  }),
];

describe('buildOpenApiDocument', () => {
  const document = buildOpenApiDocument(routes, { info: { title: 'Things', version: '1' }, servers: [{ url: 'http://localhost' }], schemas: { Thing: thing } });
  const addNote = document.paths['/v1/things/{id}/notes']!['post']!;

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(await new Validator().validate(document)).toEqual({ valid: true });
  });

  it('says what a guarded operation needs: bearer token and account header together, x-needs and the description', () => {
    expect(addNote['security']).toEqual([{ bearerAuth: [], serviceAccount: [] }]);
    expect(document.components['securitySchemes']!['serviceAccount']).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Service-Account' });
    expect(addNote['x-needs']).toEqual({ scope: 'team:Update', role: 'administrator', note: 'Checked again by the use case.' });
    expect(addNote['description']).toBe('Needs the administrator role in the account and a token whose scopes allow `team:Update`. Checked again by the use case.');
  });

  it('leaves the account header to the security scheme: no operation takes it as a parameter a client must pass per call', () => {
    expect(document.components['parameters']).toBeUndefined();
    expect(JSON.stringify(document.paths)).not.toContain('X-Service-Account');
    expect(JSON.stringify(document.paths)).not.toContain('#/components/parameters/');
  });

  it('marks a public operation as needing no security and no account header', () => {
    const list = document.paths['/v1/things']!['get']!;
    expect(list['security']).toEqual([]);
    expect(list['x-needs']).toEqual({ public: 'Things are public' });
    expect(list['parameters']).toBeUndefined();
  });

  it('lists path and query parameters from the input schemas, with their descriptions and requirement', () => {
    expect(addNote['parameters']).toEqual([
      { name: 'id', in: 'path', required: true, description: 'The thing', schema: { type: 'string' } },
      { name: 'notify', in: 'query', required: false, schema: { type: 'string', enum: ['yes', 'no'] } },
      { name: 'tag', in: 'query', required: true, schema: { type: 'string' } },
    ]);
  });

  it('documents the body in each media type it is accepted in', () => {
    const content = (addNote['requestBody'] as { content: Record<string, unknown> }).content;
    expect(Object.keys(content)).toEqual(['application/json', 'application/x-www-form-urlencoded']);
    expect(document.components['schemas']!['AddThingNoteBody']).toMatchObject({ properties: { text: { type: 'string', maxLength: 10 } } });
  });

  it('refers to named schemas, and names the others after their operation', () => {
    const ok = (addNote['responses'] as Record<string, { content: { 'application/json': { schema: unknown } } }>)['201']!;
    expect(ok.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Thing' });
    expect(document.components['schemas']!['ListThings200']).toEqual({ type: 'array', items: { $ref: '#/components/schemas/Thing' } });
    expect(document.components['schemas']!['Thing']).toMatchObject({ properties: { created_at: { type: 'string', format: 'date-time' } } });
  });

  it('answers every error the steps of a route can raise, with the shared error bodies', () => {
    expect(Object.keys(addNote['responses'] as object)).toEqual(['201', '400', '401', '403', '404', '413', '415', '422', '429', '500']);
    expect(Object.keys(document.paths['/v1/things']!['get']!['responses'] as object)).toEqual(['200', '500']);
    expect(document.components['responses']!['ValidationFailed']).toMatchObject({ content: { 'application/json': { schema: { $ref: '#/components/schemas/ValidationError' } } } });
    expect(document.components['responses']!['TooManyRequests']).toMatchObject({ headers: { 'Retry-After': { schema: { type: 'integer' } } } });
  });

  it('refuses two different schemas under one name', () => {
    const other = z.object({ id: z.string() });
    expect(() =>
      buildOpenApiDocument([{ ...routes[1]!, responses: { 200: { description: 'x', schema: other } } }], {
        info: { title: 't', version: '1' },
        servers: [],
        schemas: { ListThings200: thing },
      }),
    ).toThrow("Two different schemas are named 'ListThings200'");
  });

  describe('the webhooks section', () => {
    const message = z.strictObject({ event: z.literal('thing.create'), thing: thing });
    const signed = z.strictObject({ jwt: z.string() });
    const withWebhooks = buildOpenApiDocument(routes, {
      info: { title: 'Things', version: '1' },
      servers: [{ url: 'http://localhost' }],
      schemas: { Thing: thing },
      webhooks: {
        'thing.create': {
          summary: 'A thing was created',
          tag: 'events',
          bodies: [{ name: 'ThingCreateMessage', schema: message }, { name: 'SignedBody', schema: signed }],
          headers: [{ name: 'webhook-id', required: true, description: 'The delivery id' }],
          answer: 'Any 2xx is a delivery',
        },
      },
    });

    it('is one POST per webhook, with its headers, its named bodies and what the answer means, in a valid 3.1 document', async () => {
      expect(withWebhooks.webhooks).toEqual({
        'thing.create': {
          post: {
            operationId: 'webhook.thing.create',
            summary: 'A thing was created',
            tags: ['events'],
            // The sender presents no credential of the receiver's: the request is authenticated by its signature headers.
            security: [],
            parameters: [{ name: 'webhook-id', in: 'header', required: true, description: 'The delivery id', schema: { type: 'string' } }],
            requestBody: { required: true, content: { 'application/json': { schema: { oneOf: [{ $ref: '#/components/schemas/ThingCreateMessage' }, { $ref: '#/components/schemas/SignedBody' }] } } } },
            responses: { '2XX': { description: 'Any 2xx is a delivery' } },
          },
        },
      });
      expect(withWebhooks.components['schemas']!['ThingCreateMessage']).toMatchObject({
        properties: { thing: { $ref: '#/components/schemas/Thing' } }, additionalProperties: false,
      });
      expect(await new Validator().validate(withWebhooks)).toEqual({ valid: true });
      expect(document.webhooks).toBeUndefined();
    });

    it('is checked by the validator: a header without its place makes the document invalid', async () => {
      const broken = structuredClone(withWebhooks) as typeof withWebhooks & { webhooks: Record<string, { post: { parameters: Array<Record<string, unknown>> } }> };
      delete broken.webhooks['thing.create']!.post.parameters[0]!['in'];
      expect(await new Validator().validate(broken)).toMatchObject({ valid: false });
    });
  });
});
