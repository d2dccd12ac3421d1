import type { Knex } from 'knex';

/**
 * Issue 31 (docs/decisions/041): time entries written over `/v1/time_entries` — the person who
 * spent the time (of the account or its directory account), the day, the minutes (negative only
 * in a correction), and what it was spent on: a customer organization and a service of the
 * account, a request. Deleted whole: `time_entry.delete` carries what the entry held.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('time_entries', (t) => {
    t.increments('id');
    t.string('account_id', 63).notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    // A person may be of the directory account: no (account, person) key can hold that.
    t.integer('person_id').notNullable().references('id').inTable('people').onDelete('CASCADE');
    t.date('date').notNullable();
    t.integer('time_spent').notNullable();
    t.boolean('correction').notNullable().defaultTo(false);
    t.string('description', 80).nullable();
    t.integer('customer_id').nullable();
    t.integer('service_id').nullable();
    t.integer('request_id').nullable();
    t.timestamps(true, true);
    t.index(['account_id', 'person_id', 'date']);
    t.check('time_spent between -1440 and 1440', [], 'time_entries_time_spent');
    t.check('time_spent >= 0 or correction', [], 'time_entries_negative_is_correction');
  });
  await knex.raw(`alter table time_entries add constraint time_entries_customer_fk foreign key (account_id, customer_id)
    references organizations (account_id, id) on delete set null (customer_id)`);
  await knex.raw(`alter table time_entries add constraint time_entries_service_fk foreign key (account_id, service_id)
    references services (account_id, id) on delete set null (service_id)`);
  await knex.raw(`alter table time_entries add constraint time_entries_request_fk foreign key (request_id)
    references requests (id) on delete set null`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('time_entries');
}
