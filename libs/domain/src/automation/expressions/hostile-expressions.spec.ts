import { compileExpression } from './compile-expression.js';
import { EXPRESSION_LIMITS } from './expression-limits.js';
import type { RuleVariables } from './rule-value-type.js';

/**
 * Issue 33 "Done when: hostile rules (deep recursion in an expression, huge string building,
 * a condition over a long list) are refused at write time or stopped by the evaluation bound
 * with a clear error".
 */
const VARIABLES: RuleVariables = {
  record: { map: { subject: 'string', description: 'string', tags: { list: 'string' }, numbers: { list: 'int' }, at: 'timestamp' } },
};
const LARGEST_RECORD = {
  record: {
    subject: 's'.repeat(255),
    description: 'lorem ipsum dolor sit amet '.repeat(2500).slice(0, 65_536),
    tags: Array.from({ length: 1_000 }, (_, i) => `tag-${i}`),
    numbers: Array.from({ length: 1_000 }, (_, i) => i),
    at: '2026-11-29T08:00:00.000Z',
  },
};

function refusal(text: string): string {
  const result = compileExpression(text, VARIABLES);
  if (result.ok) throw new Error(`expected ${text.slice(0, 40)} to be refused`);
  return result.message;
}

function stopped(text: string, record: Record<string, unknown> = LARGEST_RECORD.record): string {
  const result = compileExpression(text, VARIABLES);
  if (!result.ok) throw new Error(`expected ${text.slice(0, 40)} to compile: ${result.message}`);
  const started = performance.now();
  const evaluated = result.expression.evaluate({ record });
  // A generous wall-clock bound: the spec shares the machine; the bench measures the real cost.
  expect(performance.now() - started).toBeLessThan(250);
  if (evaluated.ok) throw new Error(`expected ${text.slice(0, 40)} to be stopped`);
  return evaluated.message;
}

describe('hostile expressions — refused when the rule is written', () => {
  it('refuses 10,000 opening brackets by their length, and deep nesting within the length, without overflowing the stack', () => {
    expect(refusal('('.repeat(10_000))).toBe(`expression is 10000 characters long; at most ${EXPRESSION_LIMITS.maxLength} are allowed`);
    expect(refusal(`${'('.repeat(900)}1${')'.repeat(900)}`)).toBe('expression nests brackets more than 32 deep (column 33)');
    expect(refusal(`${'f('.repeat(600)}${')'.repeat(600)}`)).toBe('expression nests brackets more than 32 deep (column 66)');
    expect(refusal(`${'!'.repeat(1_500)}true`)).toBe("expression repeats '!' more than 32 times in a row (column 33)");
    expect(refusal(`${'- '.repeat(900)}1`)).toContain("expression repeats '-' more than 32 times in a row");
  });

  it('does not count brackets inside string literals', () => {
    expect(compileExpression(`record.subject == '${'('.repeat(100)}'`, VARIABLES).ok).toBe(true);
    expect(compileExpression(`record.subject == r"${'['.repeat(100)}\\"`, VARIABLES).ok).toBe(true);
  });

  it('refuses a syntax tree deeper than the bound, however it is written', () => {
    expect(refusal(`record.subject${' + record.subject'.repeat(40)}`)).toBe('expression is nested more than 32 deep (each term of a chain of + or - is a level: build long texts in named expressions)');
    expect(refusal(`1${'.a'.repeat(40)}`)).toBe('expression is nested more than 32 deep (each term of a chain of + or - is a level: build long texts in named expressions)');
    expect(refusal(`${'true ? 1 : '.repeat(40)}0`)).toBe('expression is nested more than 32 deep (each term of a chain of + or - is a level: build long texts in named expressions)');
  });

  it('refuses an expression with too many parts', () => {
    expect(refusal(`[${Array.from({ length: 600 }, () => '1').join(',')}]`)).toBe('expression has more than 500 parts; split it into named expressions');
  });

  it('refuses an expression whose calls cost more than the bound, weighing slow ones (a time-zone read ~80 µs)', () => {
    const reads = Array.from({ length: 21 }, () => "record.at.getHours('Europe/Amsterdam')").join(' + ');
    expect(refusal(`${reads} > 0`)).toMatch(/^the expression would take \d+ steps; at most 25000 are allowed/);
    expect(compileExpression("record.at.getHours('Europe/Amsterdam') > 8", VARIABLES).ok).toBe(true);
  });

  it('refuses a list macro inside another', () => {
    expect(refusal('record.tags.all(t, record.tags.exists(u, u == t))')).toBe('a list macro (all, exists, exists_one, map, filter) may not be used inside another one');
    expect(refusal('record.numbers.map(n, record.numbers.filter(m, m > n))')).toContain('may not be used inside another one');
  });
});

