/**
 * `GET /v1/teams`, `GET /v1/teams/:id`, `GET /v1/teams/:id/members` and
 * `GET /v1/people/:id/teams`: the teams of the account of the call and their members
 * (people as `GET /v1/people` reads them; e-mails: docs/decisions/033).
 */
import { z } from 'zod';
import { TEAM_RECORD, presentPerson, presentTeam } from '@tessera/domain';
import { PAGINATION_HEADERS, collectionQuerySchema, defineRoute, sendCollection, type RouteTable } from '@tessera/http';
import { collectionSpecOf, parseCollectionQuery, type CollectionSpec, type PageSizeLimits } from '@tessera/validation';
import type { ApiServices } from '../services.js';
import { EMAIL_RULE, PEOPLE, PERSON_ID_PARAMS, personIdParam } from './people.routes.js';
import { personFieldsSchema } from './person.schema.js';
import { teamFieldsSchema, teamSchema } from './team.schema.js';

/** Fields, defaults, sorts and filters as the team's field declaration (TEAM_RECORD) gives them. */
export const TEAMS: CollectionSpec = collectionSpecOf(TEAM_RECORD);

const TEAM_ID_PARAMS = z.object({ id: z.string().describe('The team id; anything but a positive integer is not found') });

/** A team id of a path; anything that cannot be one is not found (as a person id). */
const teamIdParam = personIdParam;

export function teamsRoutes(services: ApiServices, apiUrl: string, pageSize: PageSizeLimits): RouteTable {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/teams',
      operationId: 'listTeams',
      tag: 'teams',
      summary: 'Teams of the account',
      needs: { scope: 'team:Read' },
      input: { query: collectionQuerySchema(TEAMS, pageSize), parse: ({ query }) => parseCollectionQuery(query, TEAMS, pageSize) },
      responses: { 200: { description: 'One page of teams, with the selected fields', schema: z.array(teamFieldsSchema), headers: PAGINATION_HEADERS } },
      errors: [400],
      handler: async ({ req, res, access, input: query }) => {
        sendCollection(req, res, query, await services.listTeams(access, query), presentTeam, `${apiUrl}/teams`);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/teams/:id',
      operationId: 'getTeam',
      tag: 'teams',
      summary: 'One team, with every field',
      needs: { scope: 'team:Read' },
      input: { params: TEAM_ID_PARAMS, parse: ({ params }) => ({ id: teamIdParam(params['id']) }) },
      responses: { 200: { description: 'The team', schema: teamSchema } },
      errors: [404],
      handler: async ({ res, access, input }) => {
        res.json(presentTeam(await services.getTeam(access, input.id)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/teams/:id/members',
      operationId: 'listTeamMembers',
      tag: 'teams',
      summary: 'The members of a team, as people',
      description: `Change them with the team's \`member_ids\` or a person's \`team_ids\`. ${EMAIL_RULE}`,
      needs: { scope: 'team:Read', answer: 'person:Read' },
      input: {
        params: TEAM_ID_PARAMS,
        query: collectionQuerySchema(PEOPLE, pageSize),
        parse: ({ params, query }) => ({ id: teamIdParam(params['id']), query: parseCollectionQuery(query, PEOPLE, pageSize) }),
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
        params: PERSON_ID_PARAMS,
        query: collectionQuerySchema(TEAMS, pageSize),
        parse: ({ params, query }) => ({ id: personIdParam(params['id']), query: parseCollectionQuery(query, TEAMS, pageSize) }),
      },
      responses: { 200: { description: 'One page of teams, with the selected fields', schema: z.array(teamFieldsSchema), headers: PAGINATION_HEADERS } },
      errors: [400, 404],
      handler: async ({ req, res, access, input: { id, query } }) => {
        sendCollection(req, res, query, await services.listPersonTeams(access, id, query), presentTeam, `${apiUrl}/people/${id}/teams`);
      },
    }),
  ];
}
