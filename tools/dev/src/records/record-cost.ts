/**
 * What a record of the engine costs (issue 31, docs/decisions/039): the non-blank lines of its
 * definition (the `*.record.ts` naming its noun) plus those of its migration: the one named after
 * it, else the ones creating its table. A record whose migration makes other records' tables too
 * (the first records, made before the engine) counts that whole migration, and says so. `npm run record-cost` prints the table (print-record-cost.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { RECORDS } from '@tessera/domain';
import { workspaceRoot } from '../paths.js';

export interface RecordCost {
  noun: string;
  definition: string;
  definitionLines: number;
  migrations: string[];
  migrationLines: number;
  /** One of its migrations creates other records' tables too. */
  shared: boolean;
}

const lineCount = (text: string) => text.split('\n').filter((line) => line.trim() !== '').length;

function filesUnder(dir: string, ending: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path, ending);
    return entry.name.endsWith(ending) ? [path] : [];
  });
}

export function recordCosts(root = workspaceRoot): RecordCost[] {
  const definitions = filesUnder(join(root, 'libs/domain/src'), '.record.ts').map((path) => ({ path, text: readFileSync(path, 'utf8') }));
  const migrations = filesUnder(join(root, 'libs/persistence/src/migrations'), '.ts')
    .filter((path) => /\/\d{14}_[^/]+\.ts$/.test(path))
    .map((path) => ({ path, text: readFileSync(path, 'utf8') }));
  const tablesOf = (text: string) => [...text.matchAll(/createTable\('([a-z_]+)'/g)].map((match) => match[1]!);
  const ownTables = new Map(RECORDS.map((def) => [def.table, def.noun]));
  return RECORDS.map((def) => {
    const definition = definitions.find((file) => new RegExp(`noun: '${def.noun}'`).test(file.text));
    if (!definition) throw new Error(`${def.noun}: no *.record.ts names it`);
    // Its migration is the one named after it (`…_slas.ts`, which may alter a table made earlier), else those creating its table.
    const named = migrations.filter((file) => [def.table, def.path].some((name) => new RegExp(`/\\d{14}_${name}\\.ts$`).test(file.path)));
    const made = named.length > 0 ? named : migrations.filter((file) => tablesOf(file.text).includes(def.table));
    return {
      noun: def.noun,
      definition: relative(root, definition.path),
      definitionLines: lineCount(definition.text),
      migrations: made.map((file) => relative(root, file.path)),
      migrationLines: made.reduce((sum, file) => sum + lineCount(file.text), 0),
      shared: made.some((file) => tablesOf(file.text).some((table) => ownTables.has(table) && ownTables.get(table) !== def.noun)),
    };
  });
}

export function recordCostTable(costs: readonly RecordCost[]): string {
  const rows = costs.map((cost) => `| ${cost.noun} | ${cost.definitionLines} | ${cost.migrationLines}${cost.shared ? ' (shared with other records)' : ''} | ${cost.definitionLines + cost.migrationLines} |`);
  return ['| record | definition | migration | lines |', '| --- | ---: | ---: | ---: |', ...rows].join('\n');
}
