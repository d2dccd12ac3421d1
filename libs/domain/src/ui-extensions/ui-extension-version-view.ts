/**
 * A UI extension version as the Versions API reads it (SPEC.md "UI extension
 * version"): the stored row, and what the single-version answer adds for the
 * caller (localized_html, formatted dates, the extension's reference).
 */

import type { UiExtensionVersionRecord } from './ui-extension-record.js';

/** The stored version as the Versions API reads it: every column but account_id, which the read is already scoped to. */
export type UiExtensionVersionRow = Omit<UiExtensionVersionRecord, 'account_id'>;

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
