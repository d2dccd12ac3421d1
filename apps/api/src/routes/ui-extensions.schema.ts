/**
 * UI extensions as the OpenAPI document shows them (REFERENCE.md "UI
 * extensions"). Bodies check types only, and that every field is a writable
 * one; the use cases check values, all at once.
 */
import { z } from 'zod';
import { UI_EXTENSION_CATEGORIES, UI_EXTENSION_NAME_MAX_LENGTH } from '@tessera/domain';

const datetime = z.iso.datetime({ offset: true });
const nodeId = z.string().describe('Global node ID: URL-safe base64 of `tessera/<Type>/<id>`');
const MAX_ID = 2_147_483_647;
const id = (what: string) => z.string().regex(/^[1-9]\d{0,9}$/).transform(Number).pipe(z.int().max(MAX_ID)).describe(`The ${what} id; anything but a positive integer is not found`);

export const uiExtensionParams = z.object({ id: id('UI extension') });
export const versionAuditParams = z.object({ id: id('UI extension'), version_id: id('version') });

const versionReference = z.object({ id: z.int(), version_nr: z.int(), nodeID: nodeId }).nullable();
const text = (what: string) => z.string().nullable().describe(`${what}; at most 64 KB (UTF-8). Reading: the active version's, or the prepared one's while none is active`);

export const uiExtensionSchema = z
  .object({
    id: z.int(),
    name: z.string().describe(`Unique in the account, at most ${UI_EXTENSION_NAME_MAX_LENGTH} characters`),
    title: z.string().nullable(),
    description: z.string().nullable(),
    category: z.enum(UI_EXTENSION_CATEGORIES),
    html: text('HTML'),
    css: text('SCSS'),
    javascript: text('JavaScript'),
    form_definition: text('Form definition of the designer'),
    disabled: z.boolean(),
    active_version: versionReference.describe('The active version; null when none'),
    prepared_version: versionReference.describe('The version being prepared; null when none'),
    created_at: datetime,
    updated_at: datetime,
    nodeID: nodeId,
  })
  .describe('A UI extension');

export const uiExtensionFieldsSchema = uiExtensionSchema.partial().required({ id: true, nodeID: true })
  .describe('A UI extension with the selected fields (by default all but html, css, javascript and form_definition)');

const writableText = (what: string) => z.string().nullable().optional().describe(`${what}, at most 64 KB: changes the version being prepared, or starts one`);

export const uiExtensionBodySchema = z
  .strictObject({
    name: z.string().optional().describe(`Required on create; at most ${UI_EXTENSION_NAME_MAX_LENGTH} characters, unique in the account`),
    title: z.string().nullable().optional(),
    description: z.string().nullable().optional(),
    category: z.string().optional().describe(`Required on create: one of ${UI_EXTENSION_CATEGORIES.join(', ')}`),
    html: writableText('HTML'),
    css: writableText('SCSS (compiled on the server; a compile error is a 422)'),
    javascript: writableText('JavaScript'),
    form_definition: writableText('Form definition'),
    disabled: z.boolean().optional(),
    activate: z.boolean().optional().describe('Write-only: true promotes the version being prepared to active and archives the active one'),
  })
  .describe('The writable fields of a UI extension to set; any other field is refused');

export const versionAuditLineSchema = z.object({
  id: z.int(),
  action: z.enum(['create', 'update']),
  changes: z.record(z.string(), z.unknown()).describe('Created: the values; updated: `{field: [before, after]}`'),
  person: z.object({ id: z.int(), name: z.string() }).nullable(),
  source: z.string().nullable(),
  created_at: datetime,
});
