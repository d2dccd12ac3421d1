/**
 * Webhook policies of one account. Reads return the policy's fields only: the
 * public key and the sealed private key or secret are written here and read by
 * the signer alone. The name is unique per account (the domain names a
 * policy after its id, drawn here before the row is written); a delete is
 * refused by the webhooks' foreign key (RESTRICT) while a webhook references
 * the policy. The keys rolled out of a policy (`retiring_keys`, decision 026)
 * are read by the key roll, the signer and the JWKS (public keys only) alone.
 */
import type { WebhookPolicyRecord, WebhookPolicyRepository, WebhookUsingPolicy } from '@tessera/domain';
import type { Database } from '../database.js';
import { fetchPage } from '../collections/collection.js';
import { isPolicyInUse } from './policy-in-use.js';
import { publishedKeys, retiringKeysColumn, storedKeys } from './policy-keys.js';

const COLUMNS = ['id', 'account_id', 'name', 'disabled', 'jwt_alg', 'jwt_audience', 'jwt_claim_expires_in', 'key_id', 'created_at', 'updated_at'];

/** Public field name → SQL column, for filters and sorting. */
export const WEBHOOK_POLICY_COLUMNS: Readonly<Record<string, string>> = {
  id: 'id', name: 'name', disabled: 'disabled', jwt_alg: 'jwt_alg', jwt_audience: 'jwt_audience',
  jwt_claim_expires_in: 'jwt_claim_expires_in', key_id: 'key_id', created_at: 'created_at', updated_at: 'updated_at',
};

export function webhookPolicyRepository(db: Database): WebhookPolicyRepository {
  const find = async (account: string, id: number, forUpdate: boolean): Promise<WebhookPolicyRecord | null> => {
    const query = db('webhook_policies').where({ account_id: account, id }).first(COLUMNS);
    if (forUpdate) query.forUpdate();
    return ((await query) as WebhookPolicyRecord | undefined) ?? null;
  };
  const webhooksUsing = (account: string, id: number): Promise<WebhookUsingPolicy[]> =>
    db('webhooks').where({ account_id: account, webhook_policy_id: id }).orderBy('id').select('id', 'name');
  return {
    find: (account, id) => find(account, id, false),
    findForUpdate: (account, id) => find(account, id, true),
    list: (account, query) => fetchPage<WebhookPolicyRecord>(db('webhook_policies').where({ account_id: account }).select(COLUMNS), query, WEBHOOK_POLICY_COLUMNS),
    async insert(account, policy, nameOf) {
      // The id first, so that the row is written once with the name made from it.
      const { rows } = await db.raw<{ rows: Array<{ id: number }> }>(`select nextval(pg_get_serial_sequence('webhook_policies', 'id'))::int as id`);
      const id = rows[0]!.id;
      const [row] = await db('webhook_policies').insert({ id, account_id: account, ...policy, name: nameOf(id) }).returning(COLUMNS);
      return row as WebhookPolicyRecord;
    },
    async update(account, id, { retiring_keys, ...changes }) {
      const retiring = retiring_keys === undefined ? {} : { retiring_keys: retiringKeysColumn(retiring_keys) };
      const [row] = await db('webhook_policies').where({ account_id: account, id }).update({ ...changes, ...retiring, updated_at: db.fn.now() }).returning(COLUMNS);
      // The use cases update only a policy they locked: anything else is a programming error.
      if (!row) throw new Error(`no webhook policy ${id} in account ${account}`);
      return row as WebhookPolicyRecord;
    },
    webhooksUsing,
    storedKeys: (account, id) => storedKeys(db, account, id),
    publishedKeys: (account) => publishedKeys(db, account),
    async delete(account, id) {
      try {
        // A savepoint: a refused delete leaves the caller's transaction usable, to name the webhooks.
        await db.transaction((savepoint) => savepoint('webhook_policies').where({ account_id: account, id }).delete());
        return { usedBy: [] };
      } catch (error) {
        if (!isPolicyInUse(error)) throw error;
        return { usedBy: await webhooksUsing(account, id) };
      }
    },
  };
}
