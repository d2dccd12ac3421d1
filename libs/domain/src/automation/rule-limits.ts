/**
 * The bounds of automation rules beyond those of one expression (docs/decisions/053): what one
 * rule may hold, how many an account may have per record type, and how far their runs go.
 */
export const RULE_LIMITS = {
  /** Named expressions of one rule. */
  maxExpressions: 20,
  /** Actions of one rule. */
  maxActions: 20,
  /** Rules of an account for one record type (generic), or for one record. */
  maxRulesPerType: 100,
  /** A change made by a rule triggers rules again, up to this depth; past it the chain stops. */
  maxDepth: 5,
  /** Rule runs of one account that acted (matched) in the last minute, past which runs that would act stop until the minute has passed. */
  runsPerMinute: 1000,
  /**
   * Milliseconds an account's rules may spend evaluating their expressions, conditions and action
   * values in the last minute on one worker process (half of its one core), past which its runs stop
   * until the minute has passed (decision 059).
   */
  evaluationMsPerMinute: 30_000,
  /** Longest `after <delay>`. */
  maxDelaySeconds: 90 * 24 * 3600,
  /** Runs kept in a rule's log: its newest ones. */
  runsKept: 1000,
} as const;
