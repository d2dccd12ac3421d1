import type { Knex } from 'knex';

/**
 * Issue 32 (docs/decisions/046): notes of the records of the engine whose catalogue has
 * `note-added` (problems, workflows, tasks, …) in the one notes table, so a note's id and node ID
 * are one sequence whatever it is a note of. A note is of a request (`request_id`) or of a record
 * of the engine (`record_type`, its node type, and `record_id`), never both.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('notes', (t) => {
    t.setNullable('request_id');
    t.string('record_type', 64).nullable();
    t.integer('record_id').nullable();
    t.index(['record_type', 'record_id', 'id'], 'notes_record');
  });
  await knex.raw(`alter table notes add constraint notes_of_one_record check ((request_id is null) = (record_type is not null) and (record_type is null) = (record_id is null))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex('notes').whereNull('request_id').delete();
  await knex.raw('alter table notes drop constraint notes_of_one_record');
  await knex.schema.alterTable('notes', (t) => {
    t.dropIndex(['record_type', 'record_id', 'id'], 'notes_record');
    t.dropColumn('record_type');
    t.dropColumn('record_id');
    t.dropNullable('request_id');
  });
}
