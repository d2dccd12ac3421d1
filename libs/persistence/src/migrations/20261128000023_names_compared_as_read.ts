import type { Knex } from 'knex';

/**
 * Issue 30 item 10 (docs/decisions/038): a name or label unique in its account is compared as a
 * person reads it, so `service desk`, or `Service Desk` with a zero-width space, is the name
 * `Service Desk` has. `name_as_read(text)` is that comparison's key: Default_Ignorable code points
 * removed (zero-width space, joiner and non-joiner, soft hyphen, BOM, variation selectors, bidi
 * controls, …), case folded by ICU's full case mapping (upper then lower: `ß` and `SS` meet), then
 * Unicode NFC. Each unique (account_id, name) constraint becomes a unique index on
 * (account_id, name_as_read(name)): writes at the same moment cannot both pass. The value stored
 * is still the one written.
 */

/** Default_Ignorable_Code_Point (Unicode 15.1 DerivedCoreProperties.txt), as a PostgreSQL regular expression class. */
const IGNORABLE =
  '[\\u00AD\\u034F\\u061C\\u115F\\u1160\\u17B4\\u17B5\\u180B-\\u180F\\u200B-\\u200F\\u202A-\\u202E\\u2060-\\u206F\\u3164\\uFE00-\\uFE0F\\uFEFF\\uFFA0\\uFFF0-\\uFFF8' +
  '\\U0001BCA0-\\U0001BCA3\\U0001D173-\\U0001D17A\\U000E0000-\\U000E0FFF]';

/** The unique names and labels clients write (REST and GraphQL). */
const UNIQUE_NAMES = [
  ['teams', 'name'],
  ['service_instances', 'name'],
  ['configuration_items', 'label'],
  ['integrations', 'name'],
  ['ui_extensions', 'name'],
] as const;

const asReadIndex = (table: string, column: string) => `${table}_account_id_${column}_as_read_unique`;
const constraintOf = (table: string, column: string) => `${table}_account_id_${column}_unique`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create function name_as_read(name text) returns text language sql immutable strict parallel safe
    as $$ select normalize(lower(upper(regexp_replace(name, '${IGNORABLE}', '', 'g') collate "und-x-icu")), NFC) $$`);
  const clashes: string[] = [];
  for (const [table, column] of UNIQUE_NAMES) {
    const { rows } = await knex.raw<{ rows: Array<{ account_id: string; values: string[] }> }>(
      `select account_id, array_agg(${column} order by id) as values from ${table} group by account_id, name_as_read(${column}) having count(*) > 1 order by account_id limit 20`,
    );
    clashes.push(...rows.map(({ account_id, values }) => `${table}.${column} of account ${account_id}: ${values.map((value) => JSON.stringify(value)).join(', ')}`));
  }
  if (clashes.length > 0) {
    throw new Error(`These names read the same and would no longer be unique; rename all but one of each, then migrate again:\n${clashes.join('\n')}`);
  }
  for (const [table, column] of UNIQUE_NAMES) {
    await knex.raw(`alter table ${table} drop constraint ${constraintOf(table, column)}`);
    await knex.raw(`create unique index ${asReadIndex(table, column)} on ${table} (account_id, name_as_read(${column}))`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const [table, column] of UNIQUE_NAMES) {
    await knex.raw(`drop index ${asReadIndex(table, column)}`);
    await knex.raw(`alter table ${table} add constraint ${constraintOf(table, column)} unique (account_id, ${column})`);
  }
  await knex.raw('drop function name_as_read(text)');
}
