import type { ScopeStatement } from '../scopes/scope-statement.js';
import { tokenScopes } from '../scopes/scope-statement.js';
import { DomainError } from '../errors/domain-error.js';
import type { AccountRecord } from './account-access.js';
import { createAccessCache, type AccessCache } from './access-cache.js';
import { parseAccessChange } from './access-change.js';
import { cachedAccessPort } from './cached-access-port.js';
import { hashToken } from './personal-access-token.js';
import type { AccessLookup, AccessPort, TokenGrant } from './access-lookup.js';
import { authenticateCall } from './authenticate-call.js';

const WIDGET = { id: 'widget', name: 'Widget International', directoryAccountId: null } as AccountRecord;
const WDC = { id: 'wdc', name: 'Widget Data Center', directoryAccountId: 'widget' } as AccountRecord;

/** Storage holding tokens by secret; counts its lookups, and can hold one back to finish later. */
function storage() {
  const grants = new Map<string, TokenGrant>();
  let held: (() => void) | null = null;
  const port: AccessPort & { lookups: number; hold(): void; release(): void } = {
    lookups: 0,
    hold: () => {
      held = () => undefined;
    },
    release: () => held?.(),
    lookup: async (hash, accountId): Promise<AccessLookup | null> => {
      port.lookups++;
      const grant = grants.get(hash);
      const result = grant ? { grant: structuredClone(grant), personAccount: WIDGET, account: accountId === 'wdc' ? WDC : accountId === 'widget' ? WIDGET : null, roles: [] } : null;
      if (held) await new Promise<void>((resolve) => (held = resolve));
      held = null;
      return result;
    },
    tokenUsed: async () => undefined,
  };
  const issue = (secret: string, tokenId: number, personId: number, grant: Partial<TokenGrant> = {}) =>
    grants.set(hashToken(secret), {
      kind: 'personal_access_token', tokenId, scopes: tokenScopes(['*:*']), expiresAt: null, revokedAt: null, lastUsedAt: new Date(),
      person: { id: personId, name: `P${personId}`, accountId: 'widget', primaryEmail: `p${personId}@widget.example`, organizationId: null, inDirectoryAccount: true, disabled: false },
      ...grant,
    });
  return { port, grants, issue };
}

const A = 'tsr_pat_aaaaaaaaaaaaaaaaaaaaaaaa';

const oauthFacts = (grantId: string) => ({
  accountId: 'wdc', grantId, payload: {}, issuedAt: 1, grantIssuedAt: 1, grantExpiresAt: null, applicationDisabled: false, integration: { disabled: false, revokedAt: null },
});
const B = 'tsr_pat_bbbbbbbbbbbbbbbbbbbbbbbb';

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'none';
  } catch (error) {
    return error instanceof DomainError ? error.code : String(error);
  }
}

