/**
 * The files the GraphiQL page loads, served from node_modules by exact path (never a folder):
 * graphiql's UMD build, which runs on React 18's UMD files, plus the page's own script and styles.
 * Each URL carries the package version (or a content hash for the page's files), so browsers
 * may keep them for a year: an upgrade changes the URL.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { GRAPHIQL_PAGE_SCRIPT, GRAPHIQL_PAGE_STYLES } from './graphiql-page-source.js';

export const GRAPHIQL_ASSETS_PATH = '/graphiql/assets';

const JAVASCRIPT = 'text/javascript; charset=utf-8';
const CSS = 'text/css; charset=utf-8';

export type GraphiqlAsset = { name: string; contentType: string } & ({ file: string } | { body: string });

export interface GraphiqlAssets {
  /** In the order the page loads them: React before graphiql, graphiql before the page script. */
  scripts: GraphiqlAsset[];
  styles: GraphiqlAsset[];
  byName: ReadonlyMap<string, GraphiqlAsset>;
}

const require = createRequire(import.meta.url);

/** The folder of an installed package; React and React DOM export no `package.json`, so walk up from their entry. */
function packageRoot(name: string): string {
  let dir = path.dirname(require.resolve(name));
  while (path.basename(dir) !== path.basename(name) || path.basename(path.dirname(dir)) !== 'node_modules') {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`cannot find the folder of the installed package ${name}`);
    dir = parent;
  }
  return dir;
}

function packageFile(name: string, file: string, contentType: string): GraphiqlAsset {
  const root = packageRoot(name);
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
  const absolute = path.join(root, file);
  statSync(absolute); // a missing file stops the app at boot, not at the first browser
  return { name: `${name}-${version}-${path.basename(file)}`, contentType, file: absolute };
}

function pageFile(stem: string, body: string, extension: string, contentType: string): GraphiqlAsset {
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
  return { name: `${stem}-${hash}${extension}`, contentType, body };
}

/** Built once per process: resolving packages and hashing the page's files is not per-request work. */
export function loadGraphiqlAssets(): GraphiqlAssets {
  const scripts = [
    packageFile('react', 'umd/react.production.min.js', JAVASCRIPT),
    packageFile('react-dom', 'umd/react-dom.production.min.js', JAVASCRIPT),
    packageFile('graphiql', 'graphiql.min.js', JAVASCRIPT),
    pageFile('graphiql-page', GRAPHIQL_PAGE_SCRIPT, '.js', JAVASCRIPT),
  ];
  const styles = [packageFile('graphiql', 'graphiql.min.css', CSS), pageFile('graphiql-page', GRAPHIQL_PAGE_STYLES, '.css', CSS)];
  return { scripts, styles, byName: new Map([...scripts, ...styles].map((asset) => [asset.name, asset])) };
}

export const assetUrl = (asset: GraphiqlAsset): string => `${GRAPHIQL_ASSETS_PATH}/${asset.name}`;
