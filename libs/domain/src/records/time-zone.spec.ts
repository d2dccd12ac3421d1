import { checkRecordInput } from './check-record-input.js';
import { declareRecord } from './record-fields.js';
import { isTimeZone } from './time-zone.js';

describe('a time zone field', () => {
  it('takes IANA names and their links, and nothing else', () => {
    for (const name of ['UTC', 'Europe/Amsterdam', 'America/Argentina/Buenos_Aires', 'Etc/GMT+5', 'US/Eastern']) expect(isTimeZone(name)).toBe(true);
    for (const name of ['', 'Mars/Olympus_Mons', '+01:00', 'Europe/', '../etc/passwd', 'Europe/Amsterdam ', 'x'.repeat(65)]) expect(isTimeZone(name)).toBe(false);
  });

  it('is a problem of the field, with the other problems', () => {
    const declaration = declareRecord('a broadcast', {
      time_zone: { type: 'text', max: 64, format: 'time-zone', write: 'change', description: 'Time zone' },
    });
    expect(checkRecordInput(declaration, { time_zone: 'Europe/Amsterdam' }, 'create').errors).toEqual([]);
    expect(checkRecordInput(declaration, { time_zone: 'Central European Time' }, 'create').errors).toEqual([
      ['time_zone', 'Time zone is not a time zone (an IANA name such as Europe/Amsterdam or UTC)'],
    ]);
  });
});
