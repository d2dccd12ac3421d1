/**
 * Every GraphQL limit and quota in one value (SPEC.md "Limits / GraphQL"), read from the
 * configuration (config.ts) and passed into createGraphqlApp; code paths never hold them.
 */
import { RATE_LIMIT_DOCUMENTATION_URL } from '@tessera/http';
import type { RateWindow } from '@tessera/rate-limit';

export interface GraphqlLimits {
  /** The largest `first`/`last` of a connection; one of them is required. */
  maxPageSize: number;
  /** The deepest selection (graphql-depth-limit's count). */
  maxDepth: number;
  /** SPEC.md rule 1: the most nodes one call may request. */
  maxNodes: number;
  /**
   * Selections of one operation once its fragments are expanded: bounds the work of weighing and
   * of the depth check, which walk every expansion, so a small document of nested fragment
   * spreads cannot make them walk billions of fields.
   */
  maxSelections: number;
  /** Root fields of one mutation operation. */
  maxMutationsPerRequest: number;
  /** Request-rate windows per caller; the first is the one the X-RateLimit headers report. */
  requestWindows: RateWindow[];
  /** SPEC.md rule 3: cost points per caller and window. */
  costPoints: number;
  costWindowSeconds: number;
  /**
   * Secondary limit: calls of one caller (the quota key) running at once in one replica; one more
   * is answered 429 CONCURRENCY_LIMITED before anything of it runs.
   */
  maxCallsInFlight: number;
  /** Secondary limit: milliseconds a call may execute; a field due after that is not run (EXECUTION_TIMEOUT). */
  maxExecutionMs: number;
  /** Where the 429 and cost-exhausted bodies send the reader. */
  documentationUrl: string;
}

/** The values of SPEC.md: what a deployment gets with no variable set. */
export const DEFAULT_GRAPHQL_LIMITS: GraphqlLimits = {
  maxPageSize: 100,
  maxDepth: 13,
  maxNodes: 500_000,
  maxSelections: 10_000,
  maxMutationsPerRequest: 1,
  requestWindows: [
    { points: 3600, durationSeconds: 3600 },
    { points: 20, durationSeconds: 2 },
  ],
  costPoints: 5000,
  costWindowSeconds: 3600,
  maxCallsInFlight: 20,
  maxExecutionMs: 10_000,
  documentationUrl: RATE_LIMIT_DOCUMENTATION_URL,
};
