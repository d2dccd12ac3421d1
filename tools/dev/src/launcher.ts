/**
 * Runs apps as child processes (TypeScript through tsx), prefixes their output,
 * waits for their /healthz, and stops them all, then the database, on Ctrl-C,
 * SIGTERM, or when any of them dies (unless told to start a dead app again).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { get as httpGet } from 'node:http';
import { get as httpsGet } from 'node:https';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import path from 'node:path';
import type { AppAddress } from './app-addresses.js';
import { workspaceRoot } from './paths.js';

export interface RunningApp {
  address: AppAddress;
  child: ChildProcess;
}

export function startApp(address: AppAddress, env: Record<string, string>): RunningApp {
  const entry = path.join(workspaceRoot, 'apps', address.app, 'src', 'main.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: workspaceRoot,
    env: { ...process.env, ...env, PORT: String(address.port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const label = `[${address.app}]`.padEnd(17);
  for (const stream of [child.stdout, child.stderr]) {
    if (stream) createInterface({ input: stream }).on('line', (line) => process.stdout.write(`${label} ${line}\n`));
  }
  return { address, child };
}

export async function waitForHealth(apps: RunningApp[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  await Promise.all(
    apps.map(async ({ address, child }) => {
      while (Date.now() < deadline) {
        if (child.exitCode !== null) throw new Error(`${address.app} exited with code ${child.exitCode} during start-up`);
        if (await healthy(address.healthUrl)) return;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new Error(`${address.app} did not answer ${address.healthUrl} within ${timeoutMs / 1000} s`);
    }),
  );
}

function healthy(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const get = url.startsWith('https:') ? httpsGet : httpGet;
    const req = get(url, { rejectUnauthorized: false, timeout: 1000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
    req.on('timeout', () => req.destroy());
  });
}

/** `npm start -- --keep-going`: how an app that died is started again. */
export interface RestartPolicy {
  start(address: AppAddress): RunningApp;
}

const FIRST_RESTART_DELAY_MS = 1_000;
const LONGEST_RESTART_DELAY_MS = 30_000;
/** An app that ran this long before it died starts again after the first delay, not a grown one. */
const STABLE_AFTER_MS = 60_000;

/**
 * Stops every app (SIGTERM, then SIGKILL after the grace period), then runs `after`, then exits.
 * When an app dies: without `restart` everything stops (what a developer sees at once); with it,
 * that app alone is started again after 1 s, 2 s, 4 s … at most 30 s, and the others keep serving.
 */
export function installShutdown(apps: RunningApp[], after: () => Promise<void>, restart?: RestartPolicy): (code: number) => Promise<void> {
  let stopping = false;
  const pending = new Set<NodeJS.Timeout>();
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    for (const timer of pending) clearTimeout(timer);
    process.stdout.write('\nStopping Tessera…\n');
    await Promise.all(apps.map(({ child }) => stopChild(child, 10_000)));
    await after();
    process.stdout.write('Stopped.\n');
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  const watch = (index: number, startedAt: number, delayMs: number) => {
    const { address, child } = apps[index]!;
    child.on('exit', (exitCode, signal) => {
      if (stopping) return;
      const how = signal ?? `exit code ${exitCode}`;
      if (!restart) {
        process.stderr.write(`${address.app} stopped unexpectedly (${how}); stopping the rest.\n`);
        void stop(1);
        return;
      }
      const wait = Date.now() - startedAt >= STABLE_AFTER_MS ? FIRST_RESTART_DELAY_MS : delayMs;
      process.stderr.write(`${address.app} stopped unexpectedly (${how}); starting it again in ${wait / 1000} s, the other apps keep running.\n`);
      const timer = setTimeout(() => {
        pending.delete(timer);
        if (stopping) return;
        apps[index] = restart.start(address);
        watch(index, Date.now(), Math.min(wait * 2, LONGEST_RESTART_DELAY_MS));
        waitForHealth([apps[index]!], 90_000).then(
          () => process.stdout.write(`${address.app} is back (pid ${apps[index]!.child.pid}).\n`),
          () => undefined, // its exit, if it died again, is reported above
        );
      }, wait);
      pending.add(timer);
    });
  };
  apps.forEach((_, index) => watch(index, Date.now(), FIRST_RESTART_DELAY_MS));
  return stop;
}

function stopChild(child: ChildProcess, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

const PORT_VARIABLES: Record<AppAddress['app'], string> = { api: 'API_PORT', auth: 'AUTH_PORT', graphql: 'GRAPHQL_PORT', 'webhook-worker': 'WORKER_PORT' };

/** Fails with a message that says what to do when an app's port is taken (often: Tessera already runs). */
export async function assertPortsFree(addresses: AppAddress[], variable?: string): Promise<void> {
  for (const address of addresses) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(address.port, () => probe.close(() => resolve(true)));
    });
    if (!free) {
      throw new Error(`Port ${address.port} (${address.app}) is in use. Is Tessera already running? Stop it, or set ${variable ?? PORT_VARIABLES[address.app]} to another port.`);
    }
  }
}
