import type { Knex } from 'knex';

/**
 * Issue 21 item 7 (ARCHITECTURE.md "Data": every tenant table carries its account), finished for
 * the tables that reached their account only through a parent row, now that people, teams and
 * CIs are writable: `team_memberships`, `personal_access_tokens` and `ci_service_instances` gain
 * `account_id`, filled from the parent that owns the row, as migration 19 did for delivery attempts.
 *
 * Beyond the plain foreign key to accounts, each row's account is held to its owning parent's by a
 * composite foreign key (a unique (id, account_id) on the parent makes it possible), so a link can
 * never claim an account its parent is not of:
 * - a membership is of its team's account; its person may be of that account's directory account,
 *   so the person side is not tied;
 * - a token is of its person's account;
 * - a CI link is of its CI's account. The service-instance side is not tied: the writes only link
 *   service instances of the CI's account, and the reads join the service instance on the account.
 * `on update cascade`: should a parent ever move account, its rows move with it instead of blocking.
 */
const LINKS = [
  { table: 'team_memberships', parent: 'teams', key: 'team_id', index: ['account_id', 'person_id'] },
  { table: 'personal_access_tokens', parent: 'people', key: 'person_id', index: ['account_id', 'person_id'] },
  { table: 'ci_service_instances', parent: 'configuration_items', key: 'ci_id', index: ['account_id', 'service_instance_id'] },
] as const;

const parentKey = (parent: string) => `${parent}_id_account_id_unique`;
const ownerKey = (table: string) => `${table}_owner_account_foreign`;
const accountIndex = (table: string) => `${table}_account`;

export async function up(knex: Knex): Promise<void> {
  for (const { table, parent, key, index } of LINKS) {
    await knex.schema.alterTable(parent, (t) => {
      t.unique(['id', 'account_id'], { indexName: parentKey(parent) });
    });
    await knex.schema.alterTable(table, (t) => {
      t.string('account_id', 63).nullable().references('id').inTable('accounts').onDelete('CASCADE');
    });
    await knex.raw(`update ?? l set account_id = p.account_id from ?? p where p.id = l.??`, [table, parent, key]);
    await knex.raw('alter table ?? alter column account_id set not null', [table]);
    await knex.schema.alterTable(table, (t) => {
      t.foreign([key, 'account_id'], ownerKey(table)).references(['id', 'account_id']).inTable(parent).onDelete('CASCADE').onUpdate('CASCADE');
      t.index([...index], accountIndex(table));
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const { table, parent } of [...LINKS].reverse()) {
    await knex.schema.alterTable(table, (t) => {
      t.dropForeign([], ownerKey(table));
      t.dropIndex([], accountIndex(table));
      t.dropColumn('account_id');
    });
    await knex.schema.alterTable(parent, (t) => {
      t.dropUnique([], parentKey(parent));
    });
  }
}
