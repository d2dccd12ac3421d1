/**
 * The delivery log without its per-row foreign keys (migration 160, decision 061) against
 * PostgreSQL: a webhook's queue rows, deliveries and attempts still go with it, an account's
 * with it (and its event messages); the fan-out inserts nothing for a webhook deleted before it,
 * and a webhook deleted while a fan-out is open waits for it, then takes its rows along.
 */
import { newDeliveryId, trustedAccountId, type NewDelivery, type WebhookMessage } from '@tessera/domain';
import { migrationSource } from '../migrations/index.js';
import { createTestDatabase, deliveryRows, undoMigrationsFrom, type TestDatabase } from '../testing/index.js';
import type { Database } from '../database.js';
import { insertDeliveries } from './delivery-fan-out.js';

const API_URL = 'https://api.example/v1';
const MIGRATION = '20261129000160_delivery_log_without_row_keys';
const LOG_TABLES = ['webhook_deliveries', 'webhook_delivery_queue', 'webhook_event_messages'] as const;
/** The keys migration 160 dropped: table, constraint. */
const DROPPED_KEYS = [
  ['webhook_deliveries', 'webhook_deliveries_account_id_foreign'],
  ['webhook_deliveries', 'webhook_deliveries_webhook_id_foreign'],
  ['webhook_delivery_queue', 'webhook_delivery_queue_webhook_id_fkey'],
  ['webhook_event_messages', 'webhook_event_messages_account_id_fkey'],
] as const;

interface Hook {
  id: number;
  account: string;
  name: string;
}

/** The foreign keys of a table and of its partitions, as `table: constraint`. */
async function foreignKeysOf(db: Database, table: string): Promise<string[]> {
  const { rows } = await db.raw<{ rows: Array<{ name: string }> }>(
    `select c.conrelid::regclass::text || ': ' || c.conname as name
       from pg_constraint c
      where c.contype = 'f'
        and (c.conrelid = ?::regclass or c.conrelid in (select inhrelid from pg_inherits where inhparent = ?::regclass))
      order by 1`,
    [table, table],
  );
  return rows.map((r) => r.name);
}