describe('access cache — known callers resolved without storage', () => {
  let clock: number;
  let cache: AccessCache;
  let store: ReturnType<typeof storage>;
  let port: AccessPort;
  const call = (secret: string, account = 'wdc') => authenticateCall({ authorization: `Bearer ${secret}`, account }, port, new Date(clock));

  beforeEach(() => {
    clock = Date.parse('2026-11-22T10:00:00Z');
    cache = createAccessCache({ maxEntries: 3, ttlMs: 60_000, now: () => clock });
    cache.resume();
    store = storage();
    store.issue(A, 1, 10);
    store.issue(B, 2, 20);
    port = cachedAccessPort(store.port, cache);
  });

  it('answers a known caller from memory after the first lookup (hit), and asks storage for another key (miss)', async () => {
    await call(A);
    await call(A);
    expect(store.port.lookups).toBe(1);
    await call(A, 'widget');
    await call(B);
    expect(store.port.lookups).toBe(3);
  });

  it('never keeps an unknown token: a token issued after a refused call works at once', async () => {
    const C = 'tsr_pat_cccccccccccccccccccccccc';
    expect(await codeOf(call(C))).toBe('UNAUTHORIZED');
    store.issue(C, 3, 30);
    expect((await call(C)).person.id).toBe(30);
    expect(store.port.lookups).toBe(2);
  });

  it('checks expiry on every call against the kept grant', async () => {
    store.issue(A, 1, 10, { expiresAt: new Date(clock + 1000) });
    await call(A);
    clock += 1000;
    expect(await codeOf(call(A))).toBe('UNAUTHORIZED');
    expect(store.port.lookups).toBe(1);
  });

  it('forgets an entry after its safety TTL', async () => {
    await call(A);
    clock += 59_999;
    await call(A);
    expect(store.port.lookups).toBe(1);
    clock += 60_000;
    await call(A);
    expect(store.port.lookups).toBe(2);
  });

  it('drops the least recently used entry beyond its size', async () => {
    await call(A);
    await call(A, 'widget');
    await call(B);
    await call(A);
    await call(B, 'widget');
    expect(cache.size).toBe(3);
    store.port.lookups = 0;
    await call(A);
    expect(store.port.lookups).toBe(0);
    await call(A, 'widget');
    expect(store.port.lookups).toBe(1);
  });

  it('refuses a revoked token once its change arrives, keeping other callers', async () => {
    await call(A);
    await call(B);
    store.issue(A, 1, 10, { revokedAt: new Date(clock) });
    cache.apply(parseAccessChange('{"kind":"token","ids":[1]}'));
    expect(await codeOf(call(A))).toBe('UNAUTHORIZED');
    await call(B);
    expect(store.port.lookups).toBe(3);
  });

  it('drops every entry of a changed person, whatever the token or account', async () => {
    await call(A);
    await call(A, 'widget');
    await call(B);
    store.issue(A, 1, 10, { person: { ...store.grants.get(hashToken(A))!.person, disabled: true } });
    cache.apply({ kind: 'person', ids: [10] });
    expect(cache.size).toBe(1);
    expect(await codeOf(call(A))).toBe('UNAUTHORIZED');
  });

  it('drops the entries of a changed account, and everything on `all` or an unreadable message', async () => {
    await call(A);
    await call(B, 'widget');
    cache.apply({ kind: 'account', ids: ['wdc'] });
    expect(cache.size).toBe(1);
    cache.apply(parseAccessChange('not json'));
    expect(cache.size).toBe(0);
  });

  it('drops the OAuth tokens of a grant announced as revoked, and no personal access token', async () => {
    const C = 'oauth_cccccccccccccccccccccccc';
    const D = 'oauth_dddddddddddddddddddddddd';
    store.issue(C, 5, 10, { kind: 'oauth', clientId: 'app', oauth: oauthFacts('grant-c') });
    store.issue(D, 5, 10, { kind: 'oauth', clientId: 'app', oauth: oauthFacts('grant-d') });
    await call(A);
    await call(C);
    await call(D);
    cache.apply(parseAccessChange('{"kind":"oauth_grant","ids":["grant-c"]}'));
    expect(cache.size).toBe(2);
    expect(cache.get(hashToken(C), 'wdc')).toBeUndefined();
    // A token id of an OAuth grant is its application's: a personal access token change never names it.
    cache.apply({ kind: 'token', ids: [5] });
    expect(cache.get(hashToken(D), 'wdc')).toBeDefined();
  });

  it("drops an OAuth token kept without an account when its application's account changes", async () => {
    const C = 'oauth_cccccccccccccccccccccccc';
    store.issue(C, 5, 10, { kind: 'oauth', clientId: 'app', oauth: oauthFacts('grant-c') });
    const lookup = await port.lookup(hashToken(C), null);
    expect(lookup?.account).toBeNull();
    expect(cache.size).toBe(1);
    cache.apply({ kind: 'account', ids: ['wdc'] });
    expect(cache.size).toBe(0);
  });

  it('does not keep a lookup that was in flight when a change arrived', async () => {
    store.port.hold();
    const pending = call(A);
    cache.apply({ kind: 'token', ids: [99] });
    store.port.release();
    await pending;
    expect(cache.size).toBe(0);
  });

  it('goes to storage on every call while the change feed is down, and starts empty when it is back', async () => {
    await call(A);
    cache.suspend();
    await call(A);
    await call(A);
    expect(store.port.lookups).toBe(3);
    expect(cache.size).toBe(0);
    cache.resume();
    await call(A);
    await call(A);
    expect(store.port.lookups).toBe(4);
  });

  it('serves nothing before the change feed is first up', async () => {
    const fresh = cachedAccessPort(store.port, createAccessCache());
    await authenticateCall({ authorization: `Bearer ${A}`, account: 'wdc' }, fresh);
    await authenticateCall({ authorization: `Bearer ${A}`, account: 'wdc' }, fresh);
    expect(store.port.lookups).toBe(2);
  });

  it('hands out entries no handler can change for the next caller', async () => {
    const access = await call(A);
    expect(() => (access.scopes as ScopeStatement[]).push({ effect: 'allow', actions: ['request:Delete'], conditions: [] })).toThrow(/not extensible/);
  });
});
