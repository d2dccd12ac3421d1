/**
 * `npm start` as the specs that drive the launcher by hand run it (signals, killed apps, its exit
 * code): on free ports, a fresh database and a data folder of its own, its output kept as it comes.
 */
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@tessera/persistence/testing';
import { workspaceRoot } from '../paths.js';
import { freePorts, killLauncherGroup, spawnLauncher, type PortName } from './started-stack.js';

export interface LauncherRun {
  test: TestDatabase;
  dir: string;
  ports: Record<PortName, number>;
  /** The launcher, once start() ran. */
  child: ChildProcessWithoutNullStreams;
  /** Everything it wrote so far, stdout and stderr as they came. */
  output: string;
  /** Starts the launcher with `args`, from the workspace, with `env` over the run's own variables. */
  start(args?: string[], env?: NodeJS.ProcessEnv): ChildProcessWithoutNullStreams;
}

/**
 * The run of the describe block that calls this: the database, folder (named `dirPrefix`…) and
 * ports are made by a beforeAll hook registered here; after the block, whatever is left of the
 * launcher's process group is killed, so a failed test leaves no app running, and both are removed.
 */
export function launcherRun(dirPrefix: string): LauncherRun {
  const run = { output: '' } as LauncherRun;
  beforeAll(async () => {
    run.test = await createTestDatabase();
    run.dir = await mkdtemp(path.join(tmpdir(), dirPrefix));
    run.ports = await freePorts();
  });
  afterAll(async () => {
    if (run.child && run.child.exitCode === null) killLauncherGroup(run.child);
    await run.test.drop();
    await rm(run.dir, { recursive: true, force: true });
  });
  run.start = (args = [], env = {}) => {
    run.child = spawnLauncher({ cwd: workspaceRoot, args, ports: run.ports, env: { DATABASE_URL: run.test.url, TESSERA_DATA_DIR: run.dir, LOG_LEVEL: 'warn', ...env } });
    run.child.stdout.on('data', (chunk) => (run.output += chunk));
    run.child.stderr.on('data', (chunk) => (run.output += chunk));
    return run.child;
  };
  return run;
}
