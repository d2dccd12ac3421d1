/** Translations of UI extension phrases, per extension, phrase and locale (migration 14). */
import type { TranslationRow, UiExtensionTranslationRepository } from '@tessera/domain';
import type { Database } from '../database.js';

export function uiExtensionTranslationRepository(db: Database): UiExtensionTranslationRepository {
  const translations = (account: string, extensionId: number) => db('ui_extension_translations').where({ account_id: account, ui_extension_id: extensionId });
  return {
    async forLocales(account, extensionId, locales) {
      if (locales.length === 0) return [];
      return (await translations(account, extensionId).whereIn('locale', [...locales]).orderBy(['locale', 'phrase']).select('phrase', 'locale', 'text')) as TranslationRow[];
    },
    async replaceLocale(account, extensionId, locale, entries) {
      await translations(account, extensionId).where({ locale }).delete();
      const rows = [...entries].map(([phrase, text]) => ({ account_id: account, ui_extension_id: extensionId, phrase, locale, text }));
      // Chunks keep each insert well under PostgreSQL's bind-parameter limit.
      for (let i = 0; i < rows.length; i += 500) await db('ui_extension_translations').insert(rows.slice(i, i + 500));
    },
  };
}
