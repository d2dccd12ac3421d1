/**
 * The UI extension JSON (REFERENCE.md "UI extensions"): html, css,
 * javascript and form_definition are the active version's, or the prepared
 * one's while none is active; `active_version` and `prepared_version` are
 * references `{id, version_nr, nodeID}` (null when there is none);
 * `activate` is write-only and never shown.
 */
import { encodeNodeId } from '../node-id.js';
import type { VersionAuditLine } from './ui-extension.repository.js';
import type { UiExtensionRecord, UiExtensionVersionRecord } from './ui-extension-record.js';

const reference = (version: UiExtensionVersionRecord | null) =>
  version && { id: version.id, version_nr: version.version_nr, nodeID: encodeNodeId('UiExtensionVersion', version.id) };

export function presentUiExtension(extension: UiExtensionRecord): Record<string, unknown> {
  const shown = extension.active_version ?? extension.prepared_version;
  return {
    id: extension.id,
    name: extension.name,
    title: extension.title,
    description: extension.description,
    category: extension.category,
    html: shown?.html ?? null,
    css: shown?.css ?? null,
    javascript: shown?.javascript ?? null,
    form_definition: shown?.form_definition ?? null,
    disabled: extension.disabled,
    active_version: reference(extension.active_version),
    prepared_version: reference(extension.prepared_version),
    created_at: extension.created_at,
    updated_at: extension.updated_at,
    nodeID: encodeNodeId('UiExtension', extension.id),
  };
}

export function presentVersionAuditLine(line: VersionAuditLine): Record<string, unknown> {
  return { id: line.id, action: line.action, changes: line.changes, person: line.person, source: line.source, created_at: line.created_at };
}
