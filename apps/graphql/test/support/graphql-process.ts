/**
 * apps/graphql as it is deployed: its main.ts in a process of its own (apps never import apps),
 * with NODE_ENV=production unless told otherwise, on a test database, serving HTTPS on a
 * self-signed certificate. Resolves once it listens.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFreePort } from '@tessera/persistence';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface GraphqlProcess {
  port: number;
  child: ChildProcess;
  /** Everything it logged so far (pino JSON lines). */
  output(): string;
  /** Sends `signal` (default SIGTERM); resolves with its exit code, or the signal that ended it, once it is gone. */
  stop(signal?: NodeJS.Signals): Promise<number | NodeJS.Signals | null>;
}

export async function startGraphqlProcess(databaseUrl: string, env: Record<string, string> = {}): Promise<GraphqlProcess> {
  const port = await findFreePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/graphql/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env, NODE_ENV: 'production', DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info',
      GRAPHQL_RATE_LIMIT_PER_HOUR: '1000000', GRAPHQL_RATE_LIMIT_PER_2_SECONDS: '1000000', GRAPHQL_COST_POINTS_PER_HOUR: '1000000', GRAPHQL_MAX_CALLS_IN_FLIGHT: '1000', ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`graphql did not start:\n${output}`)), 90_000);
    const onData = () => {
      if (output.includes('"listening"')) {
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        child.off('exit', onExit);
        resolve();
      }
    };
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`graphql exited with ${code}:\n${output}`));
    };
    child.stdout!.on('data', onData);
    child.once('exit', onExit);
  });
  return {
    port,
    child,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = once(child, 'exit');
        child.kill(signal);
        await exited;
      }
      return child.exitCode ?? child.signalCode;
    },
  };
}
