/**
 * The version JSON of SPEC.md "UI extension version". The collection answers
 * the fields of UI_EXTENSION_VERSION_RECORD (the route picks the selected ones);
 * the single version adds the single-version-only fields. `view_audit_path` is
 * the absolute URI of the version's audit lines.
 */
import { encodeNodeId } from '../node-id.js';
import type { UiExtensionVersionDetail, UiExtensionVersionRow } from './ui-extension-version-view.js';

export function viewAuditPath(apiUrl: string, version: Pick<UiExtensionVersionRow, 'id' | 'ui_extension_id'>): string {
  return `${apiUrl}/ui_extensions/${version.ui_extension_id}/versions/${version.id}/audit`;
}

export function presentUiExtensionVersion(version: UiExtensionVersionRow, apiUrl: string): Record<string, unknown> {
  return {
    id: version.id,
    version_nr: version.version_nr,
    name: version.name,
    status: version.status,
    activated_at: version.activated_at,
    archived_at: version.archived_at,
    created_at: version.created_at,
    updated_at: version.updated_at,
    html: version.html,
    css: version.css,
    javascript: version.javascript,
    form_definition: version.form_definition,
    phrases: version.phrases,
    view_audit_path: viewAuditPath(apiUrl, version),
    nodeID: encodeNodeId('UiExtensionVersion', version.id),
  };
}

export function presentUiExtensionVersionDetail(version: UiExtensionVersionDetail, apiUrl: string): Record<string, unknown> {
  const { nodeID, ...fields } = presentUiExtensionVersion(version, apiUrl);
  return {
    ...fields,
    compiled_css: version.compiled_css,
    localized_html: version.localized_html,
    ui_extension: { id: version.ui_extension.id, name: version.ui_extension.name, nodeID: encodeNodeId('UiExtension', version.ui_extension.id) },
    formatted_activated_at: version.formatted_activated_at,
    formatted_archived_at: version.formatted_archived_at,
    nodeID,
  };
}
