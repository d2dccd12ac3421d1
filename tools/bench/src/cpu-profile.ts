/**
 * Self time of a V8 .cpuprofile (what `node --cpu-prof` writes), summed by
 * file:function and by package. Frames of a bundle are traced back to their
 * source file through the bundle's source map (`<file>.map` beside it), so a
 * profile of dist/apps/api/main.js still names libs/http/src/… and friends.
 */
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

export interface CpuProfile {
  nodes: Array<{ id: number; callFrame: CallFrame; children?: number[] }>;
  samples: number[];
  timeDeltas: number[];
}

export interface SelfTime {
  name: string;
  micros: number;
}

export interface FunctionSelfTime extends SelfTime {
  /** The nearest callers from a file (package or workspace code), by the self time spent below them. */
  via: SelfTime[];
}

export interface ProfileSummary {
  totalMicros: number;
  idleMicros: number;
  byFunction: FunctionSelfTime[];
  byPackage: SelfTime[];
  /** Per function of the workspace (apps/, libs/, tools/): the time of the samples with it on the stack, each sample once. */
  byWorkspaceFunction: SelfTime[];
}

export const NO_CALLER = '(no caller in a file)';

/** V8's pseudo-frames: idle is waiting, the others are real work. */
const IDLE = '(idle)';

export function summariseProfile(profile: CpuProfile, root: string): ProfileSummary {
  const locate = locator(root);
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const parents = new Map(profile.nodes.flatMap((node) => (node.children ?? []).map((child) => [child, node.id] as const)));
  const keyOf = memo((id: number) => {
    const frame = frames.get(id)!;
    const where = locate(frame);
    return where.file ? `${where.file}:${frame.functionName || '(anonymous)'}` : frame.functionName;
  });
  // Native and built-in frames (writev, JSON.stringify, …) say little alone: name the code that called them.
  const viaOf = memo((id: number) => {
    for (let at = parents.get(id); at !== undefined; at = parents.get(at)) {
      if (frames.get(at)!.url.startsWith('file:') && keyOf(at) !== keyOf(id)) return keyOf(at);
    }
    return NO_CALLER;
  });
  // The workspace functions on a sample's stack (a stack crosses no await: code after one is a stack of its own).
  const workspaceStackOf = memo((id: number): ReadonlySet<string> => {
    const parent = parents.get(id);
    const below = parent === undefined ? new Set<string>() : new Set(workspaceStackOf(parent));
    if (/^(apps|libs|tools)\//.test(locate(frames.get(id)!).file)) below.add(keyOf(id));
    return below;
  });
  const byWorkspaceFunction = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const callers = new Map<string, Map<string, number>>();
  const byPackage = new Map<string, number>();
  let totalMicros = 0;
  let idleMicros = 0;
  profile.samples.forEach((id, i) => {
    // A sample's time is the gap to the next one (the last gets the one before it).
    const micros = Math.max(0, profile.timeDeltas[i + 1] ?? profile.timeDeltas[i] ?? 0);
    const frame = frames.get(id);
    if (!frame) return;
    totalMicros += micros;
    if (frame.functionName === IDLE) idleMicros += micros;
    const key = keyOf(id);
    add(byFunction, key, micros);
    if (!callers.has(key)) callers.set(key, new Map());
    add(callers.get(key)!, viaOf(id), micros);
    add(byPackage, locate(frame).pkg, micros);
    for (const name of workspaceStackOf(id)) add(byWorkspaceFunction, name, micros);
  });
  return {
    totalMicros,
    idleMicros,
    byFunction: sorted(byFunction).map((row) => ({ ...row, via: sorted(callers.get(row.name)!) })),
    byPackage: sorted(byPackage),
    byWorkspaceFunction: sorted(byWorkspaceFunction),
  };
}

function memo<T>(compute: (id: number) => T): (id: number) => T {
  const known = new Map<number, T>();
  return (id) => {
    if (!known.has(id)) known.set(id, compute(id));
    return known.get(id)!;
  };
}

function add(map: Map<string, number>, key: string, micros: number): void {
  map.set(key, (map.get(key) ?? 0) + micros);
}

function sorted(map: Map<string, number>): SelfTime[] {
  return [...map].map(([name, micros]) => ({ name, micros })).sort((a, b) => b.micros - a.micros);
}

/** Where a frame's code lives: a file relative to the workspace, and the package it belongs to. */
function locator(root: string): (frame: CallFrame) => { file: string; pkg: string } {
  const maps = new Map<string, { map: SourceMap; dir: string } | null>();
  const sourceMapOf = (file: string) => {
    if (!maps.has(file)) {
      const mapFile = `${file}.map`;
      const payload = existsSync(mapFile) ? (JSON.parse(readFileSync(mapFile, 'utf8')) as SourceMapPayload) : null;
      maps.set(file, payload ? { map: new SourceMap(payload), dir: path.dirname(mapFile) } : null);
    }
    return maps.get(file) ?? null;
  };
  return (frame) => {
    if (!frame.url) return { file: '', pkg: frame.functionName.startsWith('(') ? frame.functionName : '(native)' };
    if (!frame.url.startsWith('file:')) return { file: frame.url, pkg: frame.url.startsWith('node:') ? 'node (built-in)' : frame.url };
    let file = fileURLToPath(frame.url);
    const sourceMap = sourceMapOf(file);
    if (sourceMap) {
      const entry = sourceMap.map.findEntry(frame.lineNumber, frame.columnNumber);
      if ('originalSource' in entry) file = entry.originalSource.startsWith('file:') ? fileURLToPath(entry.originalSource) : path.resolve(sourceMap.dir, entry.originalSource);
    }
    const relative = path.relative(workspaceOf(file, root), file);
    return { file: shorten(relative), pkg: packageOf(relative) };
  };
}

/** `root`, or for a profile taken in another checkout (a worktree), the Nx workspace the file is in. */
function workspaceOf(file: string, root: string): string {
  if (!path.relative(root, file).startsWith('..')) return root;
  for (let dir = path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'nx.json'))) return dir;
  }
  return root;
}

