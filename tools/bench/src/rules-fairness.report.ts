/** The printed lines of the rules-fairness benchmark (rules-fairness.bench.ts), and whether its figures are valid. */
import { DRAIN_MS, FAIRNESS_TARGET, HOSTILE_RULES, SETTLE_MS, type RulesFairnessOptions, type RulesFairnessResult } from './rules-fairness.bench.js';
import { failuresOf, formatResult, percentile } from './load.js';

export function reportRulesFairness(result: RulesFairnessResult, options: Pick<RulesFairnessOptions, 'clients' | 'hostileRate'>): string {
  const idle = result.phases.find((p) => p.name === 'A idle');
  const hostile = result.phases.find((p) => p.name === "A's changes and hostile rules");
  const lines = [
    `automation rules, one account's hostile rules against another account's calls: account B (${options.clients} clients: GET /v1/me, POST /v1/requests, PATCH /v1/requests/:id in turn; ` +
      `one rule of its own, on one request it changes about once a second) while account A changes a request ${options.hostileRate} times a second (open loop), without rules, then with ${HOSTILE_RULES} hostile rules ` +
      '(macro steps, built strings, time-zone reads and a regular expression near their bounds; none acts) and one that changes its own request until the depth limit; one api, one webhook worker',
  ];
  for (const p of result.phases) {
    lines.push(formatResult(`B, ${p.name}`, p.b.result));
    const lag = p.bRuleLags;
    lines.push(
      `    worker ${p.workerCores === null ? 'CPU not read' : `${p.workerCores.toFixed(2)} cores`}; A's changes ${p.aChanges}; ` +
        `B's rule, change → its run: p50 ${formatMs(percentile(lag, 0.5))}, p99 ${formatMs(percentile(lag, 0.99))} over ${lag.length} changes` +
        (p.bRuleMissing > 0 ? `, NOT RUN on ${p.bRuleMissing} ${SETTLE_MS / 1000} s after the phase` : ''),
    );
  }
  if (idle && hostile) {
    const rate = hostile.b.result.perSecond / idle.b.result.perSecond;
    lines.push(
      `  B with A's hostile rules / with A idle: throughput ${rate.toFixed(3)} × (target ≥ ${FAIRNESS_TARGET} ×: ${rate >= FAIRNESS_TARGET ? 'met' : 'not met'}), ` +
        `p50 ${(hostile.b.result.p50Ms / idle.b.result.p50Ms).toFixed(2)} ×, p99 ${(hostile.b.result.p99Ms / idle.b.result.p99Ms).toFixed(2)} ×`,
    );
  }
  lines.push(
    `  A's rule runs in the hostile phase: ${result.aRuns.runs}, ${result.aRuns.stopped} stopped (depth limit or budget), ${result.aRuns.failed} failed otherwise; ` +
      `automation-run jobs queued at its end: ${result.queuedAtEnd}, ` +
      (result.drainSeconds === null ? `NOT drained ${DRAIN_MS / 1000} s after A's rules were disabled` : `drained ${result.drainSeconds.toFixed(1)} s after A's rules were disabled`),
  );
  return lines.join('\n');
}

const formatMs = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${ms.toFixed(0)} ms`);

export function rulesFairnessFailures(result: RulesFairnessResult): number {
  const aFailures = result.phases.reduce((sum, p) => sum + Object.values(p.aFailures).reduce((x, y) => x + y, 0), 0);
  return failuresOf(...result.phases.map((p) => p.b)) + aFailures + result.aRuns.failed + (result.drainSeconds === null ? 1 : 0);
}
