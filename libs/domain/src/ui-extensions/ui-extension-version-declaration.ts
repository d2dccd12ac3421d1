/**
 * The fields of a UI extension version (SPEC.md "UI extension version"),
 * declared once (docs/decisions/031; the mechanism is
 * records/record-fields.ts): every one read-only, as versions are written
 * through their UI extension. The answer's schema of
 * `/v1/ui_extensions/:id/versions` and its collection rules derive from it;
 * the fields of the single version only (compiled_css, localized_html, the
 * extension, the formatted dates) are its presenter's and not selectable.
 */
import { declareRecord, type FieldDeclaration } from '../records/record-fields.js';
import { UI_EXTENSION_TEXT_MAX_BYTES } from './ui-extension-declaration.js';

export const UI_EXTENSION_VERSION_STATUSES = ['being_prepared', 'active', 'archived'] as const;

const LISTED = { default: true } as const;
const SORTED = { default: true, sort: true } as const;

const text = (description: string) => ({ type: 'text', maxBytes: UI_EXTENSION_TEXT_MAX_BYTES, graphql: false, description }) as const satisfies FieldDeclaration;

export const UI_EXTENSION_VERSION_RECORD = declareRecord('a UI extension version', {
  id: { type: 'integer', notBlank: true, graphql: false, description: 'The version id', collection: SORTED },
  version_nr: { type: 'integer', notBlank: true, description: 'Number of the version', note: 'Starts at 1', collection: SORTED },
  name: { type: 'text', notBlank: true, description: 'Name of the UI extension when the version was created', collection: LISTED },
  status: { type: 'enum', values: UI_EXTENSION_VERSION_STATUSES, notBlank: true, description: 'Status', collection: SORTED },
  activated_at: { type: 'datetime', description: 'When the version was activated', note: 'Null until activated', collection: LISTED },
  archived_at: { type: 'datetime', description: 'When the version was archived', note: 'Null until archived', collection: LISTED },
  created_at: { type: 'datetime', notBlank: true, description: 'When the version was created', collection: SORTED },
  updated_at: { type: 'datetime', notBlank: true, description: 'When the version last changed', note: 'Equals created_at when never updated', collection: SORTED },
  html: text('HTML'),
  css: text('SCSS'),
  javascript: text('JavaScript'),
  form_definition: text('Form definition of the designer'),
  phrases: { type: 'list', of: { type: 'text' }, graphql: false, description: 'Translatable phrases found in the HTML' },
  view_audit_path: { type: 'text', notBlank: true, graphql: false, description: 'URI of the audit lines of this version' },
});
