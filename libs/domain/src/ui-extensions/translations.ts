/**
 * Translations of a UI extension's phrases, stored per extension, phrase and
 * locale (a Tessera extension of SPEC.md, which names localized_html but not
 * how translations get there). A locale is a BCP 47 tag in canonical form.
 * For a caller in nl-BE a phrase is looked up in nl-BE, then in nl, else it
 * stays as written.
 */
import type { FieldError } from '../errors/domain-error.js';
import { canonicalLocale } from './format-datetime.js';

export const MAX_TRANSLATIONS_PER_LOCALE = 1000;
export const MAX_TRANSLATION_LENGTH = 1000;

export interface TranslationRow {
  phrase: string;
  locale: string;
  text: string;
}

/** The locales to look in, most specific first: nl-BE → [nl-BE, nl]. */
export function fallbackLocales(locale: string): string[] {
  const canonical = canonicalLocale(locale);
  if (!canonical) return [];
  const language = canonical.split('-')[0]!;
  return language === canonical ? [canonical] : [canonical, language];
}

/** phrase → text for the caller's locale, the exact locale winning over its language. */
export function resolveTranslations(rows: readonly TranslationRow[], locale: string): Map<string, string> {
  const order = fallbackLocales(locale);
  const result = new Map<string, string>();
  for (const wanted of [...order].reverse()) {
    for (const row of rows) if (row.locale === wanted) result.set(row.phrase, row.text);
  }
  return result;
}

/** Checks a PUT body `{"<phrase>": "<text>", …}`; returns the entries with phrases normalised. */
export function translationInputErrors(locale: string, body: unknown): { locale: string | null; entries: Map<string, string>; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const canonical = canonicalLocale(locale);
  if (!canonical) errors.push(['locale', `Locale '${locale.slice(0, 40)}' is not a BCP 47 language tag`]);
  const entries = new Map<string, string>();
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    errors.push(['translations', 'Translations must be an object of phrase to text']);
    return { locale: canonical, entries, errors };
  }
  const pairs = Object.entries(body as Record<string, unknown>);
  if (pairs.length > MAX_TRANSLATIONS_PER_LOCALE) errors.push(['translations', `Translations cannot have more than ${MAX_TRANSLATIONS_PER_LOCALE} entries`]);
  for (const [rawPhrase, text] of pairs.slice(0, MAX_TRANSLATIONS_PER_LOCALE + 1)) {
    const phrase = rawPhrase.replace(/\s+/g, ' ').trim();
    const field = phrase.slice(0, 60);
    if (phrase === '') errors.push(['phrase', 'Phrase can\'t be blank']);
    else if (phrase.length > MAX_TRANSLATION_LENGTH) errors.push(['phrase', `Phrase '${field}…' is too long (maximum is ${MAX_TRANSLATION_LENGTH} characters)`]);
    if (typeof text !== 'string') errors.push(['text', `Text of '${field}' must be a string`]);
    else if (text.length > MAX_TRANSLATION_LENGTH) errors.push(['text', `Text of '${field}' is too long (maximum is ${MAX_TRANSLATION_LENGTH} characters)`]);
    else entries.set(phrase, text);
  }
  return { locale: canonical, entries, errors };
}
