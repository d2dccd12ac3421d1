import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findFreePort } from '@tessera/persistence';
import { workspaceRoot } from './paths.js';

/** The JSON log lines of the apps (the launcher prefixes each with `[app]`), with their pino level. */
function logLines(output: string): Array<{ level: number; line: string }> {
  return output.split('\n').flatMap((line) => {
    const json = line.indexOf('{"level":');
    if (json < 0) return [];
    const level = Number(/^\{"level":(\d+)/.exec(line.slice(json))?.[1]);
    return [{ level, line }];
  });
}

describe('npm start, then Ctrl-C: a clean shutdown', () => {
  let dir: string;
  let pid: number | undefined;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'tessera-shutdown-'));
    // Under root, postgres runs as the `postgres` user and must reach its data folder in here.
    await chmod(dir, 0o755);
  });
  afterAll(async () => {
    // The launcher leads its own process group (as a terminal's foreground job does): nothing may outlive a failed test.
    if (pid) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await rm(dir, { recursive: true, force: true });
  });

  it('logs nothing above info and "shutting down" once per app when Ctrl-C reaches the launcher, its apps and the embedded database, and exits 0', async () => {
    const ports = { API_PORT: 0, AUTH_PORT: 0, GRAPHQL_PORT: 0, WORKER_PORT: 0, EMBEDDED_PG_PORT: 0 };
    for (const name of Object.keys(ports) as Array<keyof typeof ports>) ports[name] = await findFreePort();
    const env: NodeJS.ProcessEnv = { ...process.env, ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])), TESSERA_DATA_DIR: dir };
    // The embedded database of a fresh checkout, not the test server of this Jest run.
    delete env['DATABASE_URL'];
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(workspaceRoot, 'tools/dev/src/start.ts')], { cwd: workspaceRoot, detached: true, env });
    pid = child.pid;
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const began = Date.now();
    while (!output.includes('Tessera is up') && child.exitCode === null && Date.now() - began < 90_000) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(output).toContain('Tessera is up');
    const upTo = output.length;

    // Ctrl-C in a terminal signals the whole foreground process group, not only the launcher.
    process.kill(-pid!, 'SIGINT');
    const code = await exited;
    const shutdown = output.slice(upTo);
    expect(shutdown).toContain('Stopped.');
    expect(logLines(shutdown).filter(({ level }) => level >= 40).map(({ line }) => line)).toEqual([]);
    // Each app gets SIGINT from the terminal and SIGTERM from the launcher: one shutdown, told once.
    const told = logLines(shutdown).filter(({ line }) => line.includes('"shutting down: not ready, draining"')).map(({ line }) => line.slice(0, line.indexOf(']') + 1));
    expect(told.sort()).toEqual(['[api]', '[auth]', '[graphql]', '[webhook-worker]']);
    expect(code).toBe(0);
  });
});
