/**
 * The UI extension record (REFERENCE.md "UI extensions") and its versions
 * (SPEC.md "UI extension version"), as stored, snake_case. The record's
 * html/css/javascript/form_definition live on its versions: the store reads
 * the extension with its active and its being_prepared version.
 */
import type { RecordInput } from '../records/record-fields.js';
import type { AccountId } from '../tenancy/account-id.js';
import type { UI_EXTENSION_RECORD } from './ui-extension-declaration.js';

export type UiExtensionVersionStatus = 'being_prepared' | 'active' | 'archived';

/** The four texts a version holds and the extension's writes change. */
export const UI_EXTENSION_CONTENT_FIELDS = ['html', 'css', 'javascript', 'form_definition'] as const;
export type UiExtensionContentField = (typeof UI_EXTENSION_CONTENT_FIELDS)[number];
export type UiExtensionContent = Record<UiExtensionContentField, string | null>;

export interface UiExtensionVersionRecord extends UiExtensionContent {
  id: number;
  account_id: AccountId;
  ui_extension_id: number;
  version_nr: number;
  name: string;
  status: UiExtensionVersionStatus;
  activated_at: Date | null;
  archived_at: Date | null;
  compiled_css: string | null;
  phrases: string[];
  created_at: Date;
  updated_at: Date;
}

/** What the extension's own row holds, as an administrator sets it. */
export interface UiExtensionFields {
  name: string;
  title: string | null;
  description: string | null;
  category: string;
  disabled: boolean;
}

export interface UiExtensionRecord extends UiExtensionFields {
  id: number;
  account_id: AccountId;
  created_at: Date;
  updated_at: Date;
  active_version: UiExtensionVersionRecord | null;
  prepared_version: UiExtensionVersionRecord | null;
}

/** What a new version row holds (status being_prepared). */
export interface NewUiExtensionVersion extends UiExtensionContent {
  version_nr: number;
  name: string;
  compiled_css: string | null;
  phrases: string[];
}

/** What the store changes on a version: its texts (with what derives from them) or its status. */
export type UiExtensionVersionChanges = Partial<UiExtensionContent> & {
  compiled_css?: string | null;
  phrases?: string[];
  status?: UiExtensionVersionStatus;
  activated_at?: Date;
  archived_at?: Date;
};

/** The writable fields as a client sends them (REST names), before any rule ran: from UI_EXTENSION_RECORD. */
export type UiExtensionInput = RecordInput<typeof UI_EXTENSION_RECORD.fields, 'change'>;
