import { createTestDatabase, type TestDatabase } from './testing/index.js';
import { migrateLatest } from './migrate.js';
import { migrationSource } from './migrations/index.js';
import { insertPersonalAccessToken } from './access/personal-access-token.repository.js';
import { CONFIGURATION_ITEM, SERVICE_INSTANCE } from '@tessera/domain';
import { recordStore } from './records/record-store.js';
import { teamWriteRepository } from './teams/team-writes.js';
import { undoMigrationsFrom } from './testing/undo-migrations.js';

const LINKS = ['team_memberships', 'personal_access_tokens', 'ci_service_instances'];

/**
 * Migration 22: memberships, tokens and CI links carry the account of the row that owns them
 * (team, person, CI), written with every insert, filled in for rows that predate it, and never
 * another account than their owner's.
 */
describe('the account of team memberships, tokens and CI links', () => {
  let test: TestDatabase;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    test = await createTestDatabase({ migrated: false });
    await migrateLatest(test.db);
    const db = test.db;
    const insertId = async (table: string, row: Record<string, unknown>): Promise<number> => (await db(table).insert(row).returning('id'))[0].id;
    // A directory account and a support domain of it, and an unrelated account.
    await db('accounts').insert([{ id: 'dir', name: 'Directory' }, { id: 'sd', name: 'Support Domain', directory_account_id: 'dir' }, { id: 'other', name: 'Other' }]);
    ids['agent'] = await insertId('people', { account_id: 'sd', name: 'Agent', primary_email: 'agent@sd.example' });
    ids['enduser'] = await insertId('people', { account_id: 'dir', name: 'End User', primary_email: 'user@dir.example' });
    ids['stranger'] = await insertId('people', { account_id: 'other', name: 'Stranger', primary_email: 'stranger@other.example' });
    ids['team'] = await insertId('teams', { account_id: 'sd', name: 'Desk' });
    ids['ci'] = await insertId('configuration_items', { account_id: 'sd', name: 'Server', label: 'srv-1', rule_set: 'hardware' });
    ids['si'] = await insertId('service_instances', { account_id: 'sd', name: 'Production' });
    ids['si2'] = await insertId('service_instances', { account_id: 'sd', name: 'Staging' });
    ids['token'] = await insertPersonalAccessToken(db, { personId: ids['enduser']!, name: 'cli', tokenHash: 'a'.repeat(64), scopes: ['me:Read'], expiresAt: null });
    await teamWriteRepository(db).replaceMembers(ids['team']!, [ids['agent']!, ids['enduser']!]);
    await recordStore(db).replaceLinks(CONFIGURATION_ITEM, 'service_instance_ids', ids['ci']!, [ids['si2']!, ids['si']!]);
  });
  afterAll(() => test.drop());

  const accountsOf = async () => ({
    memberships: await test.db('team_memberships').orderBy('person_id').select('person_id', 'account_id'),
    tokens: await test.db('personal_access_tokens').select('person_id', 'account_id'),
    links: await test.db('ci_service_instances').orderBy('position').select('service_instance_id', 'position', 'account_id'),
  });
  const expected = () => ({
    // A membership is of its team's account, whichever account its person is of.
    memberships: [{ person_id: ids['agent'], account_id: 'sd' }, { person_id: ids['enduser'], account_id: 'sd' }],
    tokens: [{ person_id: ids['enduser'], account_id: 'dir' }],
    links: [{ service_instance_id: ids['si2'], position: 1, account_id: 'sd' }, { service_instance_id: ids['si'], position: 2, account_id: 'sd' }],
  });

  it('writes the owning row\'s account with every insert', async () => {
    expect(await accountsOf()).toEqual(expected());
    await recordStore(test.db).replaceLinks(SERVICE_INSTANCE, 'configuration_item_ids', ids['si']!, []);
    await recordStore(test.db).replaceLinks(SERVICE_INSTANCE, 'configuration_item_ids', ids['si']!, [ids['ci']!]);
    expect((await accountsOf()).links).toEqual([{ service_instance_id: ids['si2'], position: 1, account_id: 'sd' }, { service_instance_id: ids['si'], position: 2, account_id: 'sd' }]);
  });

  it('refuses a row claiming another account than its team, person or CI', async () => {
    const refusal = (row: Promise<unknown>) => row.then(() => 'stored', (error: { code?: string }) => error.code);
    expect(await refusal(test.db('team_memberships').insert({ account_id: 'other', team_id: ids['team'], person_id: ids['stranger'] }))).toBe('23503');
    expect(await refusal(test.db('personal_access_tokens').insert({ account_id: 'sd', person_id: ids['enduser'], name: 'x', token_hash: 'b'.repeat(64), scopes: [] }))).toBe('23503');
    expect(await refusal(test.db('ci_service_instances').where({ ci_id: ids['ci'], service_instance_id: ids['si'] }).update({ account_id: 'other' }))).toBe('23503');
    expect(await accountsOf()).toEqual(expected());
  });

  it('fills the account of rows that predate it, and its down leaves them as they were', async () => {
    const config = { migrationSource, tableName: 'knex_migrations' };
    // Down to before it: later tables (a broadcast's teams) lean on the keys it made.
    await undoMigrationsFrom(test.db, '20261127000022_link_accounts');
    for (const table of LINKS) expect(await test.db.schema.hasColumn(table, 'account_id')).toBe(false);
    expect(Number((await test.db('team_memberships').count({ n: '*' }).first())!.n)).toBe(2);

    await test.db.migrate.latest(config);
    expect(await accountsOf()).toEqual(expected());
    const nullable = await test.db('information_schema.columns').whereIn('table_name', LINKS).where({ column_name: 'account_id' }).pluck('is_nullable');
    expect(nullable).toEqual(['NO', 'NO', 'NO']);
  });
});
