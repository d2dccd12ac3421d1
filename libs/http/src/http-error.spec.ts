import { conflict, DomainError, ERROR_CODES, forbidden, notFound, tooManyRequests, unavailable, type ErrorCode } from '@tessera/domain';
import { RATE_LIMIT_DOCUMENTATION_URL, statusOf, toHttpError } from './http-error.js';

/** A code the domain might add tomorrow: the mapper must not compile with it until it has a case. */
type FutureCode = ErrorCode | 'PAYMENT_REQUIRED';

describe('toHttpError — the REST mapping of every domain code', () => {
  it.each(ERROR_CODES.map((code) => [code]))('maps %s to a 4xx answer (503 for UNAVAILABLE) with a JSON message', (code) => {
    const { status, body } = toHttpError(new DomainError(code, 'why'));
    expect(status).toBe(statusOf(code));
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(code === 'UNAVAILABLE' ? 504 : 500);
    expect(typeof body['message']).toBe('string');
  });

  it('answers a conflict with 409 and its message', () => {
    expect(toHttpError(conflict('A webhook named Deploys exists'))).toEqual({ status: 409, body: { message: 'A webhook named Deploys exists' }, headers: {} });
  });

  it('keeps the documented word as message and the reason beside it for 403', () => {
    expect(toHttpError(forbidden('This needs the administrator role in the account')).body).toEqual({ message: 'Forbidden', reason: 'This needs the administrator role in the account' });
  });

  it('never shows the reason of a 404', () => {
    expect(toHttpError(notFound('Team 5 does not exist in account acme')).body).toEqual({ message: 'Not Found' });
  });

  it('sends whole seconds of at least 1 in Retry-After', () => {
    expect(toHttpError(tooManyRequests(1.2)).headers).toEqual({ 'Retry-After': '2' });
    expect(toHttpError(tooManyRequests(0)).headers).toEqual({ 'Retry-After': '1' });
    expect(toHttpError(tooManyRequests(7)).body).toEqual({ message: 'Too Many Requests', documentation_url: RATE_LIMIT_DOCUMENTATION_URL });
  });

  it('answers UNAVAILABLE with 503, "Service Unavailable", its message as the reason, and Retry-After', () => {
    expect(toHttpError(unavailable('The SCSS compiler is busy; try again later', 2))).toEqual({
      status: 503, body: { message: 'Service Unavailable', reason: 'The SCSS compiler is busy; try again later' }, headers: { 'Retry-After': '2' },
    });
  });

  it('does not compile with a code it has no case for, and refuses it at run time', () => {
    const future = 'PAYMENT_REQUIRED' as FutureCode;
    // @ts-expect-error a code without a REST mapping is a compile error
    expect(() => statusOf(future)).toThrow('PAYMENT_REQUIRED');
  });
});
