/**
 * An IANA time zone name, as the platform's `time_zone` fields take it (`Europe/Amsterdam`,
 * `America/New_York`, `UTC`). Node's ICU is the list: a name it does not know would fail
 * wherever the zone is used. Offsets (`+01:00`), which newer ICU also takes, are refused: a
 * zone's rules follow daylight saving time, an offset does not.
 */
const NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

export function isTimeZone(name: string): boolean {
  if (name.length > 64 || !NAME.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
