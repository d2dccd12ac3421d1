/**
 * The body of POST and PATCH /ui_extensions, read by `writeInput` (libs/http):
 * a value of the wrong type is a 422 naming the field, and so is a read-only
 * field or one a UI extension does not have, rather than silently dropped.
 */
import { UI_EXTENSION_RECORD, readOnlyNames } from '@tessera/domain';
import { writeInput } from '@tessera/http';
import { uiExtensionBodySchema, uiExtensionParams } from './ui-extensions.schema.js';

const BODY = { body: uiExtensionBodySchema, what: UI_EXTENSION_RECORD.what, readOnly: [...readOnlyNames(UI_EXTENSION_RECORD), 'nodeID'] };

export const createUiExtensionInput = writeInput(BODY);

export const updateUiExtensionInput = writeInput({ params: uiExtensionParams, ...BODY });
