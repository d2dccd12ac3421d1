import { formatDateTime } from './format-datetime.js';

const MOMENT = new Date('2026-11-22T22:04:00Z');

describe('formatDateTime', () => {
  it('formats with a long date and a short time in the locale and time zone', () => {
    expect(formatDateTime(MOMENT, 'en-US', 'UTC')).toBe('November 22, 2026 at 10:04 PM');
    expect(formatDateTime(MOMENT, 'nl', 'Europe/Amsterdam')).toBe('22 november 2026 om 23:04');
    expect(formatDateTime(MOMENT, 'en-US', 'America/New_York')).toBe('November 22, 2026 at 5:04 PM');
  });

  it('is empty when there is no moment', () => {
    expect(formatDateTime(null, 'en-US', 'UTC')).toBe('');
  });

  it('falls back to en-US and UTC for a bad locale or time zone stored on the person', () => {
    expect(formatDateTime(MOMENT, 'not a tag', 'Mars/Olympus')).toBe('November 22, 2026 at 10:04 PM');
  });
});
