/**
 * `node --import tsx tools/dev/src/config/read-config-variables.ts <app>`: prints, as JSON, every
 * environment variable the app's configuration loader reads. The loader runs as it does at boot, on
 * an environment that records each name asked for, so the list is the schemas' keys and also what is
 * read beside them (SECRET_SEALING_KEY, NODE_ENV, the worker's delivery settings). It runs as a
 * process of its own, as the launcher runs the apps: tools may not import app code (lint rule
 * `type:tool` → no `type:app`), and a list kept by hand would drift from the schemas.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { APPS, type AppName } from '../app-addresses.js';
import { workspaceRoot } from '../paths.js';

/** The least an app needs to load its configuration: everything else has a default. */
const MINIMAL_ENV: Record<string, string> = { DATABASE_URL: 'postgres://tessera@localhost:5432/tessera' };

async function main(app: string | undefined): Promise<void> {
  if (!APPS.includes(app as AppName)) throw new Error(`usage: read-config-variables <${APPS.join('|')}>`);
  const module = (await import(pathToFileURL(path.join(workspaceRoot, 'apps', app!, 'src', 'config.ts')).href)) as Record<string, unknown>;
  const loaders = Object.entries(module).filter(([name, value]) => /^load\w*Config$/.test(name) && typeof value === 'function');
  if (loaders.length !== 1) throw new Error(`apps/${app}/src/config.ts should export one load…Config function, not ${loaders.length}`);
  const read = new Set<string>();
  const env = new Proxy(MINIMAL_ENV, {
    get(target, name) {
      if (typeof name === 'string') read.add(name);
      return target[name as string];
    },
  });
  (loaders[0]![1] as (env: Record<string, string | undefined>) => unknown)(env);
  process.stdout.write(`${JSON.stringify([...read].sort())}\n`);
}

main(process.argv[2]).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
