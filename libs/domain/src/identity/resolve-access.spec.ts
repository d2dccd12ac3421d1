import { tokenScopes } from '../scopes/scope-statement.js';
import { DomainError } from '../errors/domain-error.js';
import { trustedAccountId } from '../tenancy/account-id.js';
import type { AccountRecord } from './account-access.js';
import type { AccessLookup, TokenGrant } from './access-lookup.js';
import type { OAuthTokenFacts } from './oauth-access-token.js';
import { resolveAccess, resolveToken, tokenRefusal } from './resolve-access.js';

const NOW = new Date('2026-11-22T10:30:00Z');
const micros = (iso: string, extra = 0) => Date.parse(iso) * 1000 + extra;

const accounts: Record<string, AccountRecord> = {
  widget: { id: trustedAccountId('widget'), name: 'Widget International', directoryAccountId: null },
  wdc: { id: trustedAccountId('wdc'), name: 'Widget Data Center', directoryAccountId: 'widget' },
  other: { id: trustedAccountId('other'), name: 'Other', directoryAccountId: null },
};

const ELLEN = { id: 7, name: 'Ellen', accountId: 'widget', primaryEmail: 'ellen@widget.example', organizationId: null, inDirectoryAccount: true, disabled: false };

function oauthFacts(changes: Partial<OAuthTokenFacts> = {}): OAuthTokenFacts {
  return {
    accountId: 'wdc',
    grantId: 'grant',
    payload: { exp: Date.parse('2026-11-22T11:00:00Z') / 1000 },
    issuedAt: micros('2026-11-22T10:00:00Z'),
    grantIssuedAt: micros('2026-11-22T09:00:00Z'),
    grantExpiresAt: new Date('2026-12-06T09:00:00Z'),
    applicationDisabled: false,
    integration: { disabled: false, revokedAt: null },
    ...changes,
  };
}

/** The lookup of a personal access token of Ellen (administrator in `widget` only), made for `account`. */
function lookup(grant: Partial<TokenGrant> = {}, account: string | null = 'widget'): AccessLookup {
  const full: TokenGrant = { kind: 'personal_access_token', tokenId: 1, scopes: tokenScopes(['*:*']), expiresAt: null, revokedAt: null, lastUsedAt: null, person: ELLEN, ...grant };
  const target = account ? (accounts[account] ?? null) : null;
  return { grant: full, personAccount: accounts[full.person.accountId]!, account: target, roles: target?.id === 'widget' ? ['administrator'] : [] };
}

const oauthLookup = (facts: Partial<OAuthTokenFacts> = {}, grant: Partial<TokenGrant> = {}, account = 'wdc') =>
  lookup({ kind: 'oauth', tokenId: 3, clientId: 'app', oauth: oauthFacts(facts), expiresAt: new Date('2026-11-22T11:00:00Z'), ...grant }, account);

function codeOf(decide: () => unknown): string {
  try {
    decide();
    return 'none';
  } catch (error) {
    return error instanceof DomainError ? error.code : 'not a domain error';
  }
}

