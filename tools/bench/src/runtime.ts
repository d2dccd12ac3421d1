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
  /** The records benchmark's raw SQL server (records-bare.ts). */
  recordsBare: string[];
  /** Node arguments that run the webhook worker, before any profiling flag is added. */
  webhookWorker: string[];
  /** The deliveries benchmark's sink as a child process (sink-handle.ts). */
  webhookSink: { execArgv: string[]; file: string };
  /** Set on both servers' environment. */
  env: Record<string, string>;
  description: string;
}

/** Which apps the chosen benchmarks run: only those are built. */
export interface NeededApps {
  api: boolean;
  webhookWorker: boolean;
}

export async function prepareEntries(runtime: Runtime, needed: NeededApps = { api: true, webhookWorker: true }): Promise<Entries> {
  if (runtime === 'tsx') {
    return {
      api: ['--import', 'tsx', path.join(workspaceRoot, 'apps/api/src/main.ts')],
      bareExpress: ['--import', 'tsx', path.join(workspaceRoot, 'tools/bench/src/bare-express.ts')],
      recordsBare: ['--import', 'tsx', path.join(workspaceRoot, 'tools/bench/src/records-bare.ts')],
      webhookWorker: ['--import', 'tsx', path.join(workspaceRoot, 'apps/webhook-worker/src/main.ts')],
      webhookSink: { execArgv: ['--import', 'tsx'], file: path.join(workspaceRoot, 'tools/bench/src/webhook-sink-process.ts') },
      env: {},
      description: 'api, webhook worker and bare servers from TypeScript sources under tsx (as npm start runs them)',
    };
  }
  if (needed.api) await buildAppBundle('api');
  if (needed.webhookWorker) await buildAppBundle('webhook-worker');
  const bareExpress = await buildBenchEntry('bare-express');
  const webhookSink = await buildBenchEntry('webhook-sink-process');
  const recordsBare = await buildBenchEntry('records-bare');
  const apps = [needed.api && 'api', needed.webhookWorker && 'webhook worker'].filter(Boolean).join(' and ');
  return {
    api: ['--enable-source-maps', path.join(workspaceRoot, 'dist/apps/api/main.js')],
    bareExpress: ['--enable-source-maps', bareExpress],
    recordsBare: ['--enable-source-maps', recordsBare],
    webhookWorker: ['--enable-source-maps', path.join(workspaceRoot, 'dist/apps/webhook-worker/main.js')],
    webhookSink: { execArgv: ['--enable-source-maps'], file: webhookSink },
    env: { NODE_ENV: 'production' },
    description: `${apps} from esbuild bundles dist/apps/<app>/main.js, built now by tools/dev/src/build-app.ts, under plain node with NODE_ENV=production and --enable-source-maps (as the Docker image runs them); bare servers compiled and run the same way`,
  };
}

/** A bench-side server (bare-express, the webhook sink), compiled with its imports of the bench bundled in. */
export async function buildBenchEntry(name: string): Promise<string> {
  const outfile = path.join(workspaceRoot, `dist/bench/${name}.js`);
  await build({
    entryPoints: [path.join(workspaceRoot, `tools/bench/src/${name}.ts`)],
    outfile,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
  });
  return outfile;
}

/** The repo's own build of an app, so the bench measures what ships. */
async function buildAppBundle(app: 'api' | 'webhook-worker'): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(workspaceRoot, 'tools/dev/src/build-app.ts'), app], {
    cwd: workspaceRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`building the ${app} bundle failed (exit code ${code})`);
}
