import { createTestDatabase, undoMigrationsFrom, type TestDatabase } from '../testing/index.js';
import { migrationSource } from '../migrations/index.js';

const MIGRATION = '20261122000010_integration_management';
const config = { migrationSource, tableName: 'knex_migrations' };
/** Later, it replaces the (account_id, name) constraint this migration's upsert names: undone around it, with the ones after it. */
const NAMES_AS_READ = '20261128000023_names_compared_as_read';

describe(`migration ${MIGRATION}`, () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test.drop());

  it('gives every application stored before it an integration of its own name, or the one of that name, and then requires one', async () => {
    await undoMigrationsFrom(test.db, NAMES_AS_READ);
    await test.db.migrate.down({ ...config, name: MIGRATION });
    await test.db('accounts').insert({ id: 'acme', name: 'Acme' });
    await test.db('integrations').insert({ account_id: 'acme', name: 'Reporting' });
    await test.db('oauth_applications').insert([
      { account_id: 'acme', name: 'Reporting', client_id: 'c1', client_secret_hash: 'h', redirect_uris: ['https://a.example/cb'] },
      { account_id: 'acme', name: 'Dashboard', client_id: 'c2', client_secret_hash: 'h', redirect_uris: ['https://a.example/cb'] },
    ]);

    await test.db.migrate.up({ ...config, name: MIGRATION });
    await test.db.migrate.latest(config);

    const rows = await test.db('oauth_applications as a').join('integrations as i', 'i.id', 'a.integration_id').orderBy('a.client_id').select('a.client_id', 'i.name');
    expect(rows).toEqual([{ client_id: 'c1', name: 'Reporting' }, { client_id: 'c2', name: 'Dashboard' }]);
    expect(await test.db('integrations').where({ account_id: 'acme' }).count({ n: '*' }).first()).toEqual({ n: 2 });
    await expect(
      test.db('oauth_applications').insert({ account_id: 'acme', name: 'Orphan', client_id: 'c3', client_secret_hash: 'h', redirect_uris: [] }),
    ).rejects.toThrow(/integration_id/);
  });

  it('adds description, disabled (default false) and authorizations_revoked_at (null) to integrations', async () => {
    const [row] = await test.db('integrations').insert({ account_id: 'acme', name: 'Defaults' }).returning(['description', 'disabled', 'authorizations_revoked_at']);
    expect(row).toEqual({ description: null, disabled: false, authorizations_revoked_at: null });
  });
});
