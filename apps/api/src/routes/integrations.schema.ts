/**
 * Integrations, their OAuth applications and their scopes as the OpenAPI
 * document shows them (SPEC.md "Integration scope"; the integration and
 * application records are Tessera's extension). The presenters in libs/domain
 * write the answers; apps/api/test/openapi.spec.ts checks real answers against
 * these. Bodies check types only: the use cases check values, all at once.
 */
import { z } from 'zod';
import { SCOPE_EFFECTS } from '@tessera/domain';

const datetime = z.iso.datetime({ offset: true });
const nodeId = z.string().describe('Global node ID: URL-safe base64 of `tessera/<Type>/<id>`');

/** A path id: a positive 32-bit integer, anything else is not found. */
const pathId = (what: string) =>
  z.string().regex(/^[1-9]\d{0,9}$/).transform(Number).pipe(z.int().max(2_147_483_647)).describe(`The ${what} id; anything but a positive integer is not found`);

export const integrationParams = z.object({ id: pathId('integration') });
export const applicationParams = z.object({ id: pathId('integration'), app_id: pathId('OAuth application') });
export const scopeParams = z.object({ id: pathId('integration'), scope_id: pathId('scope') });

export const integrationSchema = z
  .object({
    id: z.int(),
    name: z.string().describe('Unique in the account'),
    description: z.string().nullable(),
    disabled: z.boolean().describe('A disabled integration has no valid OAuth authorization'),
    authorizations_revoked_at: datetime.nullable().describe('OAuth tokens and grants issued at or before this time are no longer valid; null: never revoked'),
    created_at: datetime,
    updated_at: datetime,
    nodeID: nodeId,
  })
  .describe('An integration: the record behind OAuth applications, holding the scopes that say what they may do');

export const integrationFieldsSchema = integrationSchema.partial().required({ id: true, nodeID: true }).describe('An integration with the selected fields');

export const integrationBodySchema = z
  .strictObject({
    name: z.string().optional().describe('Required on create; not blank, at most 190 characters, unique in the account'),
    description: z.string().nullable().optional().describe('At most 64 KB'),
    disabled: z.boolean().optional().describe('Default false; disabling revokes every OAuth authorization of the integration'),
  })
  .describe('The fields of an integration to set; any other field is refused');

export const scopeSchema = z
  .object({
    id: z.int(),
    effect: z.enum(SCOPE_EFFECTS),
    actions: z.array(z.string()).describe('`<record type>:<operation>`, `*` a wildcard on either side'),
    conditions: z.array(z.string()).describe('All must hold for the scope to apply, e.g. `account = wdc`, `role in agent, administrator`'),
    created_at: datetime,
    updated_at: datetime,
    nodeID: nodeId,
  })
  .describe('An integration scope, with every field');

export const scopeFieldsSchema = scopeSchema.partial().required({ id: true, nodeID: true }).describe('An integration scope with the selected fields');

export const scopeBodySchema = z
  .strictObject({
    effect: z.string().optional().describe('`allow` or `deny`; default `allow` on create'),
    actions: z.array(z.string()).max(100).optional().describe('Required on create, at least one: `<record type>:<operation>` (Read, Create, Update, Delete or `*`)'),
    conditions: z.array(z.string()).max(100).optional().describe('Default none: `account = <id>`, `account != <id>`, `account in <id>, <id>`, the same with `role`'),
  })
  .describe('The fields of an integration scope to set, any other is refused; any change revokes the OAuth authorizations of the integration');

export const applicationSchema = z
  .object({
    id: z.int(),
    name: z.string(),
    client_id: z.string(),
    redirect_uris: z.array(z.string()),
    disabled: z.boolean(),
    created_at: datetime,
    updated_at: datetime,
    nodeID: nodeId,
  })
  .describe('An OAuth application of an integration (never its client secret)');

export const applicationFieldsSchema = applicationSchema.partial().required({ id: true, nodeID: true }).describe('An OAuth application with the selected fields');

export const createdApplicationSchema = applicationSchema
  .extend({ client_secret: z.string().describe('Shown in this answer only; only its digest is stored') })
  .describe('A new OAuth application with its client secret');

export const applicationBodySchema = z
  .strictObject({
    name: z.string().optional().describe('Required on create; not blank, at most 190 characters'),
    redirect_uris: z
      .array(z.string())
      .max(100)
      .optional()
      .describe('Required on create, 1 to 10 absolute URIs without a fragment or a user name and password; https, or http on localhost'),
    disabled: z.boolean().optional().describe('Default false; disabling revokes every OAuth authorization of the integration'),
  })
  .describe('The fields of an OAuth application to set; any other field is refused');

/** The write bodies as `writeInput` (libs/http) reads them: the record's other fields are read-only. */
export const integrationBody = { body: integrationBodySchema, what: 'an integration', readOnly: Object.keys(integrationSchema.shape) };
export const scopeBody = { body: scopeBodySchema, what: 'an integration scope', readOnly: Object.keys(scopeSchema.shape) };
export const applicationBody = { body: applicationBodySchema, what: 'an OAuth application', readOnly: Object.keys(createdApplicationSchema.shape) };
