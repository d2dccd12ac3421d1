/**
 * Webhook policies of one account. Reads return the policy's fields only: the
 * public key and the sealed private key or secret are written here and read by
 * the signer alone. The name is unique per account (the domain generates it
 * under a lock); a delete is refused by the webhooks' foreign key (RESTRICT)
 * while a webhook references the policy.
 */
import type { WebhookPolicyRecord, WebhookPolicyRepository, WebhookUsingPolicy } from '@tessera/domain';
import type { Database } from '../database.js';
import { fetchPage } from '../collections/collection.js';
import { isPolicyInUse } from './policy-in-use.js';

const COLUMNS = ['id', 'account_id', 'name', 'disabled', 'jwt_alg', 'jwt_audience', 'jwt_claim_expires_in', 'created_at', 'updated_at'];

/** Public field name → SQL column, for filters and sorting. */
export const WEBHOOK_POLICY_COLUMNS: Readonly<Record<string, string>> = {
  id: 'id', name: 'name', disabled: 'disabled', jwt_alg: 'jwt_alg', jwt_audience: 'jwt_audience',
  jwt_claim_expires_in: 'jwt_claim_expires_in', created_at: 'created_at', updated_at: 'updated_at',
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
    async lastNameNumber(account) {
      const row = await db('webhook_policies')
        .where({ account_id: account })
        .whereRaw(`name ~ '^Webhook policy [0-9]{1,9}$'`)
        .max({ n: db.raw(`substring(name from '[0-9]+$')::int`) })
        .first();
      return Number(row?.['n'] ?? 0);
    },
    async insert(account, policy) {
      const [row] = await db('webhook_policies').insert({ account_id: account, ...policy }).returning(COLUMNS);
      return row as WebhookPolicyRecord;
    },
    async update(account, id, changes) {
      const [row] = await db('webhook_policies').where({ account_id: account, id }).update({ ...changes, updated_at: db.fn.now() }).returning(COLUMNS);
      // The use cases update only a policy they locked: anything else is a programming error.
      if (!row) throw new Error(`no webhook policy ${id} in account ${account}`);
      return row as WebhookPolicyRecord;
    },
    webhooksUsing,
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
