/**
 * The variables of each app, from two sources that must agree: what the app's configuration
 * loader reads (read-config-variables.ts, run as a process of its own) and the tables of
 * docs/running-apps.md. The deployment examples under deploy/ are checked against the same lists.
 */
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { APPS, type AppName } from '../app-addresses.js';
import { workspaceRoot } from '../paths.js';

export interface DocumentedVariable {
  name: string;
  /** The `npm start` sets cell, when it says something ("—" means nothing). */
  setByNpmStart: boolean;
  /** The secret column says yes ("the file is", for a key file's path, is not: the path is no secret). */
  secret: boolean;
}

export const RUNNING_APPS_DOC = path.join(workspaceRoot, 'docs', 'running-apps.md');

/** Every environment variable the app's configuration loader reads, sorted. */
export function configVariables(app: AppName): string[] {
  const script = path.join(workspaceRoot, 'tools/dev/src/config/read-config-variables.ts');
  const output = execFileSync(process.execPath, ['--import', 'tsx', script, app], { cwd: workspaceRoot, encoding: 'utf8', env: { PATH: process.env['PATH'] } });
  return JSON.parse(output) as string[];
}

/** The table under `### <app>` of docs/running-apps.md, one row per variable. */
export async function documentedVariables(file = RUNNING_APPS_DOC): Promise<Record<AppName, DocumentedVariable[]>> {
  const lines = (await readFile(file, 'utf8')).split('\n');
  const tables = {} as Record<AppName, DocumentedVariable[]>;
  for (const app of APPS) {
    const heading = lines.indexOf(`### ${app}`);
    if (heading < 0) throw new Error(`${path.relative(workspaceRoot, file)} has no "### ${app}" section`);
    const rows: DocumentedVariable[] = [];
    let line = heading + 1;
    while (line < lines.length && !lines[line]!.startsWith('|')) line += 1;
    const header = cells(lines[line] ?? '');
    const npmStart = header.findIndex((cell) => cell.includes('npm start'));
    const secret = header.indexOf('secret');
    if (header[0] !== 'variable' || npmStart < 0 || secret < 0) throw new Error(`the ${app} table needs the columns variable, \`npm start\` sets and secret`);
    for (line += 2; lines[line]?.startsWith('|'); line += 1) {
      const row = cells(lines[line]!);
      const name = /^`([A-Z][A-Z0-9_]*)`$/.exec(row[0] ?? '')?.[1];
      if (!name) throw new Error(`${app} table, line ${line + 1}: the first cell must be one \`VARIABLE\`, not "${row[0]}"`);
      rows.push({ name, setByNpmStart: row[npmStart] !== '—', secret: row[secret] === 'yes' });
    }
    tables[app] = rows;
  }
  return tables;
}

function cells(line: string): string[] {
  return line.replace(/^\|/, '').replace(/\|\s*$/, '').split('|').map((cell) => cell.trim());
}
