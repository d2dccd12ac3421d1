import { spawn, type ChildProcess, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { findFreePort } from '@tessera/persistence';
import { workspaceRoot } from '../paths.js';

/** The documented default ports of `npm start`, by the variable that moves each. */
export const DEFAULT_PORTS = { API_PORT: 3000, AUTH_PORT: 3001, GRAPHQL_PORT: 3002, WORKER_PORT: 3003 } as const;
export type PortName = keyof typeof DEFAULT_PORTS;

export interface StartedStack {
  ports: Record<PortName, number>;
  /** Ctrl-C, as a user would; then nothing of the launcher's process group is left. */
  stop(): Promise<void>;
}

/**
 * `npm start` (tools/dev/src/start.ts) as a user runs it, on free ports, from `cwd`, on the given
 * database; resolves once it says "Tessera is up", rejects with its output when it does not.
 */
export async function startStack(options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs?: number }): Promise<StartedStack> {
  const ports = await freePorts();
  const launcher = spawnLauncher({ cwd: options.cwd, ports, env: options.env });
  const stop = () => stopLauncher(launcher);
  let output = '';
  launcher.stdout.on('data', (chunk) => (output += chunk));
  launcher.stderr.on('data', (chunk) => (output += chunk));
  const began = Date.now();
  while (!output.includes('Tessera is up') && launcher.exitCode === null && Date.now() - began < (options.timeoutMs ?? 90_000)) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (!output.includes('Tessera is up')) {
    await stop();
    throw new Error(`npm start did not come up:\n${output}`);
  }
  return { ports, stop };
}

async function stopLauncher(launcher: ChildProcess): Promise<void> {
  if (!launcher.pid) return;
  const exited = new Promise((resolve) => launcher.once('exit', resolve));
  if (launcher.exitCode === null) launcher.kill('SIGINT');
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, 15_000)))]);
  // A launcher that stopped in time leaves no timer behind to keep the test's process alive.
  clearTimeout(timer);
  killLauncherGroup(launcher);
}

/** A free port for each app, by the variable that moves it. */
export async function freePorts(): Promise<Record<PortName, number>> {
  const ports = {} as Record<PortName, number>;
  for (const name of Object.keys(DEFAULT_PORTS) as PortName[]) ports[name] = await findFreePort();
  return ports;
}

/**
 * `npm start` (tools/dev/src/start.ts) with `args`, from `cwd`, on `ports`, with `env` over this
 * process's environment. It leads a process group of its own, so that killLauncherGroup reaches
 * every app it started.
 */
export function spawnLauncher(options: { cwd: string; args?: string[]; ports: Record<PortName, number>; env: NodeJS.ProcessEnv }): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, ['--import', 'tsx', path.join(workspaceRoot, 'tools/dev/src/start.ts'), ...(options.args ?? [])], {
    cwd: options.cwd,
    detached: true,
    env: { ...process.env, ...Object.fromEntries(Object.entries(options.ports).map(([k, v]) => [k, String(v)])), ...options.env },
  });
}

/** SIGKILL to the launcher's whole process group: no app of it is left running. */
export function killLauncherGroup(launcher: ChildProcess): void {
  if (!launcher.pid) return;
  try {
    process.kill(-launcher.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}
