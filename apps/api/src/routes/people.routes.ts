/**
 * `GET /v1/people` and `GET /v1/people/:id`: the people of the account of the call and,
 * for a support domain, of its directory account (SPEC.md "Directory account"), each with
 * their roles in the account of the call. Primary e-mails: docs/decisions/033.
 */
import { z } from 'zod';
import { PERSON_RECORD, notFound, presentPerson } from '@tessera/domain';
import { PAGINATION_HEADERS, collectionQuerySchema, defineRoute, sendCollection, type RouteTable } from '@tessera/http';
import { collectionSpecOf, parseCollectionQuery, type CollectionSpec, type PageSizeLimits } from '@tessera/validation';
import type { ApiServices } from '../services.js';
import { personFieldsSchema, personSchema } from './person.schema.js';
import { requestIdOf } from './requests.routes.js';

/** Fields, defaults, sorts and filters as the person's field declaration (PERSON_RECORD) gives them. */
export const PEOPLE: CollectionSpec = collectionSpecOf(PERSON_RECORD);

export const PERSON_ID_PARAMS = z.object({ id: z.string().describe('The person id; anything but a positive integer is not found') });

/** A person id of a path; anything that cannot be one is not found. */
export function personIdParam(raw: string | undefined): number {
  const id = requestIdOf(raw);
  if (id === null) throw notFound();
  return id;
}

export const EMAIL_RULE = 'An end user (no role in the account) sees their own primary e-mail only, and may not filter or sort on it (docs/decisions/033).';

export function peopleRoutes(services: ApiServices, apiUrl: string, pageSize: PageSizeLimits): RouteTable {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/people',
      operationId: 'listPeople',
      tag: 'people',
      summary: 'People of the account, and of its directory account for a support domain',
      description: EMAIL_RULE,
      needs: { scope: 'person:Read' },
      input: { query: collectionQuerySchema(PEOPLE, pageSize), parse: ({ query }) => parseCollectionQuery(query, PEOPLE, pageSize) },
      responses: { 200: { description: 'One page of people, with the selected fields', schema: z.array(personFieldsSchema), headers: PAGINATION_HEADERS } },
      errors: [400],
      handler: async ({ req, res, access, input: query }) => {
        sendCollection(req, res, query, await services.listPeople(access, query), presentPerson, `${apiUrl}/people`);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/people/:id',
      operationId: 'getPerson',
      tag: 'people',
      summary: 'One person, with every field',
      description: EMAIL_RULE,
      needs: { scope: 'person:Read' },
      input: { params: PERSON_ID_PARAMS, parse: ({ params }) => ({ id: personIdParam(params['id']) }) },
      responses: { 200: { description: 'The person', schema: personSchema } },
      errors: [404],
      handler: async ({ res, access, input }) => {
        res.json(presentPerson(await services.getPerson(access, input.id)));
      },
    }),
  ];
}
