import { createTestDatabase, undoMigrationsFrom, type TestDatabase } from './testing/index.js';
import { migrateLatest } from './migrate.js';
import { migrationSource } from './migrations/index.js';

const config = { migrationSource, tableName: 'knex_migrations' };
const MIGRATION = '20261128000023_names_compared_as_read';

/**
 * Migration 23 (issue 30 item 10): names and labels unique in an account are unique as a person
 * reads them — `name_as_read` leaves out invisible characters, folds the case and composes to NFC —
 * and the names stay stored as written.
 */
describe('names compared as a person reads them', () => {
  let test: TestDatabase;
  const asRead = async (name: string) => (await test.db.raw<{ rows: Array<{ key: string }> }>('select name_as_read(?) as key', [name])).rows[0]!.key;

  beforeAll(async () => {
    test = await createTestDatabase({ migrated: false });
    // Every migration before this one.
    for (;;) {
      const [, pending] = (await test.db.migrate.list(config)) as [unknown, Array<{ file: string } | string>];
      const next = pending.map((entry) => (typeof entry === 'string' ? entry : entry.file))[0];
      if (next === undefined || next === MIGRATION) break;
      await test.db.migrate.up(config);
    }
    await test.db('accounts').insert([{ id: 'one', name: 'One' }, { id: 'two', name: 'Two' }]);
  });
  afterAll(() => test.drop());

  it('refuses to migrate while names of an account read the same, naming them; migrates once one is renamed', async () => {
    await test.db('teams').insert([{ account_id: 'one', name: 'Service Desk' }, { account_id: 'one', name: 'service\u200b desk' }, { account_id: 'two', name: 'SERVICE DESK' }]);
    await test.db('configuration_items').insert([{ account_id: 'one', name: 'a', label: 'srv-db-01', rule_set: 'hardware' }, { account_id: 'one', name: 'b', label: 'SRV-DB-01', rule_set: 'hardware' }]);
    await expect(test.db.migrate.up(config)).rejects.toThrow(
      'These names read the same and would no longer be unique; rename all but one of each, then migrate again:\n' +
        'teams.name of account one: "Service Desk", "service\u200b desk"\n' +
        'configuration_items.label of account one: "srv-db-01", "SRV-DB-01"',
    );
    await test.db('teams').where({ name: 'service\u200b desk' }).update({ name: 'Second desk' });
    await test.db('configuration_items').where({ label: 'SRV-DB-01' }).update({ label: 'srv-db-02' });
    await migrateLatest(test.db);
    expect(await test.db('teams').where({ account_id: 'two' }).pluck('name')).toEqual(['SERVICE DESK']);
  });

  it('keys a name without invisible characters, case folded, in NFC', async () => {
    expect(await asRead('Service\u200b De\u00adsk\ufeff')).toBe('service desk');
    expect(await asRead('CAFE\u0301')).toBe(await asRead('caf\u00e9'));
    expect(await asRead('STRASSE')).toBe(await asRead('Stra\u00dfe'));
    expect(await asRead('\u2066Ops\u2069 \u{E0041}')).toBe('ops ');
  });

  it('refuses a second name that reads the same in the account, and takes it in another', async () => {
    await expect(test.db('teams').insert({ account_id: 'one', name: 'SECOND\u200d DESK' })).rejects.toMatchObject({ code: '23505', constraint: 'teams_account_id_name_as_read_unique' });
    for (const [table, row] of [
      ['service_instances', { name: 'Prod' }],
      ['integrations', { name: 'Bridge' }],
      ['ui_extensions', { name: 'Form', category: 'person' }],
    ] as const) {
      await test.db(table).insert({ account_id: 'one', ...row });
      await expect(test.db(table).insert({ account_id: 'one', ...row, name: row.name.toUpperCase() })).rejects.toMatchObject({ code: '23505' });
      await test.db(table).insert({ account_id: 'two', ...row, name: row.name.toUpperCase() });
    }
  });

  it('rolls back to names unique as written, and forward again', async () => {
    await undoMigrationsFrom(test.db, MIGRATION);
    await test.db('teams').insert({ account_id: 'one', name: 'SECOND DESK' });
    await expect(test.db('teams').insert({ account_id: 'one', name: 'SECOND DESK' })).rejects.toMatchObject({ code: '23505', constraint: 'teams_account_id_name_unique' });
    await test.db('teams').where({ name: 'SECOND DESK' }).delete();
    await migrateLatest(test.db);
    expect(await asRead('Ops')).toBe('ops');
  });
});
