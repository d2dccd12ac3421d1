/**
 * The body of POST and PATCH /ui_extensions, read by `writeInput` (libs/http):
 * a value of the wrong type is a 422 naming the field, and so is a read-only
 * field or one a UI extension does not have, rather than silently dropped.
 */
import { writeInput } from '@tessera/http';
import { uiExtensionBodySchema, uiExtensionParams } from './ui-extensions.schema.js';

const BODY = { body: uiExtensionBodySchema, what: 'a UI extension', readOnly: ['id', 'active_version', 'prepared_version', 'created_at', 'updated_at', 'nodeID'] };

export const createUiExtensionInput = writeInput(BODY);

export const updateUiExtensionInput = writeInput({ params: uiExtensionParams, ...BODY });
