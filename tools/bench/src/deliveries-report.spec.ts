import { readBenchOptions } from './bench-options.js';
import { reportBacklog, reportDurable, reportScaling, reportStatementCosts, reportThroughput } from './deliveries.report.js';
import type { BaselineThroughput, WorkerThroughput } from './deliveries-throughput.js';

/** 20,000 deliveries whose CPU and rates are round figures. */
function throughput(perSecond: number, fromCommit: number, cpuMs: number, postgresMs: number | null): WorkerThroughput {
  return {
    count: 20_000, spanMs: 20_000_000 / perSecond, perSecond, fromCommitPerSecond: fromCommit, allRecordedMs: 5_000, sinkCpuMs: 500, connections: 0,
    load: { start: 1, end: 2 }, workerCpuMs: cpuMs, postgresCpuMs: postgresMs,
  };
}

const loop: BaselineThroughput = {
  count: 20_000, spanMs: 1_000, perSecond: 20_000, inFlight: 64, sinkCpuMs: 400, connections: 0,
  client: { calls: 20_000, failures: 0, failureReasons: {}, seconds: 1, perSecond: 20_000, p50Ms: 1, p99Ms: 3, clientCores: 0.6 },
};
const options = readBenchOptions({}).deliveries;

describe('the throughput lines of the deliveries benchmark', () => {
  const worker = throughput(4_000, 3_900, 3_000, 4_000);
  const pipeline = throughput(10_000, 9_750, 1_200, 1_000);

  it('print the minimal durable pipeline between the worker and the loop, with its client and PostgreSQL CPU per delivery', () => {
    const lines = reportThroughput({ alg: 'hs256', bodyBytes: 1041, worker, baseline: loop, pipeline }, options, 'child').split('\n');
    expect(lines[1]).toMatch(/^ {2}worker: request\.create events in one commit +4000 deliveries\/s .*worker CPU 3\.00 s, 150 µs per delivery; PostgreSQL CPU 4\.00 s, 200 µs per delivery/);
    expect(lines[2]).toMatch(/^ {2}minimal durable pipeline: raw SQL, narrow queue +10000 deliveries\/s .*9750\/s from the commit incl\. fan-out.*client CPU 1\.20 s, 60 µs per delivery; PostgreSQL CPU 1\.00 s, 50 µs per delivery/);
    expect(lines[3]).toBe(
      '  ratio worker/minimal pipeline deliveries per second from the commit: 0.400 × (target ≥ 0.8 ×: not met); PostgreSQL CPU per delivery 200 / 50 µs, 4.00 × (target ≤ 80 µs: not met); worker/client CPU per delivery 150 / 60 µs, 2.50 × (target ≤ 90 µs: not met)',
    );
    expect(lines[4]).toMatch(/^ {2}baseline: bare undici Pool POST loop, 64 in flight +20000 POSTs\/s/);
    expect(lines[5]).toMatch(/^ {2}ratio worker\/baseline deliveries per second: 0\.200 ×/);
  });

  it('say a target is met when it is, and leave out a CPU figure that could not be read', () => {
    const line = reportThroughput({ alg: 'hs256', bodyBytes: 1041, worker: throughput(9_000, 8_000, 1_600, null), baseline: loop, pipeline }, options, 'child').split('\n')[3];
    expect(line).toBe('  ratio worker/minimal pipeline deliveries per second from the commit: 0.821 × (target ≥ 0.8 ×: met); worker/client CPU per delivery 80 / 60 µs, 1.33 × (target ≤ 90 µs: met)');
  });

  it('print no pipeline lines for an algorithm it was not run for', () => {
    const text = reportThroughput({ alg: 'es256', bodyBytes: 900, worker, baseline: loop }, options, 'child');
    expect(text).not.toMatch(/minimal/);
    expect(text.split('\n')[2]).toMatch(/^ {2}baseline: bare undici Pool POST loop/);
  });

  it('print the durable run as its own block: the settings, the worker, the pipeline and the ratios', () => {
    const lines = reportDurable('fsync=on, full_page_writes=on, synchronous_commit=on', 'hs256', worker, pipeline).split('\n');
    expect(lines[0]).toBe('with durability on (fsync=on, full_page_writes=on, synchronous_commit=on, as npm start runs the embedded server), hs256: the same load on fresh webhooks, worker then minimal pipeline');
    expect(lines[1]).toMatch(/^ {2}worker: .* 4000 deliveries\/s/);
    expect(lines[2]).toMatch(/^ {2}minimal durable pipeline: .* 10000 deliveries\/s/);
    expect(lines[3]).toMatch(/^ {2}ratio worker\/minimal pipeline deliveries per second from the commit: 0\.400 ×/);
    expect(lines).toHaveLength(4);
  });
});