describe('tokenRefusal — whether the token of a lookup may be used', () => {
  describe('personal access tokens', () => {
    it.each<[string, AccessLookup | null, ReturnType<typeof tokenRefusal>]>([
      ['a live token of an enabled person', lookup(), null],
      ['a token not found', null, 'unknown'],
      ['a revoked token', lookup({ revokedAt: new Date('2026-11-01T00:00:00Z') }), 'revoked'],
      ['a token past its expiry', lookup({ expiresAt: new Date('2026-11-22T10:29:59Z') }), 'expired'],
      ['a token at its expiry instant', lookup({ expiresAt: NOW }), 'expired'],
      ['a token expiring later', lookup({ expiresAt: new Date('2026-11-22T10:30:01Z') }), null],
      ['a token of a disabled person', lookup({ person: { ...ELLEN, disabled: true } }), 'person_disabled'],
    ])('%s: %s', (_case, found, refusal) => {
      expect(tokenRefusal(found, NOW)).toBe(refusal);
    });
  });

  describe('OAuth access tokens', () => {
    it.each<[string, AccessLookup, ReturnType<typeof tokenRefusal>]>([
      ['a current token of an enabled application and integration', oauthLookup(), null],
      ['a disabled application', oauthLookup({ applicationDisabled: true }), 'application_disabled'],
      ['a disabled integration', oauthLookup({ integration: { disabled: true, revokedAt: null } }), 'integration_disabled'],
      ['authorizations revoked after the token was issued', oauthLookup({ integration: { disabled: false, revokedAt: micros('2026-11-22T10:10:00Z') } }), 'authorization_revoked'],
      ['authorizations revoked at the token’s own microsecond', oauthLookup({ integration: { disabled: false, revokedAt: micros('2026-11-22T10:00:00Z') } }), 'authorization_revoked'],
      ['authorizations revoked after its grant, before the token', oauthLookup({ integration: { disabled: false, revokedAt: micros('2026-11-22T09:30:00Z') } }), 'authorization_revoked'],
      ['authorizations revoked a microsecond before its grant', oauthLookup({ grantIssuedAt: micros('2026-11-22T09:00:00Z', 1), integration: { disabled: false, revokedAt: micros('2026-11-22T09:00:00Z') } }), null],
      ['no issue time for the token', oauthLookup({ issuedAt: null }), 'authorization_revoked'],
      ['no issue time for its grant', oauthLookup({ grantIssuedAt: null }), 'authorization_revoked'],
      ['a DPoP-bound token', oauthLookup({ payload: { jkt: 'thumbprint' } }), 'sender_constrained'],
      ['an mTLS-bound token', oauthLookup({ payload: { 'x5t#S256': 'thumbprint' } }), 'sender_constrained'],
      ['its row expired', oauthLookup({}, { expiresAt: new Date('2026-11-22T10:00:00Z') }), 'expired'],
      ['its payload’s exp passed', oauthLookup({ payload: { exp: Date.parse('2026-11-22T10:15:00Z') / 1000 } }), 'expired'],
      ['its grant expired', oauthLookup({ grantExpiresAt: new Date('2026-11-22T10:20:00Z') }), 'expired'],
      ['no expiry anywhere', oauthLookup({ payload: {}, grantExpiresAt: null }, { expiresAt: null }), null],
      ['a disabled person', oauthLookup({}, { person: { ...ELLEN, disabled: true } }), 'person_disabled'],
      ['a revoked row', oauthLookup({}, { revokedAt: NOW }), 'revoked'],
    ])('%s: %s', (_case, found, refusal) => {
      expect(tokenRefusal(found, NOW)).toBe(refusal);
    });
  });
});

describe('resolveToken', () => {
  it('returns the grant of a usable token', () => {
    expect(resolveToken(lookup(), NOW).tokenId).toBe(1);
  });

  it('is UNAUTHORIZED, with one message whatever the reason', () => {
    for (const found of [null, lookup({ revokedAt: NOW }), oauthLookup({ applicationDisabled: true })]) {
      expect(() => resolveToken(found, NOW)).toThrow('The bearer token is unknown, expired or revoked');
    }
  });
});

describe('resolveAccess — who calls, in which account', () => {
  it('resolves the person (without the disabled flag), account, roles, scopes and token', () => {
    const access = resolveAccess(lookup(), 'widget', NOW);
    expect(access).toEqual({
      person: { id: 7, name: 'Ellen', accountId: 'widget', primaryEmail: 'ellen@widget.example', organizationId: null, inDirectoryAccount: true },
      account: accounts['widget'],
      roles: ['administrator'],
      scopes: tokenScopes(['*:*']),
      token: { kind: 'personal_access_token', id: 1 },
    });
  });

  it('reaches a support domain of the person’s directory account, with that account’s roles', () => {
    const access = resolveAccess(lookup({}, 'wdc'), ' wdc ', NOW);
    expect(access.account.id).toBe('wdc');
    expect(access.roles).toEqual([]);
  });

  it('checks the token before the account: an unusable token is UNAUTHORIZED even without the header', () => {
    expect(codeOf(() => resolveAccess(lookup({ revokedAt: NOW }, null), undefined, NOW))).toBe('UNAUTHORIZED');
    expect(codeOf(() => resolveAccess(null, 'widget', NOW))).toBe('UNAUTHORIZED');
  });

  it.each<[string, AccessLookup, string | undefined]>([
    ['a missing header', lookup({}, null), undefined],
    ['a blank header', lookup({}, null), '  '],
    ['an account not found (or malformed, never looked up)', lookup({}, null), 'nope'],
    ['an account the person may not act in', lookup({}, 'other'), 'other'],
  ])('is FORBIDDEN for %s', (_case, found, header) => {
    expect(codeOf(() => resolveAccess(found, header, NOW))).toBe('FORBIDDEN');
  });

  describe('an OAuth access token acts only in its application’s account', () => {
    it('is accepted there, naming the application', () => {
      expect(resolveAccess(oauthLookup(), 'wdc', NOW).token).toEqual({ kind: 'oauth', id: 3, clientId: 'app' });
    });

    it('is FORBIDDEN in another account the person may act in', () => {
      expect(codeOf(() => resolveAccess(oauthLookup({}, {}, 'widget'), 'widget', NOW))).toBe('FORBIDDEN');
    });

    it('is FORBIDDEN in its application’s account when the person may not act there', () => {
      expect(codeOf(() => resolveAccess(oauthLookup({ accountId: 'other' }, {}, 'other'), 'other', NOW))).toBe('FORBIDDEN');
    });
  });
});
