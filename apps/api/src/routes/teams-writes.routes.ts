/**
 * `POST /v1/teams` (201) and `PATCH /v1/teams/:id` (200): teams of the account of the call,
 * by its administrators. Each publishes team.create / team.update.
 */
import { presentTeam } from '@tessera/domain';
import { defineRoute, type RouteTable } from '@tessera/http';
import type { ApiServices } from '../services.js';
import { createTeamInput, updateTeamInput } from './team-writes.schema.js';
import { teamSchema } from './team.schema.js';

export function teamsWritesRoutes(services: ApiServices): RouteTable {
  return [
    defineRoute({
      method: 'post',
      path: '/v1/teams',
      operationId: 'createTeam',
      tag: 'teams',
      summary: 'Create a team',
      description: 'Only `name` is needed (unique in the account); no manager, no members and enabled by default. Fires team.create.',
      needs: { role: 'administrator', scope: 'team:Create', answer: 'team:Read' },
      input: createTeamInput,
      responses: { 201: { description: 'The new team, with every field', schema: teamSchema } },
      errors: [422],
      handler: async ({ res, access, input }) => {
        res.status(201).json(presentTeam(await services.createTeam(access, input)));
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/v1/teams/:id',
      operationId: 'updateTeam',
      tag: 'teams',
      summary: 'Change a team',
      description: 'Name, manager, disabled, and members (`member_ids` replaces them). Fires team.update; a change that changes nothing fires nothing.',
      needs: { role: 'administrator', scope: 'team:Update', answer: 'team:Read' },
      input: updateTeamInput,
      responses: { 200: { description: 'The team, with every field, after the change', schema: teamSchema } },
      errors: [404, 422],
      handler: async ({ res, access, input: { id, body } }) => {
        res.json(presentTeam(await services.updateTeam(access, id, body)));
      },
    }),
  ];
}