describe('the delivery log without per-row foreign keys', () => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test.drop());

  const account = async (id: string, ...names: string[]): Promise<Hook[]> => {
    await test.db('accounts').insert({ id, name: id });
    const hooks: Hook[] = [];
    for (const name of names) {
      const [row] = await test.db('webhooks').insert({ account_id: id, name, event: 'request.create', uri: 'https://receiver.example/' }).returning('id');
      hooks.push({ id: row.id as number, account: id, name });
    }
    return hooks;
  };

  /**
   * A pending delivery of an event to a webhook, its message shaped as the fan-out makes it. Its id carries
   * its event's time, as a fan-out delivery's does: the deliveries of one event share their payload's row.
   */
  const delivery = (hook: Hook, payload: Record<string, unknown>, objectId = 1, eventAt = new Date()): NewDelivery => {
    const message: WebhookMessage = {
      webhook_id: hook.id, webhook_nodeID: `V2ViaG9vay0${hook.id}`, account_id: hook.account, account: `${API_URL}/accounts/${hook.account}`, name: hook.name,
      event: 'request.create', object_id: objectId, object_nodeID: 'UmVxdWVzdC0x', person_id: null, person_nodeID: null, person_name: '', payload,
    };
    return { id: newDeliveryId(eventAt), account: trustedAccountId(hook.account), webhookId: hook.id, test: false, message, eventAt, sequence: null, ordered: false };
  };

  /** An attempt logged for each delivery, as an outcome writes it. */
  const attempt = async (ids: readonly string[], accountId: string) => {
    for (const id of ids) {
      await test.db('webhook_delivery_attempts').insert({
        account_id: accountId, delivery_id: id, delivery_id_time: test.db.raw('(select id_time from webhook_deliveries where id = ?)', [id]),
        attempt: 1, started_at: new Date(), duration_ms: 5, status_code: 500,
      });
    }
  };

  const count = async (table: string, where: (q: ReturnType<Database>) => unknown) => {
    const query = test.db(table);
    where(query);
    return Number((await query.count({ n: '*' }).first())!['n']);
  };
  /** What the log holds of a webhook: its deliveries, queue rows, and the attempts of the deliveries `ids`. */
  const logOf = async (hook: Hook, ids: readonly string[]) => ({
    deliveries: await count('webhook_deliveries', (q) => q.where({ webhook_id: hook.id })),
    queued: await count('webhook_delivery_queue', (q) => q.where({ webhook_id: hook.id })),
    attempts: await count('webhook_delivery_attempts', (q) => q.whereIn('delivery_id', [...ids])),
  });
  const messagesOf = (accountId: string) => count('webhook_event_messages', (q) => q.where({ account_id: accountId }));

  it("deletes a webhook's queue rows, deliveries and their attempts with it, and leaves its account's other webhook's", async () => {
    const [gone, kept] = await account('keys-hook', 'gone', 'kept');
    // The same two events for both webhooks: their payloads are stored once, shared by both webhooks' deliveries.
    const payloads = [{ audit_line_id: 1 }, { audit_line_id: 2 }];
    const deliveries = payloads.flatMap((payload, n) => {
      const eventAt = new Date(Date.now() - n);
      return [delivery(gone!, payload, n + 1, eventAt), delivery(kept!, payload, n + 1, eventAt)];
    });
    const { inserted } = await insertDeliveries(test.db, deliveries);
    expect(inserted).toHaveLength(4);
    const goneIds = deliveries.filter((d) => d.webhookId === gone!.id).map((d) => d.id);
    const keptIds = deliveries.filter((d) => d.webhookId === kept!.id).map((d) => d.id);
    await attempt([...goneIds, ...keptIds], 'keys-hook');
    expect(await logOf(gone!, goneIds)).toEqual({ deliveries: 2, queued: 2, attempts: 2 });

    expect(await test.db('webhooks').where({ id: gone!.id }).del()).toBe(1);

    expect(await logOf(gone!, goneIds)).toEqual({ deliveries: 0, queued: 0, attempts: 0 });
    expect(await logOf(kept!, keptIds)).toEqual({ deliveries: 2, queued: 2, attempts: 2 });
    // The other webhook's deliveries still read their whole message: the shared payloads stay with the account.
    const rows = await deliveryRows(test.db).where({ webhook_id: kept!.id }).select('message');
    expect(rows.map((r) => r.message.payload).sort((a, b) => a.audit_line_id - b.audit_line_id)).toEqual(payloads);
    expect(await messagesOf('keys-hook')).toBe(2);
  });

  it("deletes an account's webhooks' deliveries, queue rows and attempts and its event messages with it, and leaves another account's", async () => {
    const [gone1, gone2] = await account('keys-gone', 'gone-1', 'gone-2');
    const [kept] = await account('keys-kept', 'kept');
    const deliveries = [delivery(gone1!, { audit_line_id: 10 }), delivery(gone2!, { audit_line_id: 11 }), delivery(kept!, { audit_line_id: 12 })];
    expect((await insertDeliveries(test.db, deliveries)).inserted).toHaveLength(3);
    const [gone1Id, gone2Id, keptId] = deliveries.map((d) => d.id);
    await attempt([gone1Id!, gone2Id!], 'keys-gone');
    await attempt([keptId!], 'keys-kept');
    expect(await messagesOf('keys-gone')).toBe(2);

    expect(await test.db('accounts').where({ id: 'keys-gone' }).del()).toBe(1);

    expect(await test.db('webhooks').where({ account_id: 'keys-gone' }).count({ n: '*' }).first()).toEqual({ n: 0 });
    expect(await logOf(gone1!, [gone1Id!])).toEqual({ deliveries: 0, queued: 0, attempts: 0 });
    expect(await logOf(gone2!, [gone2Id!])).toEqual({ deliveries: 0, queued: 0, attempts: 0 });
    expect(await count('webhook_deliveries', (q) => q.where({ account_id: 'keys-gone' }))).toBe(0);
    expect(await count('webhook_delivery_attempts', (q) => q.where({ account_id: 'keys-gone' }))).toBe(0);
    expect(await messagesOf('keys-gone')).toBe(0);

    expect(await logOf(kept!, [keptId!])).toEqual({ deliveries: 1, queued: 1, attempts: 1 });
    expect(await messagesOf('keys-kept')).toBe(1);
    expect(await deliveryRows(test.db).where({ id: keptId }).first('message')).toMatchObject({ message: { payload: { audit_line_id: 12 } } });
  });

  it('inserts nothing for a webhook deleted before the fan-out, and what is due to a live webhook of the same batch', async () => {
    const [deleted, live] = await account('keys-fan', 'deleted', 'live');
    await test.db('webhooks').where({ id: deleted!.id }).del();
    // An event only the deleted webhook subscribed to, and one of the live webhook.
    const deliveries = [delivery(deleted!, { audit_line_id: 20 }), delivery(live!, { audit_line_id: 21 })];

    const { inserted } = await insertDeliveries(test.db, deliveries);

    expect(inserted).toEqual([deliveries[1]!.id]);
    expect(await logOf(deleted!, [deliveries[0]!.id])).toEqual({ deliveries: 0, queued: 0, attempts: 0 });
    expect(await logOf(live!, [])).toMatchObject({ deliveries: 1, queued: 1 });
    // Only the live webhook's payload is stored: none for a delivery not inserted.
    const stored = await test.db('webhook_event_messages').where({ account_id: 'keys-fan' }).pluck('payload');
    expect(stored).toEqual([{ audit_line_id: 21 }]);
  });

  it('makes a webhook delete wait for an open fan-out to it, then deletes the rows the fan-out inserted', async () => {
    const [deleted, live] = await account('keys-race', 'deleted', 'live');
    const deliveries = [delivery(deleted!, { audit_line_id: 30 }), delivery(live!, { audit_line_id: 31 })];
    const trx = await test.db.transaction();
    let deleting: Promise<number> | undefined;
    try {
      expect((await insertDeliveries(trx, deliveries)).inserted).toHaveLength(2);
      // Another connection of the pool deletes the webhook while the fan-out's transaction is open.
      let done = false;
      deleting = Promise.resolve(test.db('webhooks').where({ id: deleted!.id }).del()).finally(() => {
        done = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(done).toBe(false);
      // It is waiting on a lock (not merely not started yet).
      const waiting = await test.db('pg_stat_activity')
        .where({ datname: test.name, wait_event_type: 'Lock' })
        .whereLike('query', 'delete from "webhooks"%')
        .count({ n: '*' })
        .first();
      expect(waiting).toEqual({ n: 1 });
      await trx.commit();
    } finally {
      if (!trx.isCompleted()) await trx.rollback();
    }
    expect(await deleting).toBe(1);

    expect(await logOf(deleted!, [deliveries[0]!.id])).toEqual({ deliveries: 0, queued: 0, attempts: 0 });
    expect(await deliveryRows(test.db).where({ webhook_id: deleted!.id })).toEqual([]);
    expect(await logOf(live!, [])).toMatchObject({ deliveries: 1, queued: 1 });
  });

  it('has no foreign key on the delivery log tables the fan-out inserts into (no per-row key check)', async () => {
    for (const table of LOG_TABLES) expect([table, await foreignKeysOf(test.db, table)]).toEqual([table, []]);
  });
});

