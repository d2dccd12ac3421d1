import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '../testing/index.js';
import { seedDemoData } from '../seed/demo-seed.js';

/** Every message on the access channel, as the triggers of migration 20261122000009 send them. */
async function listen(url: string): Promise<{ messages: string[]; close(): Promise<void> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const messages: string[] = [];
  client.on('notification', (message) => messages.push(message.payload ?? ''));
  await client.query('listen tessera_access');
  return { messages, close: () => client.end() };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

describe('access change notifications — triggers on the records an access check reads', () => {
  let test: TestDatabase;
  let feed: Awaited<ReturnType<typeof listen>>;
  let tokenId: number;
  let personId: number;

  beforeAll(async () => {
    test = await createTestDatabase();
    await seedDemoData(test.db);
    feed = await listen(test.url);
    ({ id: tokenId, person_id: personId } = await test.db('personal_access_tokens').orderBy('id').first('id', 'person_id'));
  });
  afterAll(async () => {
    await feed.close();
    await test.drop();
  });
  beforeEach(async () => {
    await settle();
    feed.messages.length = 0;
  });

  it('names the token when it is revoked, at commit only', async () => {
    await test.db.transaction(async (trx) => {
      await trx('personal_access_tokens').where({ id: tokenId }).update({ revoked_at: trx.fn.now() });
      await settle();
      expect(feed.messages).toEqual([]);
    });
    await settle();
    expect(feed.messages.map((m) => JSON.parse(m))).toEqual([{ kind: 'token', ids: [tokenId] }]);
  });

  it('sends nothing for a rolled-back change, nor for a change of last use alone', async () => {
    await test.db
      .transaction(async (trx) => {
        await trx('personal_access_tokens').where({ id: tokenId }).update({ scopes: ['me:Read'] });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await test.db('personal_access_tokens').where({ id: tokenId }).update({ last_used_at: test.db.fn.now(), updated_at: test.db.fn.now() });
    await settle();
    expect(feed.messages).toEqual([]);
  });

  it('names the person when they are disabled or their roles change, once per statement', async () => {
    await test.db('people').where({ id: personId }).update({ disabled: true });
    await test.db('people').where({ id: personId }).update({ disabled: false });
    await test.db('person_roles').where({ person_id: personId }).delete();
    await test.db('people').update({ name: test.db.raw("name || ''") });
    await settle();
    expect(feed.messages.map((m) => JSON.parse(m))).toEqual([
      { kind: 'person', ids: [personId] },
      { kind: 'person', ids: [personId] },
      { kind: 'person', ids: [personId] },
    ]);
  });

  it('drops everything for an account change or a truncate, and names the account of an integration', async () => {
    await test.db('accounts').insert({ id: 'new-domain', name: 'New', directory_account_id: 'widget' });
    const [integration] = await test.db('integrations').insert({ account_id: 'wdc', name: 'Access test' }).returning('id');
    await test.db('integrations').where({ id: integration.id }).delete();
    await test.db.raw('truncate person_roles');
    await settle();
    expect(feed.messages.map((m) => JSON.parse(m))).toEqual([{ kind: 'all' }, { kind: 'account', ids: ['wdc'] }, { kind: 'account', ids: ['wdc'] }, { kind: 'all' }]);
  });
});
