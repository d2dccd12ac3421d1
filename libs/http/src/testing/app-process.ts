/**
 * An app as it is deployed: its main.ts in a process of its own (`node --import tsx`), so a test
 * sees what a signal, a crash or the process's own configuration does, which an in-process app
 * cannot show (apps never import apps). Resolves once every line in `readyWhen` has been logged.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// tsx and the apps are resolved from the workspace root, where node_modules is.
const WORKSPACE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface AppProcessOptions {
  /** The app's folder under apps/, e.g. `api`. */
  app: string;
  /** Its whole environment but PATH-like inheritance: merged over the test process's own. */
  env: Record<string, string>;
  /** Logged texts (pino JSON fragments) that together say the app is ready. */
  readyWhen: string[];
  /** How long it may take to be ready; a loaded CI machine needs a minute. */
  startTimeoutMs?: number;
}

export interface AppProcess {
  child: ChildProcess;
  /** Everything it logged to stdout so far (pino JSON lines). */
  output(): string;
  /** Sends `signal` (default SIGTERM); resolves with its exit code, or the signal that ended it, once it is gone. */
  stop(signal?: NodeJS.Signals): Promise<number | NodeJS.Signals | null>;
}

export async function startAppProcess(options: AppProcessOptions): Promise<AppProcess> {
  const { app, env, readyWhen, startTimeoutMs = 90_000 } = options;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(WORKSPACE_ROOT, 'apps', app, 'src/main.ts')], {
    cwd: WORKSPACE_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${app} did not start within ${startTimeoutMs} ms:\n${output}`)), startTimeoutMs);
    const onData = () => {
      if (!readyWhen.every((line) => output.includes(line))) return;
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      child.off('exit', onExit);
      resolve();
    };
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`${app} exited with ${code}:\n${output}`));
    };
    child.stdout!.on('data', onData);
    child.once('exit', onExit);
  });
  return {
    child,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) {
        // 'close', not 'exit': 'exit' may come before the last of its output has been read from the pipes.
        const exited = once(child, 'close');
        child.kill(signal);
        await exited;
      }
      return child.exitCode ?? child.signalCode;
    },
  };
}
