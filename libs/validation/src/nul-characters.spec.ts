import { nulCharacterFields } from './nul-characters.js';

describe('nulCharacterFields', () => {
  it('names every string holding a NUL, nested in objects and arrays, and keys holding one', () => {
    expect(nulCharacterFields({ a: 'x', b: 'y\u0000', c: { d: ['ok', '\u0000'] }, ['k\u0000']: 1 })).toEqual([
      ['b', 'B contains a NUL character'],
      ['c.d[1]', 'C.d[1] contains a NUL character'],
      ['k\\u0000', 'K\\u0000 contains a NUL character'],
    ]);
  });

  it('finds nothing in clean input, numbers, nulls, or a binary body', () => {
    expect(nulCharacterFields({ a: 'x', n: 1, z: null, t: true })).toEqual([]);
    expect(nulCharacterFields(Buffer.from([0, 1, 2]))).toEqual([]);
    expect(nulCharacterFields(undefined)).toEqual([]);
  });

  it('names a bare string as the body', () => {
    expect(nulCharacterFields('\u0000')).toEqual([['body', 'Body contains a NUL character']]);
  });
});
