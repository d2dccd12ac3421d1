/**
 * Integrations, their OAuth applications and their scopes as the OpenAPI
 * document shows them (SPEC.md "Integration scope"; the integration and
 * application records are Tessera's extension), their fields from their
 * declarations in the domain (integrations/integration-declarations.ts). The presenters in libs/domain
 * write the answers; apps/api/test/openapi.spec.ts checks real answers against
 * these. Bodies check types only: the use cases check values, all at once.
 */
import { z } from 'zod';
import { INTEGRATION_RECORD, INTEGRATION_SCOPE_RECORD, OAUTH_APPLICATION_RECORD, readOnlyNames } from '@tessera/domain';
import { answerShape, writeBodyShape } from '@tessera/validation';

const nodeId = z.string().describe('Global node ID: URL-safe base64 of `tessera/<Type>/<id>`');

/** A path id: a positive 32-bit integer, anything else is not found. */
const pathId = (what: string) =>
  z.string().regex(/^[1-9]\d{0,9}$/).transform(Number).pipe(z.int().max(2_147_483_647)).describe(`The ${what} id; anything but a positive integer is not found`);

export const integrationParams = z.object({ id: pathId('integration') });
export const applicationParams = z.object({ id: pathId('integration'), app_id: pathId('OAuth application') });
export const scopeParams = z.object({ id: pathId('integration'), scope_id: pathId('scope') });

export const integrationSchema = z
  .object({ ...answerShape(INTEGRATION_RECORD, z.null()), nodeID: nodeId })
  .describe('An integration: the record behind OAuth applications, holding the scopes that say what they may do');

export const integrationFieldsSchema = integrationSchema.partial().required({ nodeID: true }).extend({ id: z.int() }).describe('An integration with the selected fields');

// One body for a create and a change, here and below: what a create needs is the use case's check.
export const integrationBodySchema = z
  .strictObject(writeBodyShape(INTEGRATION_RECORD, 'change'))
  .describe('The fields of an integration to set; any other field is refused');

export const scopeSchema = z.object({ ...answerShape(INTEGRATION_SCOPE_RECORD, z.null()), nodeID: nodeId }).describe('An integration scope, with every field');

export const scopeFieldsSchema = scopeSchema.partial().required({ nodeID: true }).extend({ id: z.int() }).describe('An integration scope with the selected fields');

export const scopeBodySchema = z
  .strictObject(writeBodyShape(INTEGRATION_SCOPE_RECORD, 'change'))
  .describe('The fields of an integration scope to set, any other is refused; any change revokes the OAuth authorizations of the integration');

export const applicationSchema = z
  .object({ ...answerShape(OAUTH_APPLICATION_RECORD, z.null()), nodeID: nodeId })
  .describe('An OAuth application of an integration (never its client secret)');

export const applicationFieldsSchema = applicationSchema.partial().required({ nodeID: true }).extend({ id: z.int() }).describe('An OAuth application with the selected fields');

export const createdApplicationSchema = applicationSchema
  .extend({ client_secret: z.string().describe('Shown in this answer only; only its digest is stored') })
  .describe('A new OAuth application with its client secret');

export const applicationBodySchema = z
  .strictObject(writeBodyShape(OAUTH_APPLICATION_RECORD, 'change'))
  .describe('The fields of an OAuth application to set; any other field is refused');

/** The write bodies as `writeInput` (libs/http) reads them: the record's other fields are read-only. */
export const integrationBody = { body: integrationBodySchema, what: INTEGRATION_RECORD.what, readOnly: [...readOnlyNames(INTEGRATION_RECORD), 'nodeID'] };
export const scopeBody = { body: scopeBodySchema, what: INTEGRATION_SCOPE_RECORD.what, readOnly: [...readOnlyNames(INTEGRATION_SCOPE_RECORD), 'nodeID'] };
export const applicationBody = {
  body: applicationBodySchema,
  what: OAUTH_APPLICATION_RECORD.what,
  readOnly: [...readOnlyNames(OAUTH_APPLICATION_RECORD), 'client_secret', 'nodeID'],
};
