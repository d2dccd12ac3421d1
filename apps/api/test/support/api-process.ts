/**
 * apps/api as `npm start` runs it: its main.ts in a process of its own (apps
 * never import apps), on a test database. Resolves once it listens and its
 * access cache hears changes (its log says both).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFreePort } from '@tessera/persistence';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface ApiProcess {
  port: number;
  url: string;
  child: ChildProcess;
  /** Everything it logged so far (pino JSON lines). */
  output(): string;
  /** SIGTERM, then its exit code once it is gone. */
  stop(): Promise<number | null>;
}

export async function startApiProcess(databaseUrl: string, env: Record<string, string> = {}): Promise<ApiProcess> {
  const port = await findFreePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info',
      RATE_LIMIT_PER_HOUR: '1000000', RATE_LIMIT_PER_2_SECONDS: '1000000', ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the api did not start:\n${output}`)), 60_000);
    const onData = () => {
      if (output.includes('"access changes: listening"') && output.includes('"listening"')) {
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        child.off('exit', onExit);
        resolve();
      }
    };
    const onExit = (code: number | null) => reject(new Error(`the api exited with ${code}:\n${output}`));
    child.stdout!.on('data', onData);
    child.once('exit', onExit);
  });
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
      return child.exitCode;
    },
  };
}
