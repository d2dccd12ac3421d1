import { ERROR_CODES, unmappedErrorCode, type ErrorCode } from './error-codes.js';
import { badParameter, conflict, DomainError, forbidden, isDomainError, notFound, tooManyRequests, unauthorized, unavailable, validationFailed } from './domain-error.js';

describe('DomainError — stable codes', () => {
  it.each<[string, DomainError, ErrorCode]>([
    ['badParameter', badParameter("Parameter 'per_page' cannot be less than 1"), 'BAD_PARAMETER'],
    ['unauthorized', unauthorized(), 'UNAUTHORIZED'],
    ['forbidden', forbidden(), 'FORBIDDEN'],
    ['notFound', notFound(), 'NOT_FOUND'],
    ['conflict', conflict('A webhook with this name exists'), 'CONFLICT'],
    ['validationFailed', validationFailed([['subject', "Subject can't be blank"]]), 'VALIDATION_FAILED'],
    ['tooManyRequests', tooManyRequests(7), 'TOO_MANY_REQUESTS'],
    ['unavailable', unavailable('The SCSS compiler is busy', 2), 'UNAVAILABLE'],
  ])('%s gives a DomainError with its code', (_name, error, code) => {
    expect(isDomainError(error)).toBe(true);
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe(code);
  });

  it('keeps the factories of existing callers: default messages, field pairs, retry seconds', () => {
    expect(unauthorized().message).toBe('Unauthorized');
    expect(forbidden('This needs the administrator role in the account').message).toBe('This needs the administrator role in the account');
    expect(notFound().message).toBe('Not Found');
    expect(conflict().message).toBe('Conflict');
    expect(validationFailed([['subject', "Subject can't be blank"]])).toMatchObject({ message: 'Validation Failed', errors: [['subject', "Subject can't be blank"]] });
    expect(tooManyRequests(7).retryAfterSeconds).toBe(7);
  });

  it('lists every code once, flat and upper case', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) expect(code).toMatch(/^[A-Z]+(_[A-Z]+)*$/);
  });

  it('refuses, at run time too, a code that reached a mapping without a case', () => {
    expect(() => unmappedErrorCode('PAYMENT_REQUIRED' as never)).toThrow('No mapping for error code "PAYMENT_REQUIRED"');
  });
});
