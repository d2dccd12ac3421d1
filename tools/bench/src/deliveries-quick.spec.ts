/**
 * The deliveries benchmark end to end on small counts (`--quick`): every part
 * runs against the real worker and prints its figure beside its baseline. Speed
 * is not asserted (CI machines differ); that the harness works is.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { workspaceRoot } from './runtime.js';

function runQuickBench(): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(workspaceRoot, 'tools/bench/src/run.ts'), '--quick'], {
    cwd: workspaceRoot,
    // The bench's defaults, whatever the environment of the test run says.
    env: { ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('BENCH_'))), BENCH_ONLY: 'deliveries' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

const figure = (output: string, pattern: RegExp) => Number(pattern.exec(output)?.[1] ?? Number.NaN);

describe('npm run bench -- --quick (BENCH_ONLY=deliveries)', () => {
  let run: { code: number | null; output: string };
  beforeAll(async () => {
    run = await runQuickBench();
  }, 300_000);

  it('ends with exit code 0 and no failed delivery', () => {
    expect({ code: run.code, failures: /webhook deliveries: failures 0/.test(run.output) }).toEqual({ code: 0, failures: true });
  });

  it('says what it passes to the worker and that the database does not flush', () => {
    expect(run.output).toMatch(/the bench passes each worker WEBHOOK_MAX_IN_FLIGHT=64, WEBHOOK_MAX_IN_FLIGHT_PER_WEBHOOK=16/);
    expect(run.output).toMatch(/fsync=off/);
  });

  it('prints the worker beside a bare undici loop with the same in-flight count, and the ratio', () => {
    expect(figure(run.output, /worker: request\.create events in one commit\s+(\d+) deliveries\/s/)).toBeGreaterThan(0);
    expect(figure(run.output, /baseline: bare undici Pool POST loop, 64 in flight\s+(\d+) POSTs\/s/)).toBeGreaterThan(0);
    expect(run.output).toMatch(/ratio worker\/baseline deliveries per second: \d+\.\d+ ×/);
  });

  it('prints the minimal durable pipeline beside the worker with both sides\' CPU per delivery, and the ratio', () => {
    expect(figure(run.output, /minimal durable pipeline: raw SQL, narrow queue\s+(\d+) deliveries\/s/)).toBeGreaterThan(0);
    expect(run.output).toMatch(/minimal durable pipeline: .*client CPU [\d.]+ s, \d+ µs per delivery; PostgreSQL CPU [\d.]+ s, \d+ µs per delivery/);
    expect(run.output).toMatch(/ratio worker\/minimal pipeline deliveries per second from the commit: \d+\.\d+ × .*PostgreSQL CPU per delivery \d+ \/ \d+ µs.*worker\/client CPU per delivery \d+ \/ \d+ µs/);
  });

  it('runs the worker and the pipeline once more with the server durable, and turns durability off again after', () => {
    const block = /with durability on \((fsync=on, full_page_writes=on, synchronous_commit=on), as npm start runs the embedded server\), hs256.*\n {2}worker: .*\n {2}minimal durable pipeline: .*\n {2}ratio worker\/minimal pipeline/.exec(run.output);
    expect(block?.[1]).toBe('fsync=on, full_page_writes=on, synchronous_commit=on');
    expect(run.output).toMatch(/ratio worker\/minimal pipeline .*\n {2}then durability off again for the other parts: fsync=off, full_page_writes=off, synchronous_commit=off/);
  });

  it("prints today's claim cost per delivery at each backlog, and the largest over the smallest", () => {
    expect(run.output).toMatch(/claim cost at a backlog: .*\n {2}backlog +1000: [\d.]+ ms a claim; per delivery [\d.]+ µs wall, [\d.]+ µs PostgreSQL backend CPU \(\d+ claimed in 200 claims\)/);
    expect(run.output).toMatch(/\n {2}backlog +5000: [\d.]+ ms a claim/);
    expect(figure(run.output, /ratio backlog 5000\/1000, backend CPU per delivery: (\d+\.\d+) ×/)).toBeGreaterThan(0);
  });

  it("prints an ordered webhook's rate, every message after the one before it", () => {
    expect(figure(run.output, /ordered webhook, hs256: 20 request\.update events .*\n {2}(\d+) deliveries\/s first→last arrival/)).toBeGreaterThan(0);
    expect(run.output).toMatch(/\/s from the commit incl\. fan-out; every message after the one before it/);
  });

  it('measures ed25519 or says why it was skipped', () => {
    expect(run.output).toMatch(/webhook deliveries, ed25519: (SKIPPED, .*(not a policy algorithm yet|does not accept)|EdDSA)/);
  });

  it('prints two workers against one, commit to arrival with its percentiles, and the hung-SMTP comparison', () => {
    expect(figure(run.output, /ratio two\/one: (\d+\.\d+) ×/)).toBeGreaterThan(0);
    expect(run.output).toMatch(/commit to arrival, hs256: .*\n {2}p50 [\d.]+ ms, p90 [\d.]+ ms, p99 [\d.]+ ms, max [\d.]+ ms \(50 deliveries\)/);
    expect(figure(run.output, /ratio p99 hung\/answering: (\d+\.\d+) ×/)).toBeGreaterThan(0);
  });

  it('had failure e-mails under way in both mail runs: the answering server received some, the hung one was connected to', () => {
    expect(figure(run.output, /SMTP server answering .*failing POSTs answered 500: (\d+)/)).toBeGreaterThan(0);
    expect(figure(run.output, /SMTP server answering .*messages received (\d+)/)).toBeGreaterThan(0);
    expect(figure(run.output, /SMTP server hung .*SMTP connections (\d+)/)).toBeGreaterThan(0);
  });
});
