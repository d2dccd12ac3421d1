import { presentRequest, type RequestLinkContext } from '@tessera/domain';
import { defineRoute, type RouteTable } from '@tessera/http';
import { parseEventInput } from '@tessera/validation';
import type { ApiServices } from '../services.js';
import { eventInputSchema } from './event-input.schema.js';
import { requestSchema } from './request.schema.js';

/**
 * `POST /v1/events` (SPEC.md "Events intake API"): 201 + the new request, or 200 + the matched one.
 * Parameters come as a query string, a JSON body or a form body (REFERENCE.md "Events intake").
 */
export function eventsRoutes(services: ApiServices, links: RequestLinkContext): RouteTable {
  return [
    defineRoute({
      method: 'post',
      path: '/v1/events',
      operationId: 'submitEvent',
      tag: 'events',
      summary: 'Submit a monitoring event: create a request, or update the open request it matches',
      description:
        'Only `subject` is needed when every default applies. An open request with the same source, service instance and CI ' +
        'created within the past 24 hours is updated instead of a new one being created (README "Events intake").',
      needs: {
        scope: 'request:Read',
        note: 'Creating a request also needs `request:Create`, updating the matched one `request:Update`: the use case checks them after matching, before anything is stored.',
      },
      input: {
        query: eventInputSchema,
        body: { schema: eventInputSchema, mediaTypes: ['application/json', 'application/x-www-form-urlencoded'] },
        parse: ({ query, body }) => parseEventInput(query, body),
      },
      responses: {
        200: { description: 'An open request matched: the request, with every field, after the change', schema: requestSchema },
        201: { description: 'A new request, with every field', schema: requestSchema },
      },
      errors: [422],
      handler: async ({ res, access, input }) => {
        const outcome = await services.submitEvent(access, input);
        res.status(outcome.created ? 201 : 200).json(presentRequest(outcome.request, links));
      },
    }),
  ];
}
