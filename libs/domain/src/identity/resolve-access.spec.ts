import { DomainError } from '../errors/domain-error.js';
import type { AccountRecord } from './account-access.js';
import { hashToken } from './personal-access-token.js';
import { resolveAccess, type AccessPort, type TokenGrant } from './resolve-access.js';

const accounts: Record<string, AccountRecord> = {
  widget: { id: 'widget', name: 'Widget International', directoryAccountId: null },
  wdc: { id: 'wdc', name: 'Widget Data Center', directoryAccountId: 'widget' },
  other: { id: 'other', name: 'Other', directoryAccountId: null },
};

function portWith(grants: Record<string, Partial<TokenGrant>>): AccessPort & { used: number[] } {
  const used: number[] = [];
  return {
    used,
    findTokenByHash: async (hash) => {
      const entry = Object.entries(grants).find(([token]) => hashToken(token) === hash);
      if (!entry) return null;
      return {
        kind: 'personal_access_token', tokenId: 1, scopes: ['*:*'], expiresAt: null, revokedAt: null,
        person: { id: 7, name: 'Ellen', accountId: 'widget', disabled: false },
        ...entry[1],
      };
    },
    findAccount: async (id) => accounts[id] ?? null,
    findRoles: async (_person, account) => (account === 'widget' ? ['administrator'] : []),
    tokenUsed: async (grant) => {
      used.push(grant.tokenId);
    },
  };
}

const TOKEN = 'tsr_pat_aaaaaaaaaaaaaaaaaaaaaaaa';

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'none';
  } catch (error) {
    return error instanceof DomainError ? error.code : 'not a domain error';
  }
}

describe('resolveAccess — Authorization and X-Service-Account', () => {
  it('resolves the person, account, roles and scopes, and records the token use', async () => {
    const port = portWith({ [TOKEN]: {} });
    const access = await resolveAccess({ authorization: `Bearer ${TOKEN}`, account: 'widget' }, port);
    expect(access).toMatchObject({ person: { id: 7 }, account: { id: 'widget' }, roles: ['administrator'], scopes: ['*:*'] });
    expect(port.used).toEqual([1]);
  });

  it('reaches a support domain of the person’s directory account, with that account’s roles', async () => {
    const access = await resolveAccess({ authorization: `Bearer ${TOKEN}`, account: 'wdc' }, portWith({ [TOKEN]: {} }));
    expect(access.account.id).toBe('wdc');
    expect(access.roles).toEqual([]);
  });

  it.each([
    ['no header', undefined, {}],
    ['a Basic header', `Basic ${TOKEN}`, {}],
    ['an unknown token', 'Bearer tsr_pat_bbbbbbbbbbbbbbbbbbbbbbbbbbb', {}],
    ['an expired token', `Bearer ${TOKEN}`, { expiresAt: new Date(Date.now() - 1) }],
    ['a revoked token', `Bearer ${TOKEN}`, { revokedAt: new Date() }],
    ['a disabled person', `Bearer ${TOKEN}`, { person: { id: 7, name: 'E', accountId: 'widget', disabled: true } }],
  ])('is UNAUTHORIZED for %s', async (_case, authorization, grant) => {
    expect(await codeOf(resolveAccess({ authorization, account: 'widget' }, portWith({ [TOKEN]: grant })))).toBe('UNAUTHORIZED');
  });

  it.each([['a missing account', undefined], ['an unrelated account', 'other'], ['an unknown account', 'nope'], ['a malformed account', 'DROP TABLE']])(
    'is FORBIDDEN for %s',
    async (_case, account) => {
      expect(await codeOf(resolveAccess({ authorization: `Bearer ${TOKEN}`, account }, portWith({ [TOKEN]: {} })))).toBe('FORBIDDEN');
    },
  );
});
