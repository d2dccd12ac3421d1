/**
 * The person JSON of `/v1/people` as the OpenAPI document shows it, the fields from
 * their declaration in the domain (PERSON_RECORD); presentRecord writes it.
 */
import { z } from 'zod';
import { PERSON_RECORD, ROLES } from '@tessera/domain';
import { answerShape } from '@tessera/validation';
import { referenceSchema } from './request.schema.js';

const nodeId = z.string().describe('Global node ID: URL-safe base64 of `tessera/<Type>/<id>`');

export const personSchema = z
  .object({
    ...answerShape(PERSON_RECORD, referenceSchema.nullable()),
    primary_email: z.string().nullable().describe('Primary e-mail address; null for an end user reading somebody else (docs/decisions/033)'),
    roles: z.array(z.enum(ROLES)).describe('Roles in the account of the call'),
    account: z.object({ id: z.string(), name: z.string() }).describe('Account the person belongs to: the account of the call or its directory account'),
    nodeID: nodeId,
  })
  .describe('A person, with every field');

/** A collection returns the selected fields (`fields`, default the collection fields), `id` and `nodeID` always. */
export const personFieldsSchema = personSchema.partial().required({ nodeID: true }).extend({ id: z.int() }).describe('A person with the selected fields');
