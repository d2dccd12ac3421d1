/**
 * The key columns of webhook policies (decision 026): the current key
 * (`public_key_pem`, `sealed_key`, `key_id`) and the keys rolled out of it,
 * `retiring_keys`, a jsonb array on the policy's own row (so the worker reads
 * them with the policy it already joins). Entries past their `retires_at` are
 * skipped here by comparing with the database's clock, the one the worker's
 * query uses too.
 */
import type { AccountId, PublishedKey, RetiringKey, StoredPolicyKeys } from '@tessera/domain';
import type { Database } from '../database.js';

interface StoredRetiringKey extends Omit<RetiringKey, 'retires_at'> {
  retires_at: string;
}

/** The jsonb value written for `retiring_keys` (dates as ISO 8601, which Postgres compares as timestamptz). */
export function retiringKeysColumn(keys: RetiringKey[]): string {
  return JSON.stringify(keys.map((key): StoredRetiringKey => ({ ...key, retires_at: key.retires_at.toISOString() })));
}

export function parseRetiringKeys(value: unknown): RetiringKey[] {
  const stored = (typeof value === 'string' ? JSON.parse(value) : value ?? []) as StoredRetiringKey[];
  return stored.map((key) => ({ ...key, retires_at: new Date(key.retires_at) }));
}

export async function storedKeys(db: Database, account: AccountId, id: number): Promise<StoredPolicyKeys | null> {
  const row = await db('webhook_policies').where({ account_id: account, id }).first('jwt_alg', 'public_key_pem', 'sealed_key', 'key_id', 'retiring_keys');
  return row ? { ...row, retiring_keys: parseRetiringKeys(row.retiring_keys) } : null;
}

export async function publishedKeys(db: Database, account: AccountId): Promise<PublishedKey[]> {
  const { rows } = await db.raw<{ rows: PublishedKey[] }>(
    `select id as policy_id, key_id, jwt_alg, public_key_pem, null::timestamptz as retires_at, 0 as rank
       from webhook_policies
      where account_id = ? and not disabled and public_key_pem is not null and key_id is not null
     union all
     select p.id, k->>'key_id', k->>'jwt_alg', k->>'public_key_pem', (k->>'retires_at')::timestamptz, 1
       from webhook_policies p, jsonb_array_elements(p.retiring_keys) k
      where p.account_id = ? and not p.disabled and k->>'public_key_pem' is not null and (k->>'retires_at')::timestamptz > now()
     order by policy_id, rank, retires_at desc`,
    [account, account],
  );
  return rows.map(({ policy_id, key_id, jwt_alg, public_key_pem, retires_at }) => ({ policy_id, key_id, jwt_alg, public_key_pem, retires_at }));
}
