/**
 * A server under test in a child process of its own, so that it never shares
 * an event loop with the load client: started, awaited until it answers, and
 * stopped with SIGTERM (a clean exit is what makes `--cpu-prof` write its file).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { procStat } from './proc-stat.js';

export interface ServerSpec {
  name: string;
  /** Node arguments: flags, then the entry file. */
  args: string[];
  env: Record<string, string | undefined>;
  origin: string;
  /** A GET that answers 2xx once the server is ready. */
  readyPath: string;
}

export interface ServerProcess {
  origin: string;
  /** The server's stdout and stderr: out of the bench's own output, at hand when a call failed. */
  logFile: string;
  /** CPU time (user + system) the process has used so far, in ms; null where /proc is not there to read it. */
  cpuMs(): number | null;
  stop(): Promise<void>;
}

export async function startServer(spec: ServerSpec): Promise<ServerProcess> {
  const logFile = path.join(tmpdir(), `tessera-bench-${spec.name.replace(/\W+/g, '-')}-${Date.now()}.log`);
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, spec.args, { env: spec.env, stdio: ['ignore', log, log] });
  closeSync(log);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    const died = await Promise.race([waitUntilReady(`${spec.origin}${spec.readyPath}`).then(() => null), exited.then((code) => ({ code }))]);
    if (died) throw new Error(`${spec.name} exited with code ${died.code} before it was ready; its output (${logFile}) ends with:\n${tail(logFile)}`);
  } catch (error) {
    await stopChild(child, exited);
    throw error;
  }
  return { origin: spec.origin, logFile, cpuMs: () => processCpuMs(child.pid), stop: () => stopChild(child, exited) };
}

/** CPU time (user + system) of a process so far, in ms; null where /proc is not there to read it. */
export function processCpuMs(pid: number | undefined): number | null {
  return procStat(pid)?.cpuMs ?? null;
}

async function stopChild(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

function tail(file: string): string {
  return readFileSync(file, 'utf8').split('\n').slice(-30).join('\n');
}

async function waitUntilReady(url: string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within 90 s`);
}
