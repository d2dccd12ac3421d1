/**
 * A UI extension version as the Versions API reads it (SPEC.md "UI extension
 * version"): the stored row, and what the single-version answer adds for the
 * caller (localized_html, formatted dates, the extension's reference).
 */
import type { CollectionQuery, Page } from '../collections/collection-query.js';
import type { AccountId } from '../tenancy/account-id.js';

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

/** Reads of versions for the Versions API; every read is within one account. */
export interface UiExtensionVersionReads {
  /** The extension's id and name, or null when the account has no such extension. */
  findExtension(account: AccountId, extensionId: number): Promise<{ id: number; name: string } | null>;
  list(account: AccountId, extensionId: number, query: CollectionQuery): Promise<Page<UiExtensionVersionRow>>;
  find(account: AccountId, extensionId: number, versionId: number): Promise<UiExtensionVersionRow | null>;
  /**
   * people.locale and people.time_zone of the caller, read fresh (not from the
   * access cache); by person alone, since a person of a directory account acts in others.
   */
  callerLocale(personId: number): Promise<CallerLocale | null>;
}
