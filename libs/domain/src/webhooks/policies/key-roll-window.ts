/**
 * The overlap window of a key roll (decision 026): which keys still sign
 * beside a policy's new key, and until when. Pure: the use case gives it the
 * stored keys and the time.
 *
 * - The key rolled out signs beside the new one for `overlapMinutes`; 0 ends
 *   it at once (a leaked key).
 * - No older key outlives the new window either: after a roll with overlap m,
 *   nothing but the new key signs later than now + m.
 * - At most MAX_RETIRING_KEYS keys sign beside the current one (the newest
 *   are kept), so a header never carries more than three signatures however
 *   often a key is rolled.
 */
import type { StoredPolicyKeys } from './webhook-policy.repository.js';
import type { RetiringKey } from './webhook-policy-record.js';

export const DEFAULT_OVERLAP_MINUTES = 24 * 60;
export const MAX_OVERLAP_MINUTES = 7 * 24 * 60;
export const MAX_RETIRING_KEYS = 2;

export function retiringKeysAfterRoll(stored: StoredPolicyKeys, now: Date, overlapMinutes: number): RetiringKey[] {
  const until = new Date(now.getTime() + overlapMinutes * 60_000);
  const rolledOut: RetiringKey[] =
    stored.sealed_key !== null && stored.key_id !== null && stored.jwt_alg !== 'none'
      ? [{ key_id: stored.key_id, jwt_alg: stored.jwt_alg, public_key_pem: stored.public_key_pem, sealed_key: stored.sealed_key, retires_at: until }]
      : [];
  const older = stored.retiring_keys.map((key) => ({ ...key, retires_at: key.retires_at < until ? key.retires_at : until }));
  return [...rolledOut, ...older].filter((key) => key.retires_at > now).slice(0, MAX_RETIRING_KEYS);
}
