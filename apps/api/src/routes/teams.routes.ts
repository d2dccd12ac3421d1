/**
 * `GET /v1/teams/:id/members` and `GET /v1/people/:id/teams`: a team's members (people as
 * `GET /v1/people` reads them; e-mails: docs/decisions/033) and a person's teams of the
 * account of the call. The teams themselves are records of the engine (recordRoutes).
 */
import { z } from 'zod';
import { EMAIL_RULE, PERSON, TEAM, presentRecord, type RecordView, type TeamView } from '@tessera/domain';
import { PAGINATION_HEADERS, collectionQuerySchema, defineRoute, sendCollection, type RouteTable } from '@tessera/http';
import { collectionSpecOf, parseCollectionQuery, type CollectionSpec, type PageSizeLimits } from '@tessera/validation';
import type { ApiServices } from '../services.js';
import { personFieldsSchema } from './person.schema.js';
import { idParams, recordIdParam, recordSchemas } from './record.schema.js';

/** Fields, defaults, sorts and filters as `GET /v1/teams` and `GET /v1/people` take them (their declarations). */
const TEAMS: CollectionSpec = collectionSpecOf(TEAM.fields);
const PEOPLE: CollectionSpec = collectionSpecOf(PERSON.fields);

const presentTeam = (view: TeamView) => presentRecord(TEAM, view);
const presentPerson = (view: RecordView) => presentRecord(PERSON, view);

export function teamsRoutes(services: ApiServices, apiUrl: string, pageSize: PageSizeLimits): RouteTable {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/teams/:id/members',
      operationId: 'listTeamMembers',
      tag: 'teams',
      summary: 'The members of a team, as people',
      description: `Change them with the team's \`member_ids\` or a person's \`team_ids\`. ${EMAIL_RULE}`,
      needs: { scope: 'team:Read', answer: 'person:Read' },
      input: {
        params: idParams(TEAM.what),
        query: collectionQuerySchema(PEOPLE, pageSize),
        parse: ({ params, query }) => ({ id: recordIdParam(params['id']), query: parseCollectionQuery(query, PEOPLE, pageSize) }),
      },
      responses: { 200: { description: 'One page of the members, with the selected fields', schema: z.array(personFieldsSchema), headers: PAGINATION_HEADERS } },
      errors: [400, 404],
      handler: async ({ req, res, access, input: { id, query } }) => {
        sendCollection(req, res, query, await services.listTeamMembers(access, id, query), presentPerson, `${apiUrl}/teams/${id}/members`);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/people/:id/teams',
      operationId: 'listPersonTeams',
      tag: 'teams',
      summary: 'The teams of the account a person is a member of',
      description: "Change them with the person's `team_ids` or a team's `member_ids`.",
      needs: { scope: 'team:Read', answer: 'person:Read' },
      input: {
        params: idParams('person'),
        query: collectionQuerySchema(TEAMS, pageSize),
        parse: ({ params, query }) => ({ id: recordIdParam(params['id']), query: parseCollectionQuery(query, TEAMS, pageSize) }),
      },
      responses: { 200: { description: 'One page of teams, with the selected fields', schema: z.array(recordSchemas(TEAM).listed), headers: PAGINATION_HEADERS } },
      errors: [400, 404],
      handler: async ({ req, res, access, input: { id, query } }) => {
        sendCollection(req, res, query, await services.listPersonTeams(access, id, query), presentTeam, `${apiUrl}/people/${id}/teams`);
      },
    }),
  ];
}
