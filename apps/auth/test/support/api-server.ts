/**
 * apps/api as `npm start` runs it (its main.ts in a process of its own, apps never
 * import apps) on the auth harness's database, to call GET /v1/me with the
 * access tokens the auth app issues. Its access cache hears revocations through
 * PostgreSQL, as in production.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFreePort } from '@tessera/persistence';
import type { AuthHarness } from './auth-harness.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface ApiOnSameDatabase {
  /** The status of GET /v1/me with this bearer token in the demo account. */
  me(token: string): Promise<number>;
  close(): Promise<void>;
}

export async function startApiOn(h: AuthHarness): Promise<ApiOnSameDatabase> {
  const port = await findFreePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/main.ts')], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: h.test.url, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', RATE_LIMIT_PER_HOUR: '1000000', RATE_LIMIT_PER_2_SECONDS: '1000000' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the api did not start:\n${output}`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('"access changes: listening"') && output.includes('"listening"')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`the api exited with ${code}:\n${output}`)));
  });
  return {
    async me(token) {
      const res = await fetch(`http://127.0.0.1:${port}/v1/me`, { headers: { authorization: `Bearer ${token}`, 'x-service-account': h.demo.account } });
      await res.arrayBuffer();
      return res.status;
    },
    async close() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}
