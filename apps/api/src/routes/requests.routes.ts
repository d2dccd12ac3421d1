import { z } from 'zod';
import { PROBLEM, PROJECT, REQUEST_RECORD, WORKFLOW, notFound, presentNote, presentRequest, type RecordDefinition, type RequestLinkContext } from '@tessera/domain';
import { PAGINATION_HEADERS, collectionQuerySchema, defineRoute, sendCollection, type RouteTable } from '@tessera/http';
import { collectionSpecOf, parseCollectionQuery, type CollectionSpec, type PageSizeLimits } from '@tessera/validation';
import type { ApiServices } from '../services.js';
import { noteFieldsSchema, requestFieldsSchema, requestSchema } from './request.schema.js';

/** Fields, defaults, sorts and filters as the request's field declaration (REQUEST_RECORD) gives them. */
const REQUESTS: CollectionSpec = collectionSpecOf(REQUEST_RECORD);

/** The collection of a record's notes: a request's, and a record of the engine's (record.routes.ts). */
export const NOTES: CollectionSpec = {
  fields: ['id', 'text', 'internal', 'person', 'created_at'],
  defaultFields: ['id', 'text', 'internal', 'person', 'created_at'],
  sortable: ['id', 'created_at'],
  filters: { id: 'integer', internal: 'boolean', created_at: 'datetime' },
};

const ID_PARAMS = z.object({ id: z.string().describe('The request id; anything but a positive integer is not found') });

/** Ids in paths are positive integers; anything else is simply not found. */
function idParam(raw: string | undefined): number {
  const id = requestIdOf(raw);
  if (id === null) throw notFound();
  return id;
}

/** A request id of a path, or null for anything that cannot be one. */
export function requestIdOf(raw: string | undefined): number | null {
  return raw && /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : null;
}

const VISIBILITY = 'An end user sees the requests they requested or that are for them; agents see every request of the account.';

/** The records a request is linked to (its `problem_id`, `workflow_id`, `project_id`), each with the collection of its requests. */
const LINKED_BY: ReadonlyArray<[def: RecordDefinition, field: 'problem_id' | 'workflow_id' | 'project_id']> = [
  [PROBLEM, 'problem_id'],
  [WORKFLOW, 'workflow_id'],
  [PROJECT, 'project_id'],
];

/**
 * `GET /v1/requests`, `/v1/requests/:id`, `/v1/requests/:id/notes` and the requests of a problem, workflow
 * or project (`/v1/problems/:id/requests`, …), in the account of the call.
 */
export function requestsRoutes(services: ApiServices, links: RequestLinkContext, pageSize: PageSizeLimits): RouteTable {
  const { apiUrl } = links;
  return [
    defineRoute({
      method: 'get',
      path: '/v1/requests',
      operationId: 'listRequests',
      tag: 'requests',
      summary: 'Requests of the account the caller may read',
      description: VISIBILITY,
      needs: { scope: 'request:Read' },
      input: { query: collectionQuerySchema(REQUESTS, pageSize), parse: ({ query }) => parseCollectionQuery(query, REQUESTS, pageSize) },
      responses: { 200: { description: 'One page of requests, with the selected fields', schema: z.array(requestFieldsSchema), headers: PAGINATION_HEADERS } },
      errors: [400],
      handler: async ({ req, res, access, input: query }) => {
        const page = await services.listRequests(access, query);
        sendCollection(req, res, query, page, (view) => presentRequest(view, links), `${apiUrl}/requests`);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/requests/:id',
      operationId: 'getRequest',
      tag: 'requests',
      summary: 'One request, with every field',
      description: VISIBILITY,
      needs: { scope: 'request:Read' },
      input: { params: ID_PARAMS, parse: ({ params }) => ({ id: idParam(params['id']) }) },
      responses: { 200: { description: 'The request', schema: requestSchema } },
      errors: [404],
      handler: async ({ res, access, input }) => {
        res.json(presentRequest(await services.getRequest(access, input.id), links));
      },
    }),
    ...LINKED_BY.map(([def, field]) =>
      defineRoute({
        method: 'get',
        path: `/v1/${def.path}/:id/requests`,
        operationId: `list${def.node}Requests`,
        tag: 'requests',
        summary: `Requests linked to a ${def.what}`,
        description: `The requests whose \`${field}\` is the ${def.what}, as \`GET /v1/requests?${field}=<id>\` lists them (same fields, sorts, filters and paging). ${VISIBILITY} ` +
          `A ${def.what} of another account, or none, is not found.`,
        // Read under the record, answered with requests: both Reads, checked before anything runs.
        needs: { scope: `${def.noun}:Read`, answer: 'request:Read' },
        input: {
          params: z.object({ id: z.string().describe(`The ${def.what} id; anything but a positive integer is not found`) }),
          query: collectionQuerySchema(REQUESTS, pageSize),
          parse: ({ params, query }) => ({ id: idParam(params['id']), query: parseCollectionQuery(query, REQUESTS, pageSize) }),
        },
        responses: { 200: { description: 'One page of requests, with the selected fields', schema: z.array(requestFieldsSchema), headers: PAGINATION_HEADERS } },
        errors: [400, 404],
        handler: async ({ req, res, access, input: { id, query } }) => {
          await services.records.get(def, access, id);
          const page = await services.listRequests(access, { ...query, filters: [...query.filters, { field, operator: 'in', values: [id] }] });
          sendCollection(req, res, query, page, (view) => presentRequest(view, links), `${apiUrl}/${def.path}/${id}/requests`);
        },
      }),
    ),
    defineRoute({
      method: 'get',
      path: '/v1/requests/:id/notes',
      operationId: 'listRequestNotes',
      tag: 'requests',
      summary: 'Notes of a request the caller may read',
      description: 'End users do not see internal notes.',
      needs: { scope: 'request:Read' },
      input: {
        params: ID_PARAMS,
        query: collectionQuerySchema(NOTES, pageSize),
        parse: ({ params, query }) => ({ id: idParam(params['id']), query: parseCollectionQuery(query, NOTES, pageSize) }),
      },
      responses: { 200: { description: 'One page of notes, with the selected fields', schema: z.array(noteFieldsSchema), headers: PAGINATION_HEADERS } },
      errors: [400, 404],
      handler: async ({ req, res, access, input: { id, query } }) => {
        sendCollection(req, res, query, await services.listRequestNotes(access, id, query), presentNote, `${apiUrl}/requests/${id}/notes`);
      },
    }),
  ];
}
