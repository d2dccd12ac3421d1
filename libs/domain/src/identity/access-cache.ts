/**
 * The access lookups of known callers, kept in process so that resolving them
 * costs no database round trip (issue 7 item 5; docs/decisions/008-access-cache.md):
 * - keyed by token digest and requested account; only found tokens are kept, so a
 *   token issued a moment ago is never refused from the cache;
 * - checks that depend on time (expiry) are not cached: `resolveAccess` runs them on
 *   every call against the cached grant;
 * - served only while the change feed is connected: before it is up, and while it is
 *   down, every call goes to the database; when it comes back, everything is dropped,
 *   since changes may have been missed meanwhile;
 * - a change drops the entries it concerns; a lookup that was in flight when a change
 *   arrived is not kept, as it may have read the rows before the change;
 * - bounded: least recently used entries go first, and none lives longer than `ttlMs`,
 *   in case a change is ever lost.
 */
import type { AccessChange } from './access-change.js';
import type { AccessLookup } from './access-lookup.js';

export interface AccessCacheOptions {
  /** Default 5000 entries. */
  maxEntries?: number;
  /** Safety net for a lost change; default 5 minutes. */
  ttlMs?: number;
  now?: () => number;
}

export interface AccessCache {
  /** The lookup kept for this caller, if the cache is serving and holds a live one. */
  get(tokenHash: string, accountId: string | null): AccessLookup | undefined;
  /** Marks the start of a database lookup; pass the mark to `set`. */
  mark(): number;
  /** Keeps a lookup read since `mark`, unless a change arrived meanwhile or the cache is not serving. */
  set(tokenHash: string, accountId: string | null, lookup: AccessLookup, mark: number): void;
  apply(change: AccessChange): void;
  /** The change feed is down: stop serving (and forget), until `resume`. */
  suspend(): void;
  /** The change feed is (back) up: start serving from empty. */
  resume(): void;
  readonly serving: boolean;
  readonly size: number;
}

interface Entry {
  lookup: AccessLookup;
  expiresAt: number;
}

const keyOf = (tokenHash: string, accountId: string | null) => `${tokenHash}:${accountId ?? ''}`;

export function createAccessCache({ maxEntries = 5000, ttlMs = 5 * 60_000, now = Date.now }: AccessCacheOptions = {}): AccessCache {
  // A Map iterates in insertion order: re-inserting on each hit makes the first key the least recently used.
  const entries = new Map<string, Entry>();
  let serving = false;
  // Bumped by every change and state switch; a lookup marked before a bump is not kept.
  let generation = 0;

  const dropWhere = (concerned: (lookup: AccessLookup) => boolean) => {
    for (const [key, entry] of entries) if (concerned(entry.lookup)) entries.delete(key);
  };
  const reset = (serve: boolean) => {
    generation++;
    entries.clear();
    serving = serve;
  };

  return {
    get(tokenHash, accountId) {
      if (!serving) return undefined;
      const key = keyOf(tokenHash, accountId);
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (entry.expiresAt <= now()) return undefined;
      entries.set(key, entry);
      return entry.lookup;
    },
    mark: () => generation,
    set(tokenHash, accountId, lookup, mark) {
      if (!serving || mark !== generation) return;
      const key = keyOf(tokenHash, accountId);
      entries.delete(key);
      entries.set(key, { lookup: deepFreeze(lookup), expiresAt: now() + ttlMs });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    },
    apply(change) {
      generation++;
      switch (change.kind) {
        case 'token': {
          const ids = new Set(change.ids);
          return dropWhere(({ grant }) => grant.kind === 'personal_access_token' && ids.has(grant.tokenId));
        }
        case 'person': {
          const ids = new Set(change.ids);
          return dropWhere(({ grant }) => ids.has(grant.person.id));
        }
        case 'account': {
          const ids = new Set(change.ids);
          return dropWhere(
            ({ grant, personAccount, account }) =>
              ids.has(personAccount.id) || (account !== null && ids.has(account.id)) || (grant.oauth !== undefined && ids.has(grant.oauth.accountId)),
          );
        }
        case 'oauth_grant': {
          const ids = new Set(change.ids);
          return dropWhere(({ grant }) => grant.oauth !== undefined && ids.has(grant.oauth.grantId));
        }
        case 'all':
          return entries.clear();
      }
    },
    suspend: () => reset(false),
    resume: () => reset(true),
    get serving() {
      return serving;
    },
    get size() {
      return entries.size;
    },
  };
}

/** Entries are shared by every call of their caller: no handler may change one for the next. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value) && !(value instanceof Date)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
