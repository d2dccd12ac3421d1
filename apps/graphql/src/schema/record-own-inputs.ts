/**
 * Fields a record's GraphQL inputs take beyond its declaration's, where the declaration keeps a
 * value GraphQL types more precisely: a person's roles, JSON in the declaration, role names
 * here. recordModule adds them to the record's create and update inputs.
 */
import { ROLES } from '@tessera/domain';
import type { InputFields } from './record-input.js';

/** Fields a record's inputs take beyond its declaration's: their SDL and how they are read. */
export interface ExtraInput {
  sdl: string;
  fields: InputFields;
}

const ROLE_LIST = `"Roles in the account of the call, of: ${ROLES.join(', ')}. Given, it replaces the roles; [] or null removes every role."\nroles: [String!]`;

export const OWN_INPUTS: Readonly<Partial<Record<string, ExtraInput>>> = {
  Person: { sdl: ROLE_LIST, fields: { roles: ['roles', 'text'] } },
};
