import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDatabase } from './database.js';
import { startEmbeddedPostgres, type RunningPostgres } from './embedded-postgres.js';

async function settingsOf(server: RunningPostgres): Promise<Record<string, string>> {
  const db = createDatabase({ url: server.adminUrl, poolMax: 1 });
  try {
    const { rows } = await db.raw<{ rows: Array<{ name: string; setting: string }> }>(
      "select name, setting from pg_settings where name in ('fsync', 'synchronous_commit', 'full_page_writes') order by name",
    );
    return Object.fromEntries(rows.map((row) => [row.name, row.setting]));
  } finally {
    await db.destroy();
  }
}

describe('startEmbeddedPostgres — durability (issue 20 item 3)', () => {
  // Not mkdtemp: its 0700 directory would shut out the postgres user the package runs as under root.
  const dir = path.join(tmpdir(), `tessera-durable-${process.pid}-${randomBytes(4).toString('hex')}`);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('keeps PostgreSQL durable by default (what npm start runs): fsync, synchronous_commit and full_page_writes on', async () => {
    const server = await startEmbeddedPostgres({ dataDir: path.join(dir, 'durable'), port: 0, persistent: false });
    try {
      expect(await settingsOf(server)).toEqual({ fsync: 'on', full_page_writes: 'on', synchronous_commit: 'on' });
    } finally {
      await server.stop();
    }
  }, 60_000);

  it('turns them off only when asked (throwaway test and bench clusters)', async () => {
    const server = await startEmbeddedPostgres({ dataDir: path.join(dir, 'throwaway'), port: 0, persistent: false, durable: false });
    try {
      expect(await settingsOf(server)).toEqual({ fsync: 'off', full_page_writes: 'off', synchronous_commit: 'off' });
    } finally {
      await server.stop();
    }
  }, 60_000);
});
