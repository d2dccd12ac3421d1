/**
 * `POST /v1/requests` (201), `PATCH /v1/requests/:id` (200) and
 * `POST /v1/requests/:id/notes` (201), in the account of the call: the same
 * use cases as GraphQL's requestCreate, requestUpdate and noteCreate, which
 * publish the same `request.*` webhook events as the events intake. Another
 * account's request, or one the caller may not read, is not found.
 */
import { presentNote, presentRequest, type RequestLinkContext } from '@tessera/domain';
import { defineRoute, type RouteTable } from '@tessera/http';
import type { ApiServices } from '../services.js';
import { noteSchema, requestSchema } from './request.schema.js';
import { createNoteInput, createRequestInput, updateRequestInput } from './request-writes.schema.js';

const VISIBILITY = 'An end user may only use requests they requested or that are for them, and may not write internal notes.';

export function requestWritesRoutes(services: ApiServices, links: RequestLinkContext): RouteTable {
  return [
    defineRoute({
      method: 'post',
      path: '/v1/requests',
      operationId: 'createRequest',
      tag: 'requests',
      summary: 'Create a request',
      description: `Only \`subject\` is needed: the defaults of a new request apply, as in the events intake (README "Events intake"). Fires request.create (and request.note-added for each note). ${VISIBILITY}`,
      needs: { scope: 'request:Create', answer: 'request:Read' },
      input: createRequestInput,
      responses: { 201: { description: 'The new request, with every field', schema: requestSchema } },
      errors: [422],
      handler: async ({ res, access, input }) => {
        res.status(201).json(presentRequest(await services.createRequest(access, input), links));
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/v1/requests/:id',
      operationId: 'updateRequest',
      tag: 'requests',
      summary: 'Change a request',
      description:
        'Status rules as in the events intake: completing needs a completion reason, a status that needs a member gets the caller when none is given. ' +
        `Fires request.update, and request.status-changed, member-changed and team-changed when those change; a change that changes nothing fires nothing. ${VISIBILITY}`,
      needs: { scope: 'request:Update', answer: 'request:Read' },
      input: updateRequestInput,
      responses: { 200: { description: 'The request, with every field, after the change', schema: requestSchema } },
      errors: [404, 422],
      handler: async ({ res, access, input: { id, body } }) => {
        res.json(presentRequest(await services.updateRequest(access, id, body), links));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/requests/:id/notes',
      operationId: 'createRequestNote',
      tag: 'requests',
      summary: 'Add a note to a request',
      description: `Fires request.note-added. ${VISIBILITY}`,
      needs: { scope: 'request:Update', answer: 'request:Read' },
      input: createNoteInput,
      responses: { 201: { description: 'The new note', schema: noteSchema } },
      errors: [404, 422],
      handler: async ({ res, access, input: { id, body } }) => {
        const { note } = await services.addRequestNote(access, id, body);
        res.status(201).json(presentNote(note));
      },
    }),
  ];
}
