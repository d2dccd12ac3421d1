import type { LoadResult } from './load.js';
import type { PhaseName, PhaseResult, RulesFairnessResult } from './rules-fairness.bench.js';
import { reportRulesFairness, rulesFairnessFailures } from './rules-fairness.report.js';

function load(perSecond: number, p50Ms: number, p99Ms: number, failureReasons: Record<string, number> = {}): LoadResult {
  const failures = Object.values(failureReasons).reduce((sum, n) => sum + n, 0);
  return { calls: perSecond * 10, failures, failureReasons, seconds: 10, perSecond, p50Ms, p99Ms, clientCores: 0.05 };
}

function phase(name: PhaseName, b: LoadResult, workerCores: number | null, lags: number[], missing = 0): PhaseResult {
  return { name, b: { result: b, warmupFailures: {} }, workerCores, aChanges: name === 'A idle' ? 0 : 100, aFailures: {}, bRuleLags: lags, bRuleMissing: missing };
}

const lags = (from: number) => Array.from({ length: 100 }, (_, i) => from + i);

function result(hostile: LoadResult, missing = 0): RulesFairnessResult {
  return {
    phases: [
      phase('A idle', load(200, 40, 120), 0.2, lags(10)),
      phase("A's changes, no rules", load(190, 42, 130), 0.25, lags(12)),
      phase("A's changes and hostile rules", hostile, 0.95, lags(2_000), missing),
    ],
    aRuns: { runs: 5_000, stopped: 300, failed: 0 },
    queuedAtEnd: 40,
    drainSeconds: 2.5,
  };
}

const options = { clients: 10, hostileRate: 10 };

describe("the rules fairness report — account B's calls while account A's hostile rules run", () => {
  it("prints B's rate and latencies in each phase, the worker's CPU and B's rule lag under each, and the ratio to A idle", () => {
    const lines = reportRulesFairness(result(load(150, 50, 300)), options).split('\n');

    expect(lines[0]).toMatch(/^automation rules, one account's hostile rules against another account's calls: account B \(10 clients: .*changes a request 10 times a second/);
    expect(lines[1]).toMatch(/^ {2}B, A idle +200 \/s +p50 +40\.0 ms +p99 +120\.0 ms +2000 calls/);
    expect(lines[2]).toBe("    worker 0.20 cores; A's changes 0; B's rule, change → its run: p50 60 ms, p99 109 ms over 100 changes");
    expect(lines[3]).toMatch(/^ {2}B, A's changes, no rules +190 \/s/);
    expect(lines[5]).toMatch(/^ {2}B, A's changes and hostile rules +150 \/s +p50 +50\.0 ms +p99 +300\.0 ms/);
    expect(lines[6]).toBe("    worker 0.95 cores; A's changes 100; B's rule, change → its run: p50 2.0 s, p99 2.1 s over 100 changes");
    expect(lines[7]).toBe("  B with A's hostile rules / with A idle: throughput 0.750 × (target ≥ 0.8 ×: not met), p50 1.25 ×, p99 2.50 ×");
    expect(lines[8]).toBe("  A's rule runs in the hostile phase: 5000, 300 stopped (depth limit or budget), 0 failed otherwise; automation-run jobs queued at its end: 40, drained 2.5 s after A's rules were disabled");
  });

  it('says the target is met when it is, and counts the changes B’s rule had not run on', () => {
    const lines = reportRulesFairness(result(load(180, 45, 150), 7), options).split('\n');

    expect(lines[6]).toMatch(/over 100 changes, NOT RUN on 7 5 s after the phase$/);
    expect(lines[7]).toMatch(/throughput 0\.900 × \(target ≥ 0\.8 ×: met\)/);
  });

  it("counts B's failed calls, A's failed rule runs and a queue that did not drain as failures of the run", () => {
    const failing = result(load(150, 50, 300, { 'POST /v1/requests HTTP 500': 2 }));
    failing.aRuns.failed = 3;
    failing.drainSeconds = null;

    expect(rulesFairnessFailures(failing)).toBe(6);
    expect(rulesFairnessFailures(result(load(150, 50, 300)))).toBe(0);
    expect(reportRulesFairness(failing, options)).toContain("NOT drained 120 s after A's rules were disabled");
  });
});
