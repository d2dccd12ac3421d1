/**
 * The fields of a UI extension, declared once (docs/decisions/031; the
 * mechanism is records/record-fields.ts): the REST body of
 * `POST`/`PATCH /v1/ui_extensions`, its answer's schema, the collection rules,
 * the plain fields of GraphQL's `UiExtension` and `UiExtensionInput` derive
 * from it. The checks of the values, with the messages UI extensions have
 * always answered, are ui-extension-fields.ts's; html, css, javascript and
 * form_definition are its versions' (read: the active version's, or the
 * prepared one's while none is active).
 */
import { declareRecord, type FieldDeclaration } from '../records/record-fields.js';

export const UI_EXTENSION_NAME_MAX_LENGTH = 190;
export const UI_EXTENSION_TEXT_MAX_BYTES = 65_536;

/** The record types a UI extension may extend (REFERENCE.md names the first four). */
export const UI_EXTENSION_CATEGORIES = [
  'request_template', 'service_instance', 'person', 'team', 'configuration_item', 'organization', 'site', 'product', 'contract', 'knowledge_article',
] as const;

const ALL = { default: true, sort: true, filter: true } as const;
const READING = "Reading: the active version's, or the prepared one's while none is active; a write changes the version being prepared, or starts one";

/** One of the texts a version holds. */
const versionText = (description: string) =>
  ({ type: 'text', maxBytes: UI_EXTENSION_TEXT_MAX_BYTES, write: 'change', graphql: false, description, note: READING }) as const satisfies FieldDeclaration;

export const UI_EXTENSION_RECORD = declareRecord('a UI extension', {
  id: { type: 'integer', notBlank: true, graphql: false, description: 'The UI extension id', collection: ALL },
  name: {
    type: 'text', max: UI_EXTENSION_NAME_MAX_LENGTH, write: 'change', required: true, nullable: false, description: 'Name', note: 'Required on create; unique in the account',
    collection: ALL,
  },
  title: { type: 'text', max: UI_EXTENSION_NAME_MAX_LENGTH, write: 'change', description: 'Title', collection: ALL },
  description: { type: 'text', maxBytes: UI_EXTENSION_TEXT_MAX_BYTES, write: 'change', description: 'Description', collection: { default: true } },
  category: {
    type: 'enum', values: UI_EXTENSION_CATEGORIES, write: 'change', required: true, nullable: false, description: 'The record type it extends', note: 'Required on create',
    collection: ALL,
  },
  html: versionText('HTML'),
  css: versionText('SCSS (compiled on the server; a compile error is a 422)'),
  javascript: versionText('JavaScript'),
  form_definition: versionText('Form definition of the designer'),
  disabled: { type: 'boolean', write: 'change', notBlank: true, nullable: false, description: 'Disabled', note: 'Default false', collection: ALL },
  activate: {
    type: 'boolean', write: 'change', nullable: false, read: false, graphql: false,
    description: 'Write-only: true promotes the version being prepared to active and archives the active one',
  },
  // Read-only: what the service sets.
  active_version: { type: 'reference', target: 'UiExtensionVersion', graphql: false, description: 'The active version; null when none', collection: { default: true } },
  prepared_version: { type: 'reference', target: 'UiExtensionVersion', graphql: false, description: 'The version being prepared; null when none', collection: { default: true } },
  created_at: { type: 'datetime', notBlank: true, description: 'When the UI extension was created', collection: ALL },
  updated_at: { type: 'datetime', notBlank: true, description: 'When the UI extension last changed', collection: ALL },
});
