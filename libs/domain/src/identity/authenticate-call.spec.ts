import { tokenScopes } from '../scopes/scope-statement.js';
import { DomainError } from '../errors/domain-error.js';
import { trustedAccountId } from '../tenancy/account-id.js';
import type { AccountRecord } from './account-access.js';
import { hashToken } from './personal-access-token.js';
import type { AccessPort, TokenGrant } from './access-lookup.js';
import { authenticateCall, authenticateToken } from './authenticate-call.js';

const accounts: Record<string, AccountRecord> = {
  widget: { id: trustedAccountId('widget'), name: 'Widget International', directoryAccountId: null },
  wdc: { id: trustedAccountId('wdc'), name: 'Widget Data Center', directoryAccountId: 'widget' },
  other: { id: trustedAccountId('other'), name: 'Other', directoryAccountId: null },
};

const ELLEN = { id: 7, name: 'Ellen', accountId: 'widget', primaryEmail: 'ellen@widget.example', organizationId: null, inDirectoryAccount: true, disabled: false };

/** A port over fixed records: the token's grant, the accounts, and administrator rights in `widget` only. */
function portWith(token: string, grant: Partial<TokenGrant>): AccessPort & { used: number[] } {
  const used: number[] = [];
  return {
    used,
    lookup: async (hash, accountId) => {
      if (hash !== hashToken(token)) return null;
      const full: TokenGrant = { kind: 'personal_access_token', tokenId: 1, scopes: tokenScopes(['*:*']), expiresAt: null, revokedAt: null, lastUsedAt: null, person: ELLEN, ...grant };
      const account = accountId ? (accounts[accountId] ?? null) : null;
      return { grant: full, personAccount: accounts[full.person.accountId]!, account, roles: account?.id === 'widget' ? ['administrator'] : [] };
    },
    tokenUsed: async (g) => {
      used.push(g.tokenId);
    },
  };
}

const TOKEN = 'tsr_pat_aaaaaaaaaaaaaaaaaaaaaaaa';

const oauthFacts = (accountId: string) => ({
  accountId, grantId: 'grant', payload: {}, issuedAt: 1, grantIssuedAt: 1, grantExpiresAt: null, applicationDisabled: false, integration: { disabled: false, revokedAt: null },
});

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'none';
  } catch (error) {
    return error instanceof DomainError ? error.code : 'not a domain error';
  }
}

