/**
 * Webhooks of one account, each read with its policy's name (one statement:
 * a left join on the same account, which the composite foreign key already
 * guarantees). The delivery columns (consecutive_failures,
 * last_failure_mail_at) belong to the worker's repository; this one reads
 * `last_error` and resets the failure count when a person re-enables.
 */
import { trustedAccountId, type EventName, type WebhookRecord, type WebhookRepository } from '@tessera/domain';
import type { Knex } from 'knex';
import type { Database } from '../database.js';
import { createdWith } from '../webhook-deliveries/delivery-message.js';
import { fetchPage } from '../collections/collection.js';

const COLUMNS = [
  'w.id', 'w.account_id', 'w.name', 'w.event', 'w.uri', 'w.description', 'w.disabled', 'w.ordered', 'w.mail_exceptions_to', 'w.webhook_policy_id',
  'w.source', 'w.source_id', 'w.last_error', 'w.created_at', 'w.updated_at', 'p.name as webhook_policy_name',
];

/** Public field name → SQL column, for filters and sorting. */
export const WEBHOOK_COLUMNS: Readonly<Record<string, string>> = {
  id: 'w.id', name: 'w.name', event: 'w.event', uri: 'w.uri', disabled: 'w.disabled', ordered: 'w.ordered', webhook_policy: 'w.webhook_policy_id',
  source: 'w.source', sourceID: 'w.source_id', last_error: 'w.last_error', created_at: 'w.created_at', updated_at: 'w.updated_at',
};

interface WebhookRow extends Omit<WebhookRecord, 'webhook_policy' | 'account_id' | 'event'> {
  account_id: string;
  event: string;
  webhook_policy_id: number | null;
  webhook_policy_name: string | null;
}

function toRecord({ webhook_policy_id, webhook_policy_name, account_id, event, ...row }: WebhookRow): WebhookRecord {
  return {
    ...row,
    account_id: trustedAccountId(account_id),
    event: event as EventName,
    webhook_policy: webhook_policy_id === null ? null : { id: webhook_policy_id, name: webhook_policy_name ?? '' },
  };
}

export function webhookRepository(db: Database): WebhookRepository {
  const base = (account: string): Knex.QueryBuilder =>
    db({ w: 'webhooks' }).leftJoin({ p: 'webhook_policies' }, (on) => on.on('p.id', 'w.webhook_policy_id').andOn('p.account_id', 'w.account_id')).where('w.account_id', account);
  const find = async (account: string, id: number, forUpdate: boolean): Promise<WebhookRecord | null> => {
    const query = base(account).andWhere('w.id', id).first(COLUMNS);
    if (forUpdate) query.forUpdate('w');
    const row = (await query) as WebhookRow | undefined;
    return row ? toRecord(row) : null;
  };
  // A write answers with the row as find reads it: the policy's name comes from a second, indexed read.
  const written = async (account: string, write: Knex.QueryBuilder): Promise<WebhookRecord> => {
    const [row] = await write.returning('id');
    const webhook = await find(account, row.id, false);
    if (!webhook) throw new Error(`webhook ${row.id} vanished in account ${account}`);
    return webhook;
  };
  return {
    find: (account, id) => find(account, id, false),
    findForUpdate: (account, id) => find(account, id, true),
    async list(account, query) {
      const page = await fetchPage<WebhookRow>(base(account).select(COLUMNS), query, WEBHOOK_COLUMNS);
      return { rows: page.rows.map(toRecord), total: page.total };
    },
    insert: (account, fields) => written(account, db('webhooks').insert({ account_id: account, ...fields })),
    async update(account, id, changes) {
      const webhook = await written(account, db('webhooks').where({ account_id: account, id }).update({ ...changes, updated_at: db.fn.now() }));
      // Decision 052: the queue rows of the webhook's pending deliveries take their place in commit
      // order (or leave it), in the transaction of the change.
      if (changes.ordered !== undefined) {
        await db.raw(
          `update webhook_delivery_queue q set ordered_seq = case when ? then d.event_seq end
             from webhook_deliveries d where q.account_id = ? and q.webhook_id = ? and d.id = q.delivery_id and ${createdWith('d.id_time', 'q.delivery_id')}`,
          [changes.ordered, account, id],
        );
      }
      return webhook;
    },
    async delete(account, id) {
      await db('webhooks').where({ account_id: account, id }).delete();
    },
    async findPolicy(account, policyId) {
      // FOR KEY SHARE: the policy cannot be deleted before the webhook that refers to it commits.
      const row = await db('webhook_policies').where({ account_id: account, id: policyId }).forKeyShare().first('id', 'name');
      return row ? { id: row.id as number, name: row.name as string } : null;
    },
  };
}
