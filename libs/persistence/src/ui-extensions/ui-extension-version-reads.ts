/** Versions of an account's UI extensions, for the Versions API, and the caller's locale and time zone. */
import type { UiExtensionVersionReads, UiExtensionVersionRow } from '@tessera/domain';
import type { Database } from '../database.js';
import { fetchPage } from '../collections/collection.js';

const COLUMNS = [
  'id', 'ui_extension_id', 'version_nr', 'name', 'status', 'activated_at', 'archived_at',
  'html', 'css', 'javascript', 'form_definition', 'compiled_css', 'phrases', 'created_at', 'updated_at',
];

/** Public field name → SQL column, for sorting (SPEC.md: id, version_nr, status, created_at, updated_at). */
export const UI_EXTENSION_VERSION_COLUMNS: Readonly<Record<string, string>> = {
  id: 'id', version_nr: 'version_nr', status: 'status', created_at: 'created_at', updated_at: 'updated_at',
};

export function uiExtensionVersionReads(db: Database): UiExtensionVersionReads {
  const versions = (account: string, extensionId: number) => db('ui_extension_versions').where({ account_id: account, ui_extension_id: extensionId });
  return {
    async findExtension(account, extensionId) {
      return ((await db('ui_extensions').where({ account_id: account, id: extensionId }).first('id', 'name')) as { id: number; name: string } | undefined) ?? null;
    },
    list: (account, extensionId, query) => fetchPage<UiExtensionVersionRow>(versions(account, extensionId).select(COLUMNS), query, UI_EXTENSION_VERSION_COLUMNS),
    async find(account, extensionId, versionId) {
      return ((await versions(account, extensionId).where({ id: versionId }).first(COLUMNS)) as UiExtensionVersionRow | undefined) ?? null;
    },
    async callerLocale(personId) {
      const row = (await db('people').where({ id: personId }).first('locale', 'time_zone')) as { locale: string; time_zone: string } | undefined;
      return row ? { locale: row.locale, timeZone: row.time_zone } : null;
    },
  };
}
