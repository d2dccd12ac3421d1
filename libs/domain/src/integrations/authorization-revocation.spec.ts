import { disablingRevokes, isAuthorizationCurrent } from './authorization-revocation.js';

/** Epoch microseconds of an ISO time, plus `micros`. */
const at = (iso: string, micros = 0) => new Date(iso).getTime() * 1000 + micros;
const integration = (revokedAt: number | null, disabled = false) => ({ disabled, revokedAt });
const REVOKED = at('2026-03-01T12:00:00.123Z', 456);

describe('isAuthorizationCurrent — an integration change makes the person authorize again', () => {
  it('keeps every token and grant of an integration whose authorizations were never revoked', () => {
    expect(isAuthorizationCurrent(at('2026-01-01T00:00:00Z'), integration(null))).toBe(true);
  });

  it('refuses a token or grant issued before the revocation, by a microsecond too', () => {
    expect(isAuthorizationCurrent(at('2026-03-01T11:59:59.999Z'), integration(REVOKED))).toBe(false);
    expect(isAuthorizationCurrent(REVOKED - 1, integration(REVOKED))).toBe(false);
  });

  it('refuses one issued at the very moment of the revocation', () => {
    expect(isAuthorizationCurrent(REVOKED, integration(REVOKED))).toBe(false);
  });

  it('accepts one issued after the revocation, within the same second and millisecond too: the person authorized again', () => {
    expect(isAuthorizationCurrent(REVOKED + 1, integration(REVOKED))).toBe(true);
    expect(isAuthorizationCurrent(at('2026-03-01T12:00:00.900Z'), integration(REVOKED))).toBe(true);
  });

  it('refuses every token and grant of a disabled integration', () => {
    expect(isAuthorizationCurrent(at('2026-03-02T00:00:00Z'), integration(null, true))).toBe(false);
    expect(isAuthorizationCurrent(at('2026-03-02T00:00:00Z'), integration(REVOKED, true))).toBe(false);
  });
});

describe('disablingRevokes', () => {
  it('revokes when an enabled integration or application is disabled', () => {
    expect(disablingRevokes({ disabled: false }, { disabled: true })).toBe(true);
  });

  it('does not revoke when it stays as it was, is enabled again, or the flag is not changed', () => {
    expect(disablingRevokes({ disabled: true }, { disabled: true })).toBe(false);
    expect(disablingRevokes({ disabled: true }, { disabled: false })).toBe(false);
    expect(disablingRevokes({ disabled: false }, {})).toBe(false);
  });
});