describe('authenticateCall — Authorization and X-Service-Account', () => {
  it('resolves the person, account, roles and scopes, and records the token use', async () => {
    const port = portWith(TOKEN, {});
    const access = await authenticateCall({ authorization: `Bearer ${TOKEN}`, account: 'widget' }, port);
    expect(access).toMatchObject({ person: { id: 7, inDirectoryAccount: true }, account: { id: 'widget' }, roles: ['administrator'], scopes: tokenScopes(['*:*']) });
    expect(access.person).not.toHaveProperty('disabled');
    expect(port.used).toEqual([1]);
  });

  it('records the token use at most once a minute', async () => {
    const port = portWith(TOKEN, { lastUsedAt: new Date(Date.now() - 10_000) });
    await authenticateCall({ authorization: `Bearer ${TOKEN}`, account: 'widget' }, port);
    expect(port.used).toEqual([]);
  });

  it('reaches a support domain of the person’s directory account, with that account’s roles', async () => {
    const access = await authenticateCall({ authorization: `Bearer ${TOKEN}`, account: 'wdc' }, portWith(TOKEN, {}));
    expect(access.account.id).toBe('wdc');
    expect(access.roles).toEqual([]);
  });

  // RFC 7235 §2.1: the auth scheme is case-insensitive; RFC 7230 allows more than one space after it.
  it.each([['bearer'], ['BEARER'], ['bEaReR'], ['Bearer  '], ['Bearer   ']])('accepts the scheme written %j', async (scheme) => {
    const header = /\s$/.test(scheme) ? `${scheme}${TOKEN}` : `${scheme} ${TOKEN}`;
    const access = await authenticateCall({ authorization: header, account: 'widget' }, portWith(TOKEN, {}));
    expect(access.person.id).toBe(7);
  });

  it.each([
    ['no header', undefined, {}],
    ['a scheme glued to the token', `Bearer${TOKEN}`, {}],
    ['a tab between scheme and token', `Bearer\t${TOKEN}`, {}],
    ['a Basic header', `Basic ${TOKEN}`, {}],
    ['an unknown token', 'Bearer tsr_pat_bbbbbbbbbbbbbbbbbbbbbbbbbbb', {}],
    ['an expired token', `Bearer ${TOKEN}`, { expiresAt: new Date(Date.now() - 1) }],
    ['a revoked token', `Bearer ${TOKEN}`, { revokedAt: new Date() }],
    ['a disabled person', `Bearer ${TOKEN}`, { person: { ...ELLEN, disabled: true } }],
  ])('is UNAUTHORIZED for %s', async (_case, authorization, grant) => {
    expect(await codeOf(authenticateCall({ authorization, account: 'widget' }, portWith(TOKEN, grant)))).toBe('UNAUTHORIZED');
  });

  async function reasonOf(promise: Promise<unknown>): Promise<string> {
    try {
      await promise;
      return 'none';
    } catch (error) {
      return (error as Error).message;
    }
  }

  // Issue 30 item 18: a token that is there but cannot be one is not "missing".
  it.each([
    ['no header', undefined, 'A bearer token is required in the Authorization header'],
    ['an empty header', '', 'A bearer token is required in the Authorization header'],
    ['the scheme alone', 'Bearer ', 'A bearer token is required in the Authorization header'],
    ['a truncated token', `Bearer ${TOKEN.slice(0, 12)}`, 'The bearer token is not valid: it is malformed or truncated'],
    ['a token with characters no token has', 'Bearer tsr_pat_aaaa!aaaa"aaaa<aaaa>', 'The bearer token is not valid: it is malformed or truncated'],
    ['a token longer than any token', `Bearer ${'a'.repeat(600)}`, 'The bearer token is not valid: it is malformed or truncated'],
    ['a scheme glued to the token', `Bearer${TOKEN}`, 'The Authorization header is not a bearer token: send Authorization: Bearer <token>'],
    ['a Basic header', `Basic ${TOKEN}`, 'The Authorization header is not a bearer token: send Authorization: Bearer <token>'],
    ['an unknown token', 'Bearer tsr_pat_bbbbbbbbbbbbbbbbbbbbbbbbbbb', 'The bearer token is unknown, expired or revoked'],
  ])('says why for %s', async (_case, authorization, reason) => {
    expect(await reasonOf(authenticateCall({ authorization, account: 'widget' }, portWith(TOKEN, {})))).toBe(reason);
    expect(await reasonOf(authenticateToken(authorization, portWith(TOKEN, {})))).toBe(reason);
  });

  describe('an OAuth access token acts only in its application’s account', () => {
    const oauth = (accountId: string): Partial<TokenGrant> => ({ kind: 'oauth', tokenId: 3, clientId: 'app', oauth: oauthFacts(accountId) });

    it('is accepted there, naming the application', async () => {
      const access = await authenticateCall({ authorization: `Bearer ${TOKEN}`, account: 'wdc' }, portWith(TOKEN, oauth('wdc')));
      expect(access.token).toEqual({ kind: 'oauth', id: 3, clientId: 'app' });
    });

    it('is FORBIDDEN in another account the person may act in', async () => {
      const port = portWith(TOKEN, oauth('wdc'));
      expect(await codeOf(authenticateCall({ authorization: `Bearer ${TOKEN}`, account: 'widget' }, port))).toBe('FORBIDDEN');
    });

    it('is FORBIDDEN in its application’s account when the person may not act there', async () => {
      const port = portWith(TOKEN, oauth('other'));
      expect(await codeOf(authenticateCall({ authorization: `Bearer ${TOKEN}`, account: 'other' }, port))).toBe('FORBIDDEN');
    });
  });

  it.each([['a missing account', undefined], ['an unrelated account', 'other'], ['an unknown account', 'nope'], ['a malformed account', 'DROP TABLE']])(
    'is FORBIDDEN for %s',
    async (_case, account) => {
      expect(await codeOf(authenticateCall({ authorization: `Bearer ${TOKEN}`, account }, portWith(TOKEN, {})))).toBe('FORBIDDEN');
    },
  );

  it('records the use of a good token also when the account is refused, and not that of a refused token', async () => {
    const port = portWith(TOKEN, {});
    expect(await codeOf(authenticateCall({ authorization: `Bearer ${TOKEN}`, account: 'other' }, port))).toBe('FORBIDDEN');
    expect(port.used).toEqual([1]);
    const revoked = portWith(TOKEN, { revokedAt: new Date() });
    expect(await codeOf(authenticateCall({ authorization: `Bearer ${TOKEN}`, account: 'widget' }, revoked))).toBe('UNAUTHORIZED');
    expect(revoked.used).toEqual([]);
  });
});

describe('authenticateToken — the bearer token alone', () => {
  it('returns the grant of a good token without any account, and records its use', async () => {
    const port = portWith(TOKEN, {});
    expect((await authenticateToken(`Bearer ${TOKEN}`, port)).tokenId).toBe(1);
    expect(port.used).toEqual([1]);
  });

  it.each([
    ['no header', undefined, {}],
    ['an unknown token', 'Bearer tsr_pat_bbbbbbbbbbbbbbbbbbbbbbbbbbb', {}],
    ['an expired token', `Bearer ${TOKEN}`, { expiresAt: new Date(Date.now() - 1) }],
  ])('is UNAUTHORIZED for %s', async (_case, authorization, grant) => {
    expect(await codeOf(authenticateToken(authorization, portWith(TOKEN, grant)))).toBe('UNAUTHORIZED');
  });
});
