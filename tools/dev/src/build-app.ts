/**
 * Bundles one app into dist/apps/<app>/main.js: workspace libs are compiled in,
 * every third-party dependency stays external and is installed in the image
 * with `npm ci --omit=dev`.
 */
import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { workspaceRoot } from './paths.js';

const APPS = ['api', 'auth', 'graphql', 'webhook-worker'];
const root = workspaceRoot;

async function main(app: string | undefined): Promise<void> {
  if (!app || !APPS.includes(app)) throw new Error(`usage: build-app <${APPS.join('|')}>`);
  const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  const external = Object.keys(pkg.dependencies).flatMap((name) => [name, `${name}/*`]);
  const result = await build({
    entryPoints: [path.join(root, 'apps', app, 'src', 'main.ts')],
    outfile: path.join(root, 'dist', 'apps', app, 'main.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external,
    metafile: true,
    logLevel: 'warning',
  });
  const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
  process.stdout.write(`built dist/apps/${app}/main.js (${Math.round(bytes / 1024)} KiB with source map)\n`);
}

main(process.argv[2]).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
