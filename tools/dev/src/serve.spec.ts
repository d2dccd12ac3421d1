import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findFreePort } from '@tessera/persistence';
import { createTestDatabase, type TestDatabase } from '@tessera/persistence/testing';
import { workspaceRoot } from './paths.js';

interface Served {
  code: number | null;
  output: string;
  exited: Promise<number | null>;
}

describe('nx serve <app> (tools/dev/src/serve.ts): the configuration table holds for one app', () => {
  let test: TestDatabase;
  let dir: string;
  const pids: number[] = [];

  beforeAll(async () => {
    test = await createTestDatabase();
    dir = await mkdtemp(path.join(tmpdir(), 'tessera-serve-'));
  });
  afterAll(async () => {
    for (const pid of pids) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await test.drop();
    await rm(dir, { recursive: true, force: true });
  });

  /** Runs `serve api` with `env` until it prints `until` or exits; then stops it with SIGINT. */
  async function serveApi(env: Record<string, string>, until: string): Promise<Served> {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(workspaceRoot, 'tools/dev/src/serve.ts'), 'api'], {
      cwd: workspaceRoot,
      detached: true,
      env: { ...process.env, DATABASE_URL: test.url, TESSERA_DATA_DIR: dir, LOG_LEVEL: 'warn', DEMO_CREDENTIALS_FILE: path.join(dir, 'demo-credentials.json'), ...env },
    });
    pids.push(child.pid!);
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const began = Date.now();
    while (!output.includes(until) && child.exitCode === null && Date.now() - began < 60_000) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return { code: child.exitCode, output, exited };
  }

  it('listens on PORT, as the configuration table says, and answers /healthz there', async () => {
    const port = await findFreePort();
    const served = await serveApi({ PORT: String(port) }, 'is up');
    expect(served.output).toContain(`api is up at http://localhost:${port}/v1`);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    process.kill(-pids.at(-1)!, 'SIGINT');
    expect(await served.exited).toBe(0);
  });

  it('seeds an empty database and writes the credentials, but leaves a database with data as it is', async () => {
    const own = await createTestDatabase();
    const credentials = path.join(dir, 'seed-once.json');
    try {
      const first = await serveApi({ PORT: String(await findFreePort()), DATABASE_URL: own.url, DEMO_CREDENTIALS_FILE: credentials }, 'is up');
      expect(first.output).toContain(`demo data seeded, credentials in ${credentials}`);
      const { token } = JSON.parse(await readFile(credentials, 'utf8')).admin;
      process.kill(-pids.at(-1)!, 'SIGINT');
      expect(await first.exited).toBe(0);

      // Someone works with the data: a renamed person and a revoked token must stay so.
      await own.db('people').where({ primary_email: 'admin@widget.example' }).update({ name: 'Renamed By Hand' });
      await own.db('personal_access_tokens').update({ revoked_at: own.db.fn.now() });
      await rm(credentials);
      const counts = async () => Number((await own.db('people').count({ n: '*' }).first())!.n);
      const before = await counts();

      const port = await findFreePort();
      const second = await serveApi({ PORT: String(port), DATABASE_URL: own.url, DEMO_CREDENTIALS_FILE: credentials }, 'is up');
      expect(second.output).toContain('the database has data: demo seed skipped');
      expect(await counts()).toBe(before);
      expect((await own.db('people').where({ primary_email: 'admin@widget.example' }).first('name')).name).toBe('Renamed By Hand');
      await expect(readFile(credentials, 'utf8')).rejects.toThrow(/ENOENT/);
      const me = await fetch(`http://127.0.0.1:${port}/v1/me`, { headers: { authorization: `Bearer ${token}`, 'x-service-account': 'wdc' } });
      expect(me.status).toBe(401);
      process.kill(-pids.at(-1)!, 'SIGINT');
      expect(await second.exited).toBe(0);
    } finally {
      await own.drop();
    }
  });

  it('makes `nx serve api` fail, not print success, when the app cannot start', async () => {
    const port = await findFreePort();
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(port, resolve));
    try {
      const nx = spawnSync(process.execPath, [path.join(workspaceRoot, 'node_modules/nx/dist/bin/nx.js'), 'serve', 'api', '--outputStyle=stream'], {
        cwd: workspaceRoot,
        encoding: 'utf8',
        timeout: 90_000,
        env: { ...process.env, NX_DAEMON: 'false', NX_TUI: 'false', DATABASE_URL: test.url, TESSERA_DATA_DIR: dir, PORT: String(port) },
      });
      expect({ status: nx.status, output: nx.stdout + nx.stderr }).toEqual({ status: 1, output: expect.stringContaining(`Port ${port} (api) is in use`) });
      expect(nx.stdout + nx.stderr).not.toContain('Successfully ran target serve');
    } finally {
      blocker.close();
    }
  });

  it('exits non-zero and names the port when PORT is taken, so Nx reports the failure', async () => {
    const port = await findFreePort();
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(port, resolve));
    try {
      const served = await serveApi({ PORT: String(port) }, 'is up');
      expect({ code: served.code, output: served.output }).toEqual({ code: 1, output: expect.stringContaining(`Port ${port} (api) is in use. Is Tessera already running? Stop it, or set PORT to another port.`) });
    } finally {
      blocker.close();
    }
  });
});
