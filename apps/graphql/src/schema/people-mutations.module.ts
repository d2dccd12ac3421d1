/**
 * `personCreate` and `personUpdate` (issue 22 item 3): the record engine's mutations of the
 * person's definition (record-module.ts recordMutations), as every record's, through the same
 * use cases as `POST`/`PATCH /v1/people`: the same rules, checks and webhook events. The
 * engine does not make the `Person` type, which `me` shares (docs/decisions/055); the roles,
 * which the declaration keeps as JSON, are typed here as role names.
 */
import { PERSON, ROLES } from '@tessera/domain';
import { recordMutations } from './record-module.js';

const ROLE_LIST = `"Roles in the account of the call, of: ${ROLES.join(', ')}. Given, it replaces the roles; [] or null removes every role."\nroles: [String!]`;

export const peopleMutationsModule = recordMutations(PERSON, { sdl: ROLE_LIST, fields: { roles: ['roles', 'text'] } });
