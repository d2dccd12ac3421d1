import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDatabase, findFreePort } from '@tessera/persistence';
import { workspaceRoot } from '../paths.js';
import { processAlive } from '../testing/process-alive.js';

describe('npm run db -- start|stop|status: the embedded PostgreSQL on its own', () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;

  const db = (command: string) => {
    const run = spawnSync(process.execPath, [path.join(workspaceRoot, 'tools/dev/bin/tessera.mjs'), 'db', command], { cwd: workspaceRoot, env, encoding: 'utf8', timeout: 120_000 });
    return { code: run.status, output: run.stdout + run.stderr };
  };
  const holderPid = async () => JSON.parse(await readFile(path.join(dir, 'db.json'), 'utf8')).pid as number;

  beforeAll(async () => {
    // Not mkdtemp: its 0700 folder would keep out the postgres user the embedded server runs as under root.
    dir = path.join(tmpdir(), `tessera-db-${randomBytes(4).toString('hex')}`);
    await mkdir(dir, { mode: 0o755 });
    env = { ...process.env, TESSERA_DATA_DIR: dir, EMBEDDED_PG_PORT: String(await findFreePort()) };
    // The caller's DATABASE_URL (this Jest run's server) must not be what `db start` reports.
    env['DATABASE_URL'] = 'postgres://nobody@127.0.0.1:1/elsewhere';
  });
  afterAll(async () => {
    const pid = await holderPid().catch(() => undefined);
    if (pid && processAlive(pid)) process.kill(pid, 'SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await rm(dir, { recursive: true, force: true });
  });

  it('starts in the background with a migrated database, prints its DATABASE_URL, keeps data across stop and start, and stops cleanly', async () => {
    expect(db('status')).toEqual({ code: 3, output: expect.stringContaining('not running') });

    const started = db('start');
    expect(started.code).toBe(0);
    const url = /^DATABASE_URL=(\S+)$/m.exec(started.output)?.[1];
    expect(url).toBe(`postgres://postgres:postgres@127.0.0.1:${env['EMBEDDED_PG_PORT']}/tessera`);
    const pid = await holderPid();
    expect(started.output).toContain(`pid ${pid}`);

    // The command has exited; the database still serves, migrated, for apps run on their own.
    const first = createDatabase({ url: url!, poolMax: 1 });
    try {
      expect(Number((await first('knex_migrations').count({ n: '*' }).first())!.n)).toBeGreaterThan(10);
      await first.raw('create table kept_across_restarts (note text)');
      await first('kept_across_restarts').insert({ note: 'written before stop' });
    } finally {
      await first.destroy();
    }
    expect(db('status')).toEqual({ code: 0, output: expect.stringContaining(`running (pid ${pid}, port ${env['EMBEDDED_PG_PORT']}`) });
    expect(db('start')).toEqual({ code: 0, output: expect.stringContaining(`already running (pid ${pid}`) });

    expect(db('stop')).toEqual({ code: 0, output: expect.stringContaining(`stopped (pid ${pid}`) });
    expect(processAlive(pid)).toBe(false);
    expect(db('status')).toEqual({ code: 3, output: expect.stringContaining('not running') });
    await expect(readFile(path.join(dir, 'db.json'))).rejects.toThrow(/ENOENT/);
    // A clean stop: PostgreSQL logged its shutdown as complete and left no postmaster.pid behind.
    await expect(readFile(path.join(dir, 'pg', 'postmaster.pid'))).rejects.toThrow(/ENOENT/);

    expect(db('start').code).toBe(0);
    const second = createDatabase({ url: url!, poolMax: 1 });
    try {
      expect(await second('kept_across_restarts').pluck('note')).toEqual(['written before stop']);
    } finally {
      await second.destroy();
    }
    expect(db('stop').code).toBe(0);
    expect(db('stop')).toEqual({ code: 0, output: 'not running\n' });
  });
});
