/**
 * What changed in the records an access check reads, as every replica hears it
 * (docs/decisions/008-access-cache.md). Ids are those of the changed rows, so a
 * replica drops only the cached callers the change can concern:
 * - `token`: personal access tokens (revoked, re-scoped, expiry moved, deleted);
 * - `person`: people (disabled, renamed, moved) and their roles;
 * - `account`: records of an account that may carry scopes (integrations, OAuth applications);
 * - `oauth_grant`: OAuth access tokens or grants deleted or consumed (revoked, replayed code,
 *   reused refresh token, an authorization withdrawn), named by their grant's id;
 * - `all`: anything else (accounts themselves, a change too large to list).
 */
export type AccessChange =
  | { kind: 'token'; ids: number[] }
  | { kind: 'person'; ids: number[] }
  | { kind: 'account'; ids: string[] }
  | { kind: 'oauth_grant'; ids: string[] }
  | { kind: 'all' };

/**
 * Reads a change as published (JSON). Anything it cannot read becomes `all`:
 * a message that was sent but not understood must still drop what it concerned.
 */
export function parseAccessChange(text: string): AccessChange {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return { kind: 'all' };
    const { kind, ids } = value as { kind?: unknown; ids?: unknown };
    if ((kind === 'token' || kind === 'person') && Array.isArray(ids) && ids.every(Number.isInteger)) return { kind, ids: ids as number[] };
    if ((kind === 'account' || kind === 'oauth_grant') && Array.isArray(ids) && ids.every((id) => typeof id === 'string')) return { kind, ids: ids as string[] };
  } catch {
    // not JSON: handled as below
  }
  return { kind: 'all' };
}
