/**
 * A UI extension version as the Versions API reads it (SPEC.md "UI extension
 * version"): the stored row, and what the single-version answer adds for the
 * caller (localized_html, formatted dates, the extension's reference).
 */

export type UiExtensionVersionStatus = 'being_prepared' | 'active' | 'archived';

export interface UiExtensionVersionRow {
  id: number;
  ui_extension_id: number;
  version_nr: number;
  name: string;
  status: UiExtensionVersionStatus;
  activated_at: Date | null;
  archived_at: Date | null;
  html: string | null;
  css: string | null;
  javascript: string | null;
  form_definition: string | null;
  compiled_css: string | null;
  phrases: string[];
  created_at: Date;
  updated_at: Date;
}

export interface UiExtensionVersionDetail extends UiExtensionVersionRow {
  ui_extension: { id: number; name: string };
  localized_html: string | null;
  formatted_activated_at: string;
  formatted_archived_at: string;
}

/** The caller's settings that shape localized_html and the formatted dates. */
export interface CallerLocale {
  locale: string;
  timeZone: string;
}
