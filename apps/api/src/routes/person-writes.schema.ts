/**
 * The bodies of `POST /v1/people` and `PATCH /v1/people/:id`, from the person's field
 * declaration (PERSON_RECORD). Bodies check types only (and that every field is one a
 * caller can set): the use cases check values, all at once.
 */
import { z } from 'zod';
import { PERSON_RECORD, ROLES, TEAM_MEMBERS_MAX, type PersonCreateInput, type PersonUpdateInput } from '@tessera/domain';
import { writeInput, type RouteInput } from '@tessera/http';
import { writeBodyShape } from '@tessera/validation';

const MAX_ID = 2_147_483_647;

const personIdParams = z.object({
  id: z.string().regex(/^[1-9]\d{0,9}$/).transform(Number).pipe(z.int().max(MAX_ID)).describe('The person id; anything but a positive integer is not found'),
});

const roles = (mode: string) =>
  z.array(z.string().meta({ enum: [...ROLES] })).nullable().optional()
    .describe(`Roles in the account of the call: ${ROLES.join(', ')}. ${mode === 'create' ? 'Default: none (an end user)' : 'Given, it replaces the roles; [] or null removes every role'}`);

const teams = (mode: string) =>
  z.array(z.int()).max(TEAM_MEMBERS_MAX).nullable().optional().describe(`Teams of the account of the call the person is a member of, by id. ${mode === 'create' ? 'Default: none' : 'Given, it replaces them; [] or null removes the person from every team of the account'}. Each team changed fires team.update`);

export const personCreateBodySchema = z
  .strictObject({ ...writeBodyShape(PERSON_RECORD, 'create'), roles: roles('create'), team_ids: teams('create') })
  .describe('A new person of the account: only name and primary_email are needed');

export const personUpdateBodySchema = z
  .strictObject({ ...writeBodyShape(PERSON_RECORD, 'change'), roles: roles('change'), team_ids: teams('change') })
  .describe('The fields of the person to change; any other field is refused');

const createBody = writeInput({ body: personCreateBodySchema, what: 'a person' });
const updateBody = writeInput({ params: personIdParams, body: personUpdateBodySchema, what: 'a person' });

export const createPersonInput: RouteInput<PersonCreateInput> = { ...createBody, parse: (raw) => createBody.parse(raw).body as PersonCreateInput };

export const updatePersonInput: RouteInput<{ id: number; body: PersonUpdateInput }> = {
  ...updateBody,
  parse: (raw) => {
    const { params, body } = updateBody.parse(raw);
    return { id: params.id, body: body as PersonUpdateInput };
  },
};