describe('hostile expressions — stopped by the evaluation bounds with a clear error', () => {
  it('stops huge string building', () => {
    expect(stopped('record.description + record.description')).toBe(`evaluation failed at column 20: the expression built a string of 131072 characters; at most ${EXPRESSION_LIMITS.maxStringLength} are allowed`);
  });

  it('stops strings built by the strings extension before they are built', () => {
    expect(stopped('record.description.replace(\'a\', record.description) != \'\'')).toMatch(/^evaluation failed at column 19: the expression built a string of \d+ characters; at most 65536 are allowed$/);
    expect(stopped("record.tags.join(record.description).size() > 0")).toContain('the expression built a string of');
    expect(stopped("record.description.split('').size() > 0")).toContain('the expression built a list of 65536 items; at most 10000 are allowed');
    expect(stopped("record.description.replace('', 'x') != ''")).toContain("replace() needs a non-empty text to replace");
  });

  it('stops many strings under the limit that add up', () => {
    const half = { ...LARGEST_RECORD.record, description: 'x'.repeat(30_000) };
    expect(stopped('record.tags.map(t, record.description + t).size() > 0', half)).toBe(
      `evaluation failed at column 39: the expression built more than ${EXPRESSION_LIMITS.maxBuiltCharacters} characters of strings in one evaluation`,
    );
  });

  it('stops a value holding one long text many times, which would be a huge JSON payload', () => {
    expect(stopped("record.tags.map(t, {'tag': t, 'text': record.description})")).toBe(
      `evaluation failed: the expression's value holds more than ${EXPRESSION_LIMITS.maxResultCharacters} characters of text`,
    );
  });

  it('stops a list built past its bound', () => {
    const doubled = 'record.tags + record.tags';
    const expression = Array.from({ length: 6 }, () => `(${doubled})`).join(' + ');
    expect(stopped(expression)).toContain(`the expression built a list of 12000 items; at most ${EXPRESSION_LIMITS.maxListSize} are allowed`);
  });

  it('stops a condition over a long list whose test is long, before the first item', () => {
    const test = Array.from({ length: 20 }, (_, i) => `t == 'v${i}'`).join(' || ');
    expect(stopped(`record.tags.exists(t, ${test})`)).toMatch(/^evaluation failed at column 12: the list macros of the expression would take more than 25000 steps \(1000 items here, \d+ steps each\)/);
  });

  it('stops a macro whose test is slow per item though short', () => {
    expect(stopped("record.numbers.exists(n, record.at.getHours('Europe/Amsterdam') == n + 100)")).toMatch(/would take more than 25000 steps \(1000 items here, \d{4} steps each\)/);
    expect(stopped("record.numbers.exists(n, timestamp('2026-01-01T00:00:00Z') > record.at)")).toContain('would take more than 25000 steps');
  });

  it('stops macros that add up past the bound one after another', () => {
    const five = Array.from({ length: 5 }, (_, i) => `record.numbers.exists(n, n == ${i} || n == -${i})`).join(' || ');
    expect(stopped(`!(${five})`, { ...LARGEST_RECORD.record, numbers: LARGEST_RECORD.record.numbers.map((n) => n + 10) })).toContain('would take more than 25000 steps');
  });

  it('stops comparisons of long lists inside a macro, which compare item by item', () => {
    expect(stopped("record.tags.exists(t, t + '!' in record.tags)")).toBe(
      `evaluation failed at column 30: the expression would handle more than ${EXPRESSION_LIMITS.maxIterationSteps} items of lists and maps (comparing, joining, with its list macros) in one evaluation`,
    );
    expect(stopped('record.numbers.exists(n, n >= 0 && record.numbers != record.numbers)')).toContain('would handle more than');
    expect(stopped('record.numbers.exists(n, size(record.tags + record.tags) < n)')).toContain('would handle more than');
    // `&&` absorbs the stopped comparison (error && false is false): the run fails all the same.
    expect(stopped("record.numbers.exists(n, [record.tags] == [record.tags] && n < 0)")).toBe(
      `evaluation failed: the expression would handle more than ${EXPRESSION_LIMITS.maxIterationSteps} items of lists and maps (comparing, joining, with its list macros) in one evaluation`,
    );
  });

  it('stops text scanning and regular expressions past their bounds', () => {
    const needles = Array.from({ length: 40 }, (_, i) => `record.description.contains('absent ${i}')`).join(' || ');
    expect(stopped(needles)).toContain(`read more than ${EXPRESSION_LIMITS.maxScannedCharacters} characters of text in one evaluation`);
    expect(stopped("record.description.matches('[a-z]+[0-9]')")).toBe(
      `evaluation failed at column 19: matches() read more than ${EXPRESSION_LIMITS.maxRegexCharacters} characters in one evaluation; test a shorter text or use contains()`,
    );
    expect(stopped("record.tags.exists(t, t.matches('^v[0-9]+$'))")).toContain('matches() read more than');
    expect(stopped('record.numbers.exists(n, string(bytes(record.description)) == string(n))')).toContain('characters of text in one evaluation');
    expect(stopped("record.subject.matches('[a-z]{1000}')")).toContain('matches() read more than');
  });

  it('still evaluates a condition over the longest list when it fits the bounds', () => {
    const result = compileExpression("record.tags.exists(t, t == 'tag-999') && record.description.contains('amet')", VARIABLES, 'bool');
    if (!result.ok) throw new Error(result.message);
    expect(result.expression.evaluate(LARGEST_RECORD)).toEqual({ ok: true, value: true });
    const mapped = compileExpression("record.numbers.filter(n, n % 2 == 0).map(n, n * 2)", VARIABLES);
    if (!mapped.ok) throw new Error(mapped.message);
    const value = mapped.expression.evaluate(LARGEST_RECORD);
    expect(value).toEqual({ ok: true, value: LARGEST_RECORD.record.numbers.filter((n) => n % 2 === 0).map((n) => n * 2) });
  });
});
