import { unstorableTextFields } from './unstorable-text.js';

describe('unstorableTextFields', () => {
  it('names every string holding a NUL, nested in objects and arrays, and keys holding one', () => {
    expect(unstorableTextFields({ a: 'x', b: 'y\u0000', c: { d: ['ok', '\u0000'] }, ['k\u0000']: 1 })).toEqual([
      ['b', 'B contains a NUL character'],
      ['c.d[1]', 'C.d[1] contains a NUL character'],
      ['k\\u0000', 'K\\u0000 contains a NUL character'],
    ]);
  });

  it('names every string and key holding a lone surrogate, the key shown escaped', () => {
    expect(unstorableTextFields({ a: 't\ud800', b: ['\udc00', '😀'], ['k\udbff']: { x: 'ok' } })).toEqual([
      ['a', 'A contains invalid Unicode (a lone surrogate)'],
      ['b[0]', 'B[0] contains invalid Unicode (a lone surrogate)'],
      ['k\\udbff', 'K\\udbff contains invalid Unicode (a lone surrogate)'],
    ]);
  });

  it('finds nothing in clean input, numbers, nulls, or a binary body', () => {
    expect(unstorableTextFields({ a: 'x', n: 1, z: null, t: true, e: '😀 e\u0301' })).toEqual([]);
    expect(unstorableTextFields(Buffer.from([0, 1, 2]))).toEqual([]);
    expect(unstorableTextFields(undefined)).toEqual([]);
  });

  it('names a bare string as the body', () => {
    expect(unstorableTextFields('\u0000')).toEqual([['body', 'Body contains a NUL character']]);
  });
});
