import type { Knex } from 'knex';

/**
 * Issue 31 (docs/decisions/039): SLAs written over `/v1/slas` — the customer organization and the
 * service offering of the same account (required of a new SLA; the rows before this have none), a
 * service instance no longer required, the status (being prepared by default) and the start,
 * notice and expiry dates, calendar days.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('slas', (t) => {
    t.integer('customer_id').nullable();
    t.integer('service_offering_id').nullable();
    t.integer('service_instance_id').nullable().alter();
    t.string('status', 32).notNullable().defaultTo('being_prepared');
    t.date('start_date').nullable();
    t.date('notice_date').nullable();
    t.date('expiry_date').nullable();
    t.check("status in ('being_prepared', 'scheduled_for_activation', 'active', 'expired')", [], 'slas_status');
    t.check('expiry_date >= start_date', [], 'slas_expiry_not_before_start');
  });
  // The customer and the offering are of the SLA's account, whichever way the row is written.
  await knex.raw(`alter table slas add constraint slas_customer_fk foreign key (account_id, customer_id)
    references organizations (account_id, id) on delete set null (customer_id)`);
  await knex.raw(`alter table slas add constraint slas_service_offering_fk foreign key (account_id, service_offering_id)
    references service_offerings (account_id, id) on delete set null (service_offering_id)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex('slas').whereNull('service_instance_id').delete();
  await knex.schema.alterTable('slas', (t) => {
    t.dropChecks(['slas_status', 'slas_expiry_not_before_start']);
    t.dropForeign(['account_id', 'customer_id'], 'slas_customer_fk');
    t.dropForeign(['account_id', 'service_offering_id'], 'slas_service_offering_fk');
    t.dropColumns('customer_id', 'service_offering_id', 'status', 'start_date', 'notice_date', 'expiry_date');
    t.integer('service_instance_id').notNullable().alter();
  });
}
