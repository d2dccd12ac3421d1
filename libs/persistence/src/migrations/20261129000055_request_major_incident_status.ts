import type { Knex } from 'knex';

/**
 * Issue 32 item 4 (docs/decisions/045): a request's major incident status, null until someone
 * proposes the request as a major incident. The values are the domain's
 * (requests/major-incident-status.ts); the check keeps a stray write from storing another.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('requests', (t) => {
    t.string('major_incident_status', 20).nullable();
    t.check("major_incident_status in ('proposed', 'accepted', 'rejected', 'resolved', 'canceled')", [], 'requests_major_incident_status_value');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('requests', (t) => {
    t.dropChecks('requests_major_incident_status_value');
    t.dropColumn('major_incident_status');
  });
}
