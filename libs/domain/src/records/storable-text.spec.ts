import { shownText, unstorableText } from './storable-text.js';

describe('unstorableText', () => {
  it('names a NUL and a lone surrogate, high or low, anywhere in the text', () => {
    expect(unstorableText('a\u0000b')).toBe('contains a NUL character');
    for (const text of ['t\ud800', '\udc00', 'a\udbff\udbffb', '\ud800x\udfff', '\udfff\ud800']) expect(unstorableText(text)).toBe('contains invalid Unicode (a lone surrogate)');
  });

  it('accepts surrogate pairs, combining marks, invisible characters and the replacement character', () => {
    for (const text of ['', 'plain', '😀 emoji', '\ud83d\ude00', 'e\u0301', 'zero\u200bwidth', '\ufffd', '\uffff']) expect(unstorableText(text)).toBeNull();
  });

  it('shows NULs and lone surrogates as escapes, pairs as they are', () => {
    expect(shownText('a\u0000b\ud800c😀\udc00')).toBe('a\\u0000b\\ud800c😀\\udc00');
  });
});
