/**
 * The translations API (a Tessera extension of SPEC.md, which shows
 * localized_html but not how translations are given): read one locale's set
 * of an extension, and replace it whole. Reads need `ui_extension:Read`;
 * replacing is for administrators with `ui_extension:Update` and writes an
 * audit line on the UiExtension (no event: SPEC.md names none). Another
 * account's extension is not found.
 */
import { notFound, validationFailed } from '../errors/domain-error.js';
import type { AccessContext } from '../identity/access-context.js';
import type { Repositories, UnitOfWork } from '../ports/unit-of-work.js';
import { canonicalLocale } from './format-datetime.js';
import { recordUiExtensionChange } from './record-ui-extension-change.js';
import { translationInputErrors, type TranslationRow } from './translations.js';
import { assertUiExtensionAdmin, assertUiExtensionReader } from './ui-extension-access.js';

export type TranslationSet = Record<string, string>;

type TranslationReads = Pick<Repositories, 'uiExtensionVersionReads' | 'uiExtensionTranslations'>;

function asSet(rows: readonly TranslationRow[], locale: string): TranslationSet {
  return Object.fromEntries(rows.filter((row) => row.locale === locale).map((row) => [row.phrase, row.text]));
}

/** The exact locale's set only: the nl fallback of an nl-BE caller is localized_html's business. */
export async function getUiExtensionTranslations(access: AccessContext, extensionId: number, locale: string | undefined, repos: TranslationReads): Promise<{ locale: string; translations: TranslationSet }> {
  assertUiExtensionReader(access);
  if (locale === undefined) throw validationFailed([['locale', 'Locale is required, e.g. ?locale=nl-BE']]);
  const canonical = canonicalLocale(locale);
  if (!canonical) throw validationFailed([['locale', `Locale '${locale.slice(0, 40)}' is not a BCP 47 language tag`]]);
  const account = access.account.id;
  if (!(await repos.uiExtensionVersionReads.findExtension(account, extensionId))) throw notFound();
  return { locale: canonical, translations: asSet(await repos.uiExtensionTranslations.forLocales(account, extensionId, [canonical]), canonical) };
}

export async function replaceUiExtensionTranslations(
  access: AccessContext,
  extensionId: number,
  locale: string,
  body: unknown,
  uow: UnitOfWork<'auditLines' | 'jobs' | 'uiExtensions' | 'uiExtensionTranslations'>,
): Promise<{ locale: string; translations: TranslationSet }> {
  assertUiExtensionAdmin(access, 'Update');
  const { locale: canonical, entries, errors } = translationInputErrors(locale, body);
  if (errors.length > 0 || !canonical) throw validationFailed(errors);
  const account = access.account.id;
  return uow.transaction(async (tx) => {
    // The extension row lock serialises replacements of its sets with its other writes.
    if (!(await tx.uiExtensions.findForUpdate(account, extensionId))) throw notFound();
    const before = asSet(await tx.uiExtensionTranslations.forLocales(account, extensionId, [canonical]), canonical);
    const after: TranslationSet = Object.fromEntries(entries);
    if (JSON.stringify(sorted(before)) !== JSON.stringify(sorted(after))) {
      await tx.uiExtensionTranslations.replaceLocale(account, extensionId, canonical, entries);
      await recordUiExtensionChange(tx, access, { type: 'UiExtension', id: extensionId }, 'update', { [`translations.${canonical}`]: [before, after] });
    }
    return { locale: canonical, translations: after };
  });
}

function sorted(set: TranslationSet): [string, string][] {
  return Object.entries(set).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
