/**
 * UI extensions as the OpenAPI document shows them (REFERENCE.md "UI
 * extensions"), the extension's fields from their declaration in the domain
 * (UI_EXTENSION_RECORD). Bodies check types only, and that every field is a
 * writable one; the use cases check values, all at once.
 */
import { z } from 'zod';
import { UI_EXTENSION_RECORD } from '@tessera/domain';
import { answerShape, writeBodyShape } from '@tessera/validation';

const datetime = z.iso.datetime({ offset: true });
const nodeId = z.string().describe('Global node ID: URL-safe base64 of `tessera/<Type>/<id>`');
const MAX_ID = 2_147_483_647;
const id = (what: string) => z.string().regex(/^[1-9]\d{0,9}$/).transform(Number).pipe(z.int().max(MAX_ID)).describe(`The ${what} id; anything but a positive integer is not found`);

export const uiExtensionParams = z.object({ id: id('UI extension') });
export const versionAuditParams = z.object({ id: id('UI extension'), version_id: id('version') });

const versionReference = z.object({ id: z.int(), version_nr: z.int(), nodeID: nodeId }).nullable();

export const uiExtensionSchema = z.object({ ...answerShape(UI_EXTENSION_RECORD, versionReference), nodeID: nodeId }).describe('A UI extension');

export const uiExtensionFieldsSchema = uiExtensionSchema.partial().required({ nodeID: true }).extend({ id: z.int() })
  .describe('A UI extension with the selected fields (by default all but html, css, javascript and form_definition)');

// One body for a create and a change: what a create needs is the use case's check ("Name can't be blank").
export const uiExtensionBodySchema = z
  .strictObject(writeBodyShape(UI_EXTENSION_RECORD, 'change'))
  .describe('The writable fields of a UI extension to set; any other field is refused');

export const versionAuditLineSchema = z.object({
  id: z.int(),
  action: z.enum(['create', 'update']),
  changes: z.record(z.string(), z.unknown()).describe('Created: the values; updated: `{field: [before, after]}`'),
  person: z.object({ id: z.int(), name: z.string() }).nullable(),
  source: z.string().nullable(),
  created_at: datetime,
});
