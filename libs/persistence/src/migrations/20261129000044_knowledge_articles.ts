import type { Knex } from 'knex';

/**
 * Issue 31 (docs/decisions/042): knowledge articles written over `/v1/knowledge_articles` — the
 * seeded table gains the service of the same account (required of a new article; the rows before
 * have none), the instructions and description, the status (not validated by default), the
 * archive date, the keywords and who may read it — and the service instances each applies to, a
 * list in the article's order.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('knowledge_articles', (t) => {
    t.string('subject', 255).notNullable().alter();
    t.integer('service_id').nullable();
    t.text('instructions').nullable();
    t.text('description').nullable();
    t.string('status', 32).notNullable().defaultTo('not_validated');
    t.date('archive_date').nullable();
    t.string('keywords', 2048).nullable();
    for (const audience of ['end_users', 'key_contacts', 'internal_specialists', 'covered_specialists']) t.boolean(audience).notNullable().defaultTo(true);
    t.index(['account_id', 'subject']);
    t.unique(['id', 'account_id'], { indexName: 'knowledge_articles_id_account_id_unique' });
    t.check("status in ('not_validated', 'work_in_progress', 'validated', 'archived')", [], 'knowledge_articles_status');
  });
  // The service is of the article's account, whichever way the row is written.
  await knex.raw(`alter table knowledge_articles add constraint knowledge_articles_service_fk foreign key (account_id, service_id)
    references services (account_id, id) on delete set null (service_id)`);
  // A link is of its article's account (as contract_cis, migration 41).
  await knex.schema.createTable('knowledge_article_service_instances', (t) => {
    t.integer('knowledge_article_id').notNullable();
    t.integer('service_instance_id').notNullable().references('id').inTable('service_instances').onDelete('CASCADE');
    t.string('account_id', 63).notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.integer('position').notNullable();
    t.primary(['knowledge_article_id', 'service_instance_id']);
    t.unique(['knowledge_article_id', 'position']);
    t.foreign(['knowledge_article_id', 'account_id'], 'knowledge_article_service_instances_owner_account_foreign')
      .references(['id', 'account_id']).inTable('knowledge_articles').onDelete('CASCADE').onUpdate('CASCADE');
    t.index(['account_id', 'service_instance_id'], 'knowledge_article_service_instances_account');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('knowledge_article_service_instances');
  await knex.raw('alter table knowledge_articles drop constraint knowledge_articles_service_fk');
  await knex.schema.alterTable('knowledge_articles', (t) => {
    t.dropChecks(['knowledge_articles_status']);
    t.dropUnique(['id', 'account_id'], 'knowledge_articles_id_account_id_unique');
    t.dropIndex(['account_id', 'subject']);
    t.dropColumns('service_id', 'instructions', 'description', 'status', 'archive_date', 'keywords', 'end_users', 'key_contacts', 'internal_specialists', 'covered_specialists');
    t.string('subject', 190).notNullable().alter();
  });
}
