import { MAX_RETIRING_KEYS, retiringKeysAfterRoll } from './key-roll-window.js';
import type { RetiringKey } from './webhook-policy-record.js';

const now = new Date('2026-11-25T12:00:00.000Z');
const minutes = (n: number) => new Date(now.getTime() + n * 60_000);
const current = { jwt_alg: 'ed25519' as const, public_key_pem: 'PEM-C', sealed_key: 'sealed-c', key_id: 'c' };
const retiring = (key_id: string, at: Date): RetiringKey => ({ key_id, jwt_alg: 'ed25519', public_key_pem: `PEM-${key_id}`, sealed_key: `sealed-${key_id}`, retires_at: at });

describe('retiringKeysAfterRoll', () => {
  it('keeps the rolled-out key signing until the window ends', () => {
    expect(retiringKeysAfterRoll({ ...current, retiring_keys: [] }, now, 60)).toEqual([retiring('c', minutes(60))].map((key) => ({ ...key, public_key_pem: 'PEM-C' })));
  });

  it('ends every older key at once with an overlap of 0', () => {
    expect(retiringKeysAfterRoll({ ...current, retiring_keys: [retiring('b', minutes(30))] }, now, 0)).toEqual([]);
  });

  it('lets no older key outlive the new window, drops those already past theirs, and keeps the newest few', () => {
    const keys = retiringKeysAfterRoll({ ...current, retiring_keys: [retiring('b', minutes(600)), retiring('a', minutes(5)), retiring('z', minutes(-1))] }, now, 60);
    expect(keys.map(({ key_id, retires_at }) => [key_id, retires_at])).toEqual([['c', minutes(60)], ['b', minutes(60)]]);
    expect(keys).toHaveLength(MAX_RETIRING_KEYS);
  });

  it('has nothing to keep from a policy without a key', () => {
    expect(retiringKeysAfterRoll({ jwt_alg: 'none', public_key_pem: null, sealed_key: null, key_id: null, retiring_keys: [] }, now, 60)).toEqual([]);
  });
});
