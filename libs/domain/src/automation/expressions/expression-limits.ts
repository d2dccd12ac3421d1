/**
 * The bounds of one rule expression (issue 33 item 4 "no runaway", docs/decisions/054).
 * Compile-time bounds refuse a rule when it is written; evaluation bounds stop one run
 * with an error instead of building a string or list that could exhaust memory, or
 * looping long enough to hold a worker. Together they keep one evaluation over the largest
 * record (1,000-item lists, 64 KiB text) under 5 ms (tools/bench, BENCH_ONLY=expressions).
 */
export const EXPRESSION_LIMITS = {
  /** Characters of one expression's text. */
  maxLength: 2_000,
  /** Nesting of the syntax tree (and, before parsing, of brackets and prefix operators). */
  maxDepth: 32,
  /** Nodes of the syntax tree, macros expanded. */
  maxNodes: 500,
  /** A comprehension (`all`, `exists`, `exists_one`, `map`, `filter`) may not hold another. */
  maxComprehensionNesting: 1,
  /** Characters of any string one evaluation builds or returns. */
  maxStringLength: 64 * 1024,
  /** Items of any list or map one evaluation builds or returns. */
  maxListSize: 10_000,
  /** Characters of all strings one evaluation builds together, so many strings under the limit do not add up. */
  maxBuiltCharacters: 1024 * 1024,
  /** Characters of all strings in one value an evaluation returns (a webhook payload of 1,000 copies of a 64 KiB text shares them in memory, not in JSON). */
  maxResultCharacters: 1024 * 1024,
  /** Items times the nodes of the test run on each: what the list macros of one evaluation may do. */
  maxIterationSteps: 25_000,
  /** Characters contains, startsWith and endsWith may read in one evaluation. */
  maxScannedCharacters: 2 * 1024 * 1024,
  /** Characters `matches` may read in one evaluation (its RE2 engine is linear but ~300 ns a character), weighted by the pattern's length. */
  maxRegexCharacters: 4 * 1024,
} as const;

export type ExpressionLimits = typeof EXPRESSION_LIMITS;
