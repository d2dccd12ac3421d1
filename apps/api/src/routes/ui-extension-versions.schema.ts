/**
 * UI extension versions as the OpenAPI document shows them (SPEC.md "UI
 * extension version"), the fields a list selects from their declaration in the
 * domain (UI_EXTENSION_VERSION_RECORD); the presenters in libs/domain write the answers.
 */
import { z } from 'zod';
import { UI_EXTENSION_VERSION_RECORD } from '@tessera/domain';
import { answerShape } from '@tessera/validation';

const nodeId = z.string().describe('Global node ID: URL-safe base64 of `tessera/<Type>/<id>`');
const text = z.string().nullable().describe('At most 64 KB');

const pathId = (what: string) =>
  z.string().regex(/^[1-9]\d{0,9}$/).transform(Number).pipe(z.int().max(2_147_483_647)).describe(`The ${what} id; anything but a positive integer is not found`);

export const extensionParams = z.object({ id: pathId('UI extension') });
export const versionParams = z.object({ id: pathId('UI extension'), version_id: pathId('version') });
export const localeParams = z.object({ id: pathId('UI extension'), locale: z.string().max(100).describe('A BCP 47 language tag, e.g. nl or nl-BE') });

const versionFields = { ...answerShape(UI_EXTENSION_VERSION_RECORD, z.null()), nodeID: nodeId };

export const versionFieldsSchema = z.object(versionFields).partial().required({ nodeID: true }).extend({ id: z.int() }).describe('A UI extension version with the selected fields');

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
