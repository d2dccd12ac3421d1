import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findFreePort } from '@tessera/persistence';
import { createTestDatabase, type TestDatabase } from '@tessera/persistence/testing';
import { workspaceRoot } from './paths.js';

async function status(url: string, headers: Record<string, string> = {}): Promise<number> {
  try {
    return (await fetch(url, { headers })).status;
  } catch {
    return 0;
  }
}

describe('npm start — every app up, then Ctrl-C stops everything', () => {
  let test: TestDatabase;
  let dir: string;
  let child: ChildProcessWithoutNullStreams;
  let output = '';
  const ports: Record<string, number> = {};

  beforeAll(async () => {
    test = await createTestDatabase();
    dir = await mkdtemp(path.join(tmpdir(), 'tessera-start-'));
    for (const name of ['API_PORT', 'AUTH_PORT', 'GRAPHQL_PORT', 'WORKER_PORT']) ports[name] = await findFreePort();
  });
  afterAll(async () => {
    // The launcher leads its own process group: a failed test must not leave its apps running.
    if (child?.pid && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await test.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('serves /healthz of all four apps and /v1/me for the seeded admin, and exits 0 on SIGINT', async () => {
    const credentialsFile = path.join(dir, 'demo-credentials.json');
    child = spawn(process.execPath, ['--import', 'tsx', path.join(workspaceRoot, 'tools/dev/src/start.ts')], {
      cwd: workspaceRoot,
      detached: true,
      env: { ...process.env, ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])), DATABASE_URL: test.url, DEMO_CREDENTIALS_FILE: credentialsFile, TESSERA_DATA_DIR: dir, LOG_LEVEL: 'warn' },
    });
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const began = Date.now();
    while (!output.includes('Tessera is up') && child.exitCode === null && Date.now() - began < 90_000) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(output).toContain('Tessera is up');
    expect(output).toContain(credentialsFile);
    expect(output).toContain('Webhooks: demo mode lets deliveries reach 127.0.0.0/8,::1/128');

    const credentials = JSON.parse(await readFile(credentialsFile, 'utf8'));
    expect(await status(`http://127.0.0.1:${ports['API_PORT']}/healthz`)).toBe(200);
    expect(await status(`http://127.0.0.1:${ports['AUTH_PORT']}/healthz`)).toBe(200);
    expect(await status(`http://127.0.0.1:${ports['WORKER_PORT']}/healthz`)).toBe(200);
    expect(await status(`http://127.0.0.1:${ports['API_PORT']}/v1/me`, { authorization: `Bearer ${credentials.admin.token}`, 'x-service-account': credentials.account })).toBe(200);
    // GraphQL speaks HTTPS only: plain HTTP gets the 400 that says so.
    expect(await status(`http://127.0.0.1:${ports['GRAPHQL_PORT']}/healthz`)).toBe(400);

    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGINT');
    expect({ code: await exited, output: output.slice(-600) }).toEqual({ code: 0, output: expect.stringContaining('Stopped.') });
    expect(output).toContain('Stopped.');
    for (const port of Object.values(ports)) expect(await status(`http://127.0.0.1:${port}/healthz`)).toBe(0);
  });
});
