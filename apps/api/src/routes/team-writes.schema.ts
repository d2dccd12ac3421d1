/**
 * The bodies of `POST /v1/teams` and `PATCH /v1/teams/:id`, from the team's field
 * declaration (TEAM_RECORD). Bodies check types only (and that every field is one a
 * caller can set): the use cases check values, all at once.
 */
import { z } from 'zod';
import { TEAM_MEMBERS_MAX, TEAM_RECORD, type TeamCreateInput, type TeamUpdateInput } from '@tessera/domain';
import { writeInput, type RouteInput } from '@tessera/http';
import { writeBodyShape } from '@tessera/validation';

const MAX_ID = 2_147_483_647;

const teamIdParams = z.object({
  id: z.string().regex(/^[1-9]\d{0,9}$/).transform(Number).pipe(z.int().max(MAX_ID)).describe('The team id; anything but a positive integer is not found'),
});

/** A list of record ids, as `member_ids` and a person's `team_ids` take them. */
export const idListSchema = (description: string) => z.array(z.int()).max(TEAM_MEMBERS_MAX).nullable().optional().describe(description);

const members = (mode: 'create' | 'change') =>
  idListSchema(`Members of the team: ids of people of the account or of its directory account. ${mode === 'create' ? 'Default: none' : 'Given, it replaces the members; [] or null removes every member'}`);

export const teamCreateBodySchema = z
  .strictObject({ ...writeBodyShape(TEAM_RECORD, 'create'), member_ids: members('create') })
  .describe('A new team of the account: only name is needed');

export const teamUpdateBodySchema = z
  .strictObject({ ...writeBodyShape(TEAM_RECORD, 'change'), member_ids: members('change') })
  .describe('The fields of the team to change; any other field is refused');

const createBody = writeInput({ body: teamCreateBodySchema, what: 'a team' });
const updateBody = writeInput({ params: teamIdParams, body: teamUpdateBodySchema, what: 'a team' });

export const createTeamInput: RouteInput<TeamCreateInput> = { ...createBody, parse: (raw) => createBody.parse(raw).body as TeamCreateInput };

export const updateTeamInput: RouteInput<{ id: number; body: TeamUpdateInput }> = {
  ...updateBody,
  parse: (raw) => {
    const { params, body } = updateBody.parse(raw);
    return { id: params.id, body: body as TeamUpdateInput };
  },
};
