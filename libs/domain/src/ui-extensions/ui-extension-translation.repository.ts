import type { AccountId } from '../tenancy/account-id.js';
import type { TranslationRow } from './translations.js';

export interface UiExtensionTranslationRepository {
  /** Translations of the extension in any of the given locales. */
  forLocales(account: AccountId, extensionId: number, locales: readonly string[]): Promise<TranslationRow[]>;
  /** Replaces the extension's whole set for one locale. */
  replaceLocale(account: AccountId, extensionId: number, locale: string, entries: ReadonlyMap<string, string>): Promise<void>;
}
