/**
 * The relative imports between the files of one source folder, type-only
 * imports included (import/no-cycle skips those), and the cycles among them.
 */
import fs from 'node:fs';
import path from 'node:path';

export type ImportGraph = ReadonlyMap<string, readonly string[]>;

/** Every non-spec `.ts` file under `root`, with the files of `root` it imports or re-exports from. */
export function importGraph(root: string): ImportGraph {
  const files = tsFiles(root).filter((file) => !file.endsWith('.spec.ts'));
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const source = fs.readFileSync(file, 'utf8');
    const targets = [...source.matchAll(/\b(?:import|export)\b[^'";]*?\bfrom\s+'(\.{1,2}\/[^']+)'/g)]
      .map((match) => path.join(path.dirname(file), match[1]!).replace(/\.js$/, '.ts'))
      .filter((target) => known.has(target));
    graph.set(path.relative(root, file), targets.map((target) => path.relative(root, target)));
  }
  return graph;
}

/** The strongly connected groups of more than one file (or a file importing itself): each is a cycle. */
export function importCycles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file)!, index.get(next)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || (graph.get(file) ?? []).includes(file)) cycles.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
}

function tsFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return tsFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}