/** node_modules/<pkg>/lib/x.js → <pkg>/lib/x.js; workspace files stay as they are. */
function shorten(relative: string): string {
  const at = relative.lastIndexOf('node_modules/');
  return at === -1 ? relative : relative.slice(at + 'node_modules/'.length);
}

function packageOf(relative: string): string {
  const at = relative.lastIndexOf('node_modules/');
  if (at !== -1) {
    const parts = relative.slice(at + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  const parts = relative.split('/');
  return ['apps', 'libs', 'tools'].includes(parts[0]!) && parts[1] ? `${parts[0]}/${parts[1]}` : relative;
}

/**
 * The samples taken from `fromSeconds` to `toSeconds` after the profile began: one benchmark of a
 * process profiled over several (the `me` run, then the page) summarised alone.
 */
export function profileWindow(profile: CpuProfile, fromSeconds: number, toSeconds: number): CpuProfile {
  const samples: number[] = [];
  const timeDeltas: number[] = [];
  let at = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at < fromSeconds * 1e6 || at > toSeconds * 1e6) return;
    samples.push(id);
    timeDeltas.push(samples.length === 1 ? 0 : delta);
  });
  return { nodes: profile.nodes, samples, timeDeltas };
}

/** The share of each `stepSeconds` the process was busy (not idle): where each run began and ended. */
export function busyTimeline(profile: CpuProfile, stepSeconds: number): number[] {
  const idle = new Set(profile.nodes.filter((node) => node.callFrame.functionName === IDLE).map((node) => node.id));
  const busy: number[] = [];
  let at = 0;
  profile.samples.forEach((id, i) => {
    const micros = Math.max(0, profile.timeDeltas[i + 1] ?? profile.timeDeltas[i] ?? 0);
    at += Math.max(0, profile.timeDeltas[i] ?? 0);
    const step = Math.floor(at / (stepSeconds * 1e6));
    while (busy.length <= step) busy.push(0);
    if (!idle.has(id)) busy[step]! += micros / (stepSeconds * 1e6);
  });
  return busy;
}