describe('migration 160, down and up', () => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test.drop());

  const keys = async () => {
    const found: string[] = [];
    for (const table of LOG_TABLES) found.push(...(await foreignKeysOf(test.db, table)).filter((k) => k.startsWith(`${table}: `)));
    return found.sort();
  };
  const triggers = () =>
    test.db('pg_trigger')
      .whereIn('tgname', ['webhook_deliveries_of_deleted_webhooks', 'webhook_event_messages_of_deleted_accounts'])
      .orderBy('tgname')
      .pluck('tgname');

  it('puts the four foreign keys back and drops its triggers on the way down, and takes them off again on the way up', async () => {
    expect(await keys()).toEqual([]);
    expect(await triggers()).toEqual(['webhook_deliveries_of_deleted_webhooks', 'webhook_event_messages_of_deleted_accounts']);

    await undoMigrationsFrom(test.db, MIGRATION);
    expect(await keys()).toEqual(DROPPED_KEYS.map(([table, name]) => `${table}: ${name}`).sort());
    expect(await triggers()).toEqual([]);

    await test.db.migrate.latest({ migrationSource, tableName: 'knex_migrations' });
    expect(await keys()).toEqual([]);
    expect(await triggers()).toEqual(['webhook_deliveries_of_deleted_webhooks', 'webhook_event_messages_of_deleted_accounts']);
  });
});
