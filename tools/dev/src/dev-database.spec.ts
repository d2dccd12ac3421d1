import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres, type RunningPostgres } from '@tessera/persistence';
import { ForeignEmbeddedPostgresError, openDevDatabase } from './dev-database.js';

describe('npm start — the embedded PostgreSQL it finds running', () => {
  let dir: string;
  let server: RunningPostgres;
  let savedUrl: string | undefined;

  beforeAll(async () => {
    savedUrl = process.env['DATABASE_URL'];
    delete process.env['DATABASE_URL'];
    // Not mkdtemp: its 0700 folder would keep out the postgres user the embedded server runs as.
    dir = path.join(tmpdir(), `tessera-devdb-${randomBytes(4).toString('hex')}`);
    server = await startEmbeddedPostgres({ dataDir: path.join(dir, 'checkout-a', '.data', 'pg'), port: 0, persistent: true });
  });
  afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
    if (savedUrl !== undefined) process.env['DATABASE_URL'] = savedUrl;
  });

  it("refuses to adopt a server whose data folder is another checkout's, and says which", async () => {
    const mine = path.join(dir, 'checkout-b', '.data', 'pg');
    const opening = openDevDatabase({ port: server.port, dataDir: mine });
    await expect(opening).rejects.toBeInstanceOf(ForeignEmbeddedPostgresError);
    await expect(opening).rejects.toThrow(/checkout-a.*checkout-b.*EMBEDDED_PG_PORT/s);
  });

  it("shares a server whose data folder is this checkout's, and migrates it", async () => {
    const database = await openDevDatabase({ port: server.port, dataDir: path.join(dir, 'checkout-a', '.data', 'pg') });
    expect(database.description).toContain('already running');
    expect(database.url).toContain(`:${server.port}/tessera`);
    await database.stop();
  });
});
