import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findFreePort } from '@tessera/persistence';
import { createTestDatabase, type TestDatabase } from '@tessera/persistence/testing';
import { workspaceRoot } from './paths.js';

async function status(url: string): Promise<number> {
  try {
    return (await fetch(url)).status;
  } catch {
    return 0;
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('npm start -- --keep-going: kill -9 one app, it comes back, the others never stop', () => {
  let test: TestDatabase;
  let dir: string;
  let child: ChildProcessWithoutNullStreams;
  let output = '';
  const ports: Record<string, number> = {};

  const waitFor = async (text: RegExp, from: number, timeoutMs: number) => {
    const began = Date.now();
    while (!text.test(output.slice(from)) && child.exitCode === null && Date.now() - began < timeoutMs) await new Promise((resolve) => setTimeout(resolve, 200));
    return text.exec(output.slice(from));
  };

  beforeAll(async () => {
    test = await createTestDatabase();
    dir = await mkdtemp(path.join(tmpdir(), 'tessera-keep-going-'));
    for (const name of ['API_PORT', 'AUTH_PORT', 'GRAPHQL_PORT', 'WORKER_PORT']) ports[name] = await findFreePort();
  });
  afterAll(async () => {
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

  it('starts the killed worker again, logs it, and the api answers all along', async () => {
    child = spawn(process.execPath, ['--import', 'tsx', path.join(workspaceRoot, 'tools/dev/src/start.ts'), '--keep-going'], {
      cwd: workspaceRoot,
      detached: true,
      env: { ...process.env, ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])), DATABASE_URL: test.url, TESSERA_DATA_DIR: dir, LOG_LEVEL: 'warn' },
    });
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const banner = await waitFor(/Keep going: .*\(pids: api (\d+), auth (\d+), graphql (\d+), webhook-worker (\d+)\)/, 0, 90_000);
    expect(banner).not.toBeNull();
    const [api, auth, graphql, worker] = banner!.slice(1).map(Number) as [number, number, number, number];
    expect(await status(`http://127.0.0.1:${ports['WORKER_PORT']}/healthz`)).toBe(200);

    // The api is asked all along: not one call may fail while the worker is down and back.
    const apiStatuses: number[] = [];
    let polling = true;
    const poller = (async () => {
      while (polling) {
        apiStatuses.push(await status(`http://127.0.0.1:${ports['API_PORT']}/healthz`));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();

    const killedAt = output.length;
    process.kill(worker, 'SIGKILL');
    expect(await waitFor(/webhook-worker stopped unexpectedly \(SIGKILL\); starting it again in 1 s/, killedAt, 10_000)).not.toBeNull();
    const back = await waitFor(/webhook-worker is back \(pid (\d+)\)/, killedAt, 90_000);
    expect(back).not.toBeNull();
    const newWorker = Number(back![1]);
    expect(newWorker).not.toBe(worker);
    expect(alive(newWorker)).toBe(true);
    expect(await status(`http://127.0.0.1:${ports['WORKER_PORT']}/healthz`)).toBe(200);
    polling = false;
    await poller;

    expect(child.exitCode).toBeNull();
    expect([api, auth, graphql].map(alive)).toEqual([true, true, true]);
    expect(apiStatuses.length).toBeGreaterThan(5);
    expect(apiStatuses.filter((code) => code !== 200)).toEqual([]);
    expect(output.slice(killedAt)).not.toContain('Stopping Tessera');

    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect([api, auth, graphql, newWorker].map(alive)).toEqual([false, false, false, false]);
  });
});
