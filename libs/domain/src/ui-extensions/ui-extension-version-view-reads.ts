/**
 * SPEC.md "UI extension versions API": the versions of one extension, and one
 * version with every field. Any role in the account may read them with
 * `ui_extension:Read`; another account's extension, or a version of another
 * extension, is not found.
 */
import type { CollectionQuery, Page } from '../collections/collection-query.js';
import { notFound } from '../errors/domain-error.js';
import type { AccessContext } from '../identity/access-context.js';
import type { Repositories } from '../ports/unit-of-work.js';
import { assertAllowed } from '../scopes/evaluate-scopes.js';
import { formatDateTime } from './format-datetime.js';
import { localizeHtml } from './localize-html.js';
import { fallbackLocales, resolveTranslations } from './translations.js';
import type { UiExtensionVersionDetail, UiExtensionVersionRow } from './ui-extension-version-view.js';

type VersionReads = Pick<Repositories, 'uiExtensionVersionReads' | 'uiExtensionTranslations'>;

export async function listUiExtensionVersions(access: AccessContext, extensionId: number, query: CollectionQuery, repos: VersionReads): Promise<Page<UiExtensionVersionRow>> {
  assertAllowed(access, 'ui_extension', 'Read');
  if (!(await repos.uiExtensionVersionReads.findExtension(access.account.id, extensionId))) throw notFound();
  return repos.uiExtensionVersionReads.list(access.account.id, extensionId, query);
}

export async function getUiExtensionVersion(access: AccessContext, extensionId: number, versionId: number, repos: VersionReads): Promise<UiExtensionVersionDetail> {
  assertAllowed(access, 'ui_extension', 'Read');
  const account = access.account.id;
  const extension = await repos.uiExtensionVersionReads.findExtension(account, extensionId);
  const version = extension && (await repos.uiExtensionVersionReads.find(account, extensionId, versionId));
  if (!extension || !version) throw notFound();
  const caller = (await repos.uiExtensionVersionReads.callerLocale(access.person.id)) ?? { locale: 'en-US', timeZone: 'UTC' };
  let localized = version.html;
  if (version.html) {
    const rows = await repos.uiExtensionTranslations.forLocales(account, extensionId, fallbackLocales(caller.locale));
    localized = localizeHtml(version.html, resolveTranslations(rows, caller.locale));
  }
  return {
    ...version,
    ui_extension: extension,
    localized_html: localized,
    formatted_activated_at: formatDateTime(version.activated_at, caller.locale, caller.timeZone),
    formatted_archived_at: formatDateTime(version.archived_at, caller.locale, caller.timeZone),
  };
}
