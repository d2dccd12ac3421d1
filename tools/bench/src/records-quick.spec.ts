/**
 * The records benchmark end to end on small counts: the api and the raw SQL baseline are
 * checked to do the same work (the same page byte for byte, the same rows for a create), then
 * each prints its figure and the ratio. Speed is not asserted (machines differ); that the
 * harness works, and that it would say so if the baseline did less, is.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { workspaceRoot } from './runtime.js';

function runRecordsBench(): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(workspaceRoot, 'tools/bench/src/run.ts')], {
    cwd: workspaceRoot,
    // The bench's defaults but for the counts, whatever the environment of the test run says.
    env: {
      ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('BENCH_'))),
      BENCH_ONLY: 'records',
      BENCH_RECORDS_REQUESTS: '100',
      BENCH_RECORDS_ORGANIZATIONS: '60',
      BENCH_WARMUP: '1',
      BENCH_CLIENTS: '4',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

describe('npm run bench (BENCH_ONLY=records, small counts)', () => {
  let run: { code: number | null; output: string };
  beforeAll(async () => {
    run = await runRecordsBench();
  }, 300_000);

  it('ends with exit code 0, the baseline shown to do the same work', () => {
    expect({ code: run.code, same: /same work: the same page byte for byte; a create writes the same organization, audit line and organization\.create job on both sides/.test(run.output) }).toEqual({ code: 0, same: true });
  });

  it('prints the page and the create through the api beside raw SQL, each with its ratio and no failure', () => {
    const line = (name: string) => new RegExp(`${name.replace(/[+()]/g, '\\$&')}\\s+(\\d+) /s .* 100 calls .* failures 0`);
    const blocks = run.output.split(/\n(?=GET |POST )/);
    const page = blocks.find((block) => block.startsWith('GET /v1/organizations?per_page=25&sort=name'))!;
    const create = blocks.find((block) => block.startsWith('POST /v1/organizations'))!;
    for (const block of [page, create]) {
      expect(block).toMatch(line('tessera api, whole pipeline and engine'));
      expect(block).toMatch(line('raw SQL + bare Express (baseline)'));
      expect(block).toMatch(/ratio tessera\/baseline throughput: \d+\.\d+ ×/);
    }
  });
});
