/**
 * The worker app as production runs it: src/main.ts in a process of its own
 * (`node --import tsx`), so a test can kill it with SIGKILL: no graceful stop,
 * no cleanup, its sockets closed by the kernel, exactly like a crash.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
// tsx is resolved from the workspace root, where node_modules is.
const WORKSPACE_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

export interface WorkerProcess {
  child: ChildProcess;
  pid: number;
  /** stdout and stderr so far, for failure messages. */
  output(): string;
  /** Resolves with the signal or exit code once the process has ended. */
  exited: Promise<NodeJS.Signals | number | null>;
  /** SIGKILL, waits for the process to be gone, removes its mailbox folder. Safe to call again. */
  kill(): Promise<void>;
}

export function spawnWorkerProcess(env: Record<string, string>): WorkerProcess {
  const mailboxDir = mkdtempSync(path.join(tmpdir(), 'tessera-worker-process-'));
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: WORKSPACE_ROOT,
    // Only what the test says, over PATH and HOME: no DATABASE_URL or SMTP_URL of the shell.
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', NODE_ENV: 'test', MAILBOX_DIR: mailboxDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  // 'close', not 'exit': 'exit' may come before the last of its output has been read from the pipes.
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.once('close', (code, signal) => resolve(signal ?? code)));
  if (child.pid === undefined) throw new Error('the worker process did not start');
  return {
    child,
    pid: child.pid,
    output: () => output,
    exited,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
      rmSync(mailboxDir, { recursive: true, force: true });
    },
  };
}
