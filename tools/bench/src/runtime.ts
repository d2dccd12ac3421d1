/**
 * How the servers under test are run. `bundle` (the default) is how the Docker
 * image runs an app: the esbuild bundle of tools/dev/src/build-app.ts under
 * plain node with NODE_ENV=production and --enable-source-maps; the bare
 * baseline server is compiled and run the same way. `tsx` runs both from their
 * TypeScript sources, as `npm start` does.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Runtime } from './bench-options.js';

export const workspaceRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface Entries {
  /** Node arguments that run the api, before any profiling flag is added. */
  api: string[];
  bareExpress: string[];
  /** Set on both servers' environment. */
  env: Record<string, string>;
  description: string;
}

export async function prepareEntries(runtime: Runtime): Promise<Entries> {
  if (runtime === 'tsx') {
    return {
      api: ['--import', 'tsx', path.join(workspaceRoot, 'apps/api/src/main.ts')],
      bareExpress: ['--import', 'tsx', path.join(workspaceRoot, 'tools/bench/src/bare-express.ts')],
      env: {},
      description: 'api and bare server from TypeScript sources under tsx (as npm start runs them)',
    };
  }
  await buildApiBundle();
  const bareExpress = path.join(workspaceRoot, 'dist/bench/bare-express.js');
  await build({
    entryPoints: [path.join(workspaceRoot, 'tools/bench/src/bare-express.ts')],
    outfile: bareExpress,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
  });
  return {
    api: ['--enable-source-maps', path.join(workspaceRoot, 'dist/apps/api/main.js')],
    bareExpress: ['--enable-source-maps', bareExpress],
    env: { NODE_ENV: 'production' },
    description: 'api from its esbuild bundle dist/apps/api/main.js, built now by tools/dev/src/build-app.ts, under plain node with NODE_ENV=production and --enable-source-maps (as the Docker image runs it); bare server compiled and run the same way',
  };
}

/** The repo's own build of the api, so the bench measures what ships. */
async function buildApiBundle(): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(workspaceRoot, 'tools/dev/src/build-app.ts'), 'api'], {
    cwd: workspaceRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`building the api bundle failed (exit code ${code})`);
}
