/**
 * The rule expressions benchmark on small counts: every measured expression evaluates as
 * the bench says it does (a condition that matches, one that does not, each worst case
 * accepted and completed), and the report prints each figure. Speed is not asserted.
 */
import { benchExpressions, reportExpressions } from './expressions.bench.js';

describe('BENCH_ONLY=expressions — rule condition cost and the slowest accepted expressions', () => {
  const options = { evaluations: 200, worstEvaluations: 3 };
  const result = benchExpressions(options);

  it('measures a matching and a non-matching condition against a plain JS function, with no problem', () => {
    expect(result.problems).toEqual([]);
    expect(result.conditions.map((c) => [c.name, c.matches])).toEqual([
      ['matching', true],
      ['not matching (status differs)', false],
    ]);
    for (const c of result.conditions) expect(c.celMicros).toBeGreaterThan(0);
  });

  it('runs every worst case to completion within the evaluation bounds, and prints each line', () => {
    expect(result.worst.map((w) => w.name)).toEqual([
      'macro steps (1,000 items × a 4-way test)',
      'text scanned (30 × contains on 64 KiB)',
      'matches() on 2,000 characters',
      'strings built (map over 1,000 items)',
      'strings extension on 64 KiB (replace, lowerAscii, indexOf)',
      'all of the above in one expression',
    ]);
    const report = reportExpressions(result, options);
    expect(report).toMatch(/condition matching: [\d.]+ µs per evaluation; plain JS function [\d.]+ µs; ratio \d+ ×/);
    expect(report).toMatch(/all of the above in one expression: median [\d.]+ ms, max [\d.]+ ms/);
    expect(report).not.toContain('PROBLEMS');
  });
});
