import { isMailAddress, MAIL_EXCEPTIONS_TO_MAX_ADDRESSES, parseMailExceptionsTo } from './mail-exceptions-to.js';

describe('SPEC.md "Webhook" mail_exceptions_to — parseMailExceptionsTo', () => {
  it('normalises the list: one comma and a space between addresses, no empty entries', () => {
    expect(parseMailExceptionsTo(' a@x.example,b@y.example ,,c.d+e@sub.y.example ,')).toEqual({ value: 'a@x.example, b@y.example, c.d+e@sub.y.example', errors: [] });
  });

  it('is null for null, an empty string or only commas', () => {
    for (const raw of [null, '', ' , ,']) expect(parseMailExceptionsTo(raw)).toEqual({ value: null, errors: [] });
  });

  it('names each invalid address (the first five)', () => {
    const { errors } = parseMailExceptionsTo('ok@x.example, 1, 2, 3, 4, 5, 6');
    expect(errors).toEqual(['1', '2', '3', '4', '5'].map((bad) => ['mail_exceptions_to', `'${bad}' is not a valid e-mail address`]));
  });

  it(`refuses more than ${MAIL_EXCEPTIONS_TO_MAX_ADDRESSES} addresses`, () => {
    const many = Array.from({ length: MAIL_EXCEPTIONS_TO_MAX_ADDRESSES + 1 }, (_, i) => `a${i}@x.example`).join(',');
    expect(parseMailExceptionsTo(many).errors).toEqual([['mail_exceptions_to', expect.stringContaining('too many addresses')]]);
    expect(parseMailExceptionsTo(many.slice(0, many.lastIndexOf(','))).errors).toEqual([]);
  });
});

describe('isMailAddress', () => {
  it.each(['a@x.example', 'first.last@x.example', 'ops+hooks@mail.x.example', 'admin@localhost', "o'brien@x.example"])('accepts %s', (address) => {
    expect(isMailAddress(address)).toBe(true);
  });

  it.each(['plain', '@x.example', 'a@', 'a@@x.example', 'a b@x.example', '.a@x.example', 'a.@x.example', 'a..b@x.example', 'a@x..example', 'a@-x.example', 'Name <a@x.example>', `${'l'.repeat(65)}@x.example`])(
    'refuses %s',
    (address) => {
      expect(isMailAddress(address)).toBe(false);
    },
  );
});
