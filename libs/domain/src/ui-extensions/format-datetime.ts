/**
 * `formatted_activated_at` / `formatted_archived_at`: a moment in the caller's
 * locale and time zone, with Intl's long date and short time
 * (en-US: "November 22, 2026 at 10:04 PM"). Empty when there is no moment.
 * An unknown locale or time zone falls back to en-US / UTC rather than failing
 * the read: both come from the person's record, not from the request.
 */
export function formatDateTime(moment: Date | null, locale: string, timeZone: string): string {
  if (!moment) return '';
  return formatter(locale, timeZone).format(moment);
}

function formatter(locale: string, timeZone: string): Intl.DateTimeFormat {
  const options = (zone: string): Intl.DateTimeFormatOptions => ({ dateStyle: 'long', timeStyle: 'short', timeZone: zone });
  const safeLocale = canonicalLocale(locale) ?? 'en-US';
  try {
    return new Intl.DateTimeFormat(safeLocale, options(timeZone));
  } catch {
    return new Intl.DateTimeFormat(safeLocale, options('UTC'));
  }
}

/** The canonical form of a BCP 47 tag, or null when it is not one. */
export function canonicalLocale(tag: string): string | null {
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? null;
  } catch {
    return null;
  }
}