describe('the claim-at-a-backlog lines', () => {
  const figure = (backlog: number, backendUs: number | null, wallUs: number) => ({ backlog, fillMs: backlog / 10, claims: 200, claimed: 25_600, msPerClaim: (wallUs * 128) / 1000, wallUsPerDelivery: wallUs, backendUsPerDelivery: backendUs });

  it('print each backlog with its cost per claim and per delivery, and the largest over the smallest against the 1.5 × target', () => {
    const lines = reportBacklog([figure(10_000, 40, 100), figure(100_000, 44, 110), figure(1_000_000, 80, 150)], options).split('\n');
    expect(lines[0]).toMatch(/^claim cost at a backlog: today's claim .*128 a claim, WEBHOOK_MAX_IN_FLIGHT_PER_WEBHOOK 16, 8 webhooks/);
    expect(lines[1]).toBe('  backlog    10000: 12.80 ms a claim; per delivery 100.0 µs wall, 40.0 µs PostgreSQL backend CPU (25600 claimed in 200 claims); backlog written in 1.00 s');
    expect(lines[3]).toMatch(/^ {2}backlog {2}1000000: 19\.20 ms a claim/);
    expect(lines[4]).toBe('  ratio backlog 1000000/10000, backend CPU per delivery: 2.00 × (target ≤ 1.5 ×: not met)');
  });

  it('fall back to wall time when the backend could not be read, and give no ratio for one backlog', () => {
    expect(reportBacklog([figure(10_000, null, 100), figure(100_000, null, 120)], options)).toMatch(/backend CPU unknown .*\n.*\n {2}ratio backlog 100000\/10000, wall time per delivery: 1\.20 × \(target ≤ 1\.5 ×: met\)$/);
    expect(reportBacklog([figure(10_000, 40, 100), figure(1_000_000, null, 130)], options)).toMatch(/ratio backlog 1000000\/10000, wall time per delivery: 1\.30 ×/);
    expect(reportBacklog([figure(10_000, 40, 100)], options)).not.toMatch(/ratio/);
  });
});

describe('the two-worker lines of the deliveries benchmark', () => {
  it('print the rate two/one, and the CPU per delivery two/one against issue 34\'s 1.15 ×', () => {
    const one = throughput(5_000, 4_900, 2_800, 2_800);
    const lines = reportScaling(one, throughput(4_000, 3_900, 4_000, 3_600), options).split('\n');
    expect(lines[3]).toMatch(/^ {2}ratio two\/one: 0\.800 × deliveries per second/);
    expect(lines[4]).toBe('  CPU per delivery (workers + PostgreSQL) two/one: 380 / 280 µs, 1.36 × (target ≤ 1.15 ×: not met)');
    expect(reportScaling(one, throughput(9_000, 8_800, 3_000, 3_000), options).split('\n')[4]).toBe('  CPU per delivery (workers + PostgreSQL) two/one: 300 / 280 µs, 1.07 × (target ≤ 1.15 ×: met)');
    expect(reportScaling(one, throughput(9_000, 8_800, 3_000, null), options).split('\n')).toHaveLength(4);
  });
});

describe('the statements lines of the deliveries benchmark', () => {
  it('print each step of both sides with its ratio, and the three together; an unread figure is unknown', () => {
    const lines = reportStatementCosts({ tessera: { fanOut: 20, claim: 40, outcome: 15 }, pipeline: { fanOut: 10, claim: 32, outcome: 20 } }).split('\n');
    expect(lines[1]).toMatch(/^ {2}fan-out \(2,048 deliveries; 256 events\) +Tessera +20\.0 µs +pipeline +10\.0 µs +2\.00 ×$/);
    expect(lines[3]).toMatch(/^ {2}outcome \(64 delivered\) +Tessera +15\.0 µs +pipeline +20\.0 µs +0\.75 ×$/);
    expect(lines[4]).toMatch(/^ {2}the three +Tessera +75\.0 µs +pipeline +62\.0 µs +1\.21 ×$/);
    const unread = reportStatementCosts({ tessera: { fanOut: 20, claim: null, outcome: 15 }, pipeline: { fanOut: 10, claim: 32, outcome: 20 } }).split('\n');
    expect(unread[2]).toMatch(/Tessera +unknown +pipeline +32\.0 µs +$/);
    expect(unread[4]).toMatch(/Tessera +unknown/);
  });
});
