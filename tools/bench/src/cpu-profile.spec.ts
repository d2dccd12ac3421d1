import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { busyTimeline, profileWindow, summariseProfile, type CpuProfile } from './cpu-profile.js';

const root = '/work/tessera';

function frame(functionName: string, url = '', lineNumber = 0, columnNumber = 0) {
  return { functionName, url, lineNumber, columnNumber };
}

const afterTest: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(afterTest.splice(0).map((cleanup) => cleanup()));
});

describe('summariseProfile', () => {
  it('sums self time by file:function and by package, idle kept apart, with the callers of each', () => {
    const profile: CpuProfile = {
      nodes: [
        { id: 1, callFrame: frame('(root)'), children: [2, 3, 4] },
        { id: 2, callFrame: frame('(idle)') },
        { id: 3, callFrame: frame('parse', `file://${root}/node_modules/pg-protocol/dist/parser.js`, 10, 2) },
        { id: 4, callFrame: frame('authenticate', `file://${root}/libs/http/src/access.middleware.ts`, 5, 0), children: [5] },
        { id: 5, callFrame: frame('writev') },
      ],
      samples: [2, 3, 3, 3, 4, 5, 5],
      // A sample lasts until the next one; the last one as long as the gap before it.
      timeDeltas: [0, 500, 1000, 1000, 700, 300, 200],
    };
    const summary = summariseProfile(profile, root);
    expect(summary.totalMicros).toBe(3900);
    expect(summary.idleMicros).toBe(500);
    expect(summary.byFunction.map(({ name, micros }) => ({ name, micros }))).toEqual([
      { name: 'pg-protocol/dist/parser.js:parse', micros: 2700 },
      { name: '(idle)', micros: 500 },
      { name: 'writev', micros: 400 },
      { name: 'libs/http/src/access.middleware.ts:authenticate', micros: 300 },
    ]);
    // A native frame is told by the code that called it.
    expect(summary.byFunction[2]!.via).toEqual([{ name: 'libs/http/src/access.middleware.ts:authenticate', micros: 400 }]);
    expect(summary.byPackage.map((p) => p.name)).toEqual(['pg-protocol', '(idle)', '(native)', 'libs/http']);
  });

  it('names the source file of a bundled function through the bundle source map', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'bench-profile-'));
    afterTest.push(() => rm(dir, { recursive: true, force: true }));
    await writeFile(path.join(dir, 'rule.ts'), 'export function checkRule(n: number): number {\n  return n * 2;\n}\n');
    await writeFile(path.join(dir, 'main.ts'), "import { checkRule } from './rule.js';\nconsole.log(checkRule(Number(process.argv[2])));\n");
    const outfile = path.join(dir, 'dist', 'main.js');
    await build({ entryPoints: [path.join(dir, 'main.ts')], outfile, bundle: true, platform: 'node', format: 'esm', sourcemap: true, logLevel: 'silent' });
    const lines = (await readFile(outfile, 'utf8')).split('\n');
    const lineNumber = lines.findIndex((line) => line.includes('return n * 2'));
    const columnNumber = lines[lineNumber]!.indexOf('return');

    const summary = summariseProfile(
      { nodes: [{ id: 1, callFrame: frame('checkRule', pathToFileURL(outfile).href, lineNumber, columnNumber) }], samples: [1, 1], timeDeltas: [0, 500] },
      dir,
    );
    expect(summary.byFunction[0]!.name).toBe('rule.ts:checkRule');
  });
});

describe('one run of a profile', () => {
  // 1 s idle, then 2 s busy in parse, then 1 s idle: samples every 500 ms.
  const profile: CpuProfile = {
    nodes: [
      { id: 1, callFrame: frame('(root)'), children: [2, 3] },
      { id: 2, callFrame: frame('(idle)') },
      { id: 3, callFrame: frame('parse', `file://${root}/node_modules/pg-protocol/dist/parser.js`, 10, 2) },
    ],
    samples: [2, 2, 3, 3, 3, 3, 2, 2],
    timeDeltas: [0, 500_000, 500_000, 500_000, 500_000, 500_000, 500_000, 500_000],
  };

  it('gives the busy share of each step, where a run began and ended', () => {
    expect(busyTimeline(profile, 1)).toEqual([0, 1, 1, 0]);
  });

  it('keeps the samples of a span alone (those taken at 1, 1.5 and 2 s)', () => {
    const busy = summariseProfile(profileWindow(profile, 1, 2.4), root);
    expect(busy.totalMicros - busy.idleMicros).toBe(1_500_000);
    expect(busy.idleMicros).toBe(0);
  });
});
