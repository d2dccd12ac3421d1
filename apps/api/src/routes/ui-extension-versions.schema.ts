/**
 * UI extension versions as the OpenAPI document shows them (SPEC.md "UI
 * extension version"); the presenters in libs/domain write the answers.
 */
import { z } from 'zod';
import { UI_EXTENSION_VERSION_STATUSES } from '@tessera/domain';

const datetime = z.iso.datetime({ offset: true });
const nodeId = z.string().describe('Global node ID: URL-safe base64 of `tessera/<Type>/<id>`');
const text = z.string().nullable().describe('At most 64 KB');

const pathId = (what: string) =>
  z.string().regex(/^[1-9]\d{0,9}$/).transform(Number).pipe(z.int().max(2_147_483_647)).describe(`The ${what} id; anything but a positive integer is not found`);

export const extensionParams = z.object({ id: pathId('UI extension') });
export const versionParams = z.object({ id: pathId('UI extension'), version_id: pathId('version') });
export const localeParams = z.object({ id: pathId('UI extension'), locale: z.string().max(100).describe('A BCP 47 language tag, e.g. nl or nl-BE') });

const versionFields = {
  id: z.int(),
  version_nr: z.int().describe('Starts at 1'),
  name: z.string().describe('Name of the UI extension when the version was created'),
  status: z.enum(UI_EXTENSION_VERSION_STATUSES),
  activated_at: datetime.nullable(),
  archived_at: datetime.nullable(),
  created_at: datetime,
  updated_at: datetime,
  html: text,
  css: text.describe('SCSS, at most 64 KB'),
  javascript: text,
  form_definition: text,
  phrases: z.array(z.string()).describe('Translatable phrases found in the HTML'),
  view_audit_path: z.string().describe('URI of the audit lines of this version'),
  nodeID: nodeId,
};

export const versionFieldsSchema = z.object(versionFields).partial().required({ id: true, nodeID: true }).describe('A UI extension version with the selected fields');

export const versionSchema = z
  .object({
    ...versionFields,
    compiled_css: text.describe('The css compiled from SCSS'),
    localized_html: text.describe("The html with its phrases in the caller's locale (people.locale): the exact locale, else its language, else as written"),
    ui_extension: z.object({ id: z.int(), name: z.string(), nodeID: nodeId }),
    formatted_activated_at: z.string().describe("activated_at in the caller's locale and time zone (long date, short time); empty when not activated"),
    formatted_archived_at: z.string().describe("archived_at in the caller's locale and time zone (long date, short time); empty when not archived"),
  })
  .describe('One UI extension version with every field');

export const translationsSchema = z.record(z.string(), z.string()).describe('Phrase → text in the locale');
