import type { CollectionQuery, Page } from '../collections/collection-query.js';
import type { AccountId } from '../tenancy/account-id.js';
import type { CallerLocale, UiExtensionVersionRow } from './ui-extension-version-view.js';

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
