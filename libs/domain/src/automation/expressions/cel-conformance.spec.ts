import { compileExpression } from './compile-expression.js';
import { type ConformanceCase, selectConformanceCases, SKIPPED_SECTIONS } from './conformance-cases.js';

/**
 * Issue 33 item 2: the library's conformance data, for the part of CEL rules allow, run
 * through the rules' own compile + evaluate path (checker, bounds, bounded functions, JSON
 * bindings and results), so the bounds are shown not to break valid CEL.
 */
type Outcome = 'pass' | 'refused as unchecked' | 'bounded' | { failure: string };

/** Map keys sorted (a CEL map has no order), -0 as 0. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (Object.is(v, -0)) return 0;
    if (v && typeof v === 'object' && !Array.isArray(v)) return Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)));
    return v;
  });
}

function run(test: ConformanceCase): Outcome {
  const compiled = compileExpression(test.expr, test.variables);
  const expected = test.expected;
  if (!compiled.ok) {
    if ('error' in expected) return 'pass';
    if (/nested more than|more than \d+ parts|characters long|nests brackets|repeats|inside another one/.test(compiled.message)) return 'bounded';
    // A case marked disable_check would fail CEL's own type checker; a rule is always checked.
    if (!test.checked) return 'refused as unchecked';
    return { failure: `refused: ${compiled.message}` };
  }
  if ('checkOnly' in expected) return 'pass';
  const result = compiled.expression.evaluate(test.bindings);
  if ('error' in expected) return result.ok ? { failure: `expected an error, got ${canonical(result.value)}` } : 'pass';
  if (!result.ok) return { failure: result.message };
  if (canonical(result.value) !== canonical(expected.value)) return { failure: `got ${canonical(result.value)}, expected ${canonical(expected.value)}` };
  const type = compiled.expression.type;
  if (expected.type && typeof type === 'string' && type !== 'dyn' && type !== expected.type) return { failure: `typed ${type}, expected ${expected.type}` };
  return 'pass';
}

describe('CEL conformance (cel-spec testdata) through compileExpression and evaluate', () => {
  const selection = selectConformanceCases();
  const outcomes = selection.cases.map((test) => ({ test, outcome: run(test) }));
  const count = (kind: Outcome) => outcomes.filter((o) => o.outcome === kind).length;
  const failures = outcomes.filter((o) => typeof o.outcome === 'object');

  it('passes every case of the sections rules allow; the rest are listed with their reason', () => {
    const sections = [...new Set(selection.cases.map((c) => c.section))];
    const skippedCases = [...selection.skippedCases].map(([reason, names]) => `  ${names.length} ${reason}`).join('\n');
    console.log(
      [
        `${selection.cases.length} cases run (${sections.join(', ')}): ${count('pass')} pass, ${count('bounded')} refused by the rule bounds, ` +
          `${count('refused as unchecked')} refused by the checker as CEL's checker would (disable_check cases), ${failures.length} fail`,
        `sections skipped: ${selection.skippedSections.map((s) => `${s} (${SKIPPED_SECTIONS[s]})`).join('; ')}`,
        `cases skipped in run sections:\n${skippedCases}`,
        ...failures.map(({ test, outcome }) => `FAIL ${test.name}: ${test.expr} -> ${(outcome as { failure: string }).failure}`),
      ].join('\n'),
    );
    expect(failures.map(({ test, outcome }) => `${test.name}: ${(outcome as { failure: string }).failure}`)).toEqual([]);
    expect(count('pass')).toBeGreaterThan(800);
  });
});
