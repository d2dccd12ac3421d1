/**
 * The team JSON of `/v1/teams` as the OpenAPI document shows it, the fields from their
 * declaration in the domain (TEAM_RECORD); team.presenter.ts writes it.
 */
import { z } from 'zod';
import { TEAM_RECORD } from '@tessera/domain';
import { answerShape } from '@tessera/validation';
import { referenceSchema } from './request.schema.js';

const nodeId = z.string().describe('Global node ID: URL-safe base64 of `tessera/<Type>/<id>`');

export const teamSchema = z
  .object({ ...answerShape(TEAM_RECORD, referenceSchema.nullable()), nodeID: nodeId })
  .describe('A team, with every field');

/** A collection returns the selected fields (`fields`, default the collection fields), `id` and `nodeID` always. */
export const teamFieldsSchema = teamSchema.partial().required({ nodeID: true }).extend({ id: z.int() }).describe('A team with the selected fields');
