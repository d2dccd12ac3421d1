/**
 * The answers of the quotas (SPEC.md Errors, Limits rule 4):
 * - request rate spent: 429, `Retry-After`, body exactly `{documentationUrl, message, retryAfter}`;
 * - cost points insufficient: 200, body `{errors: [{message, documentationUrl, rateLimit}]}`;
 * - every answer: `X-RateLimit-Limit/Remaining/Reset` and `X-CostLimit-Limit/Cost/Remaining/Reset`.
 * Apollo serialises only `errors`, `data` and `extensions` of a result, so the 429 body travels as
 * a marked `extensions` object that `stringifyResult` (an ApolloServer option) writes out alone.
 */
import type { FormattedExecutionResult, GraphQLFormattedError } from 'graphql';
import type { HeaderMap } from '@apollo/server';
import type { RateDecision } from '@tessera/rate-limit';
import type { CostFigures } from './request-quota.js';

export interface TooManyRequestsBody {
  documentationUrl: string;
  message: string;
  retryAfter: number;
}

const PLAIN_BODIES = new WeakMap<object, TooManyRequestsBody>();

/** A result whose JSON is `body` alone (see stringifyGraphqlResult). */
export function tooManyRequestsResult(body: TooManyRequestsBody): FormattedExecutionResult {
  const extensions = {};
  PLAIN_BODIES.set(extensions, body);
  return { extensions };
}

/** Apollo's default serialisation, except for the 429 body. */
export function stringifyGraphqlResult(result: FormattedExecutionResult): string {
  const plain = result.extensions ? PLAIN_BODIES.get(result.extensions) : undefined;
  return `${JSON.stringify(plain ?? result)}\n`;
}

export function tooManyRequestsBody(retryAfter: number, documentationUrl: string): TooManyRequestsBody {
  return { documentationUrl, message: `API rate limit exceeded; retry in ${retryAfter} second${retryAfter === 1 ? '' : 's'}.`, retryAfter };
}

/** The error of a call whose cost the remaining points do not cover; nothing of it ran. */
export function costExhaustedError(figures: CostFigures, documentationUrl: string): GraphQLFormattedError {
  const error = {
    message: `API cost limit exceeded: this call costs ${figures.cost} point${figures.cost === 1 ? '' : 's'} and ${figures.remaining ?? 0} of ${figures.limit} remain until the window resets.`,
    documentationUrl,
    rateLimit: { limit: figures.limit, cost: figures.cost, remaining: figures.remaining, resetAt: figures.resetAt },
    extensions: { code: 'RATE_LIMITED' },
  };
  return error;
}

/** `extensions.cost` of every answer (issue 23, Shopify's form): the query's cost and the points after it. */
export function costExtension(figures: CostFigures): { requestedQueryCost: number; limit: number; remaining: number | null; resetAt: number | null } {
  return { requestedQueryCost: figures.cost, limit: figures.limit, remaining: figures.remaining, resetAt: figures.resetAt };
}

export function setQuotaHeaders(headers: HeaderMap, rate: RateDecision | null, cost: CostFigures): void {
  if (rate) {
    headers.set('x-ratelimit-limit', String(rate.limit));
    headers.set('x-ratelimit-remaining', String(rate.remaining));
    headers.set('x-ratelimit-reset', String(rate.resetAt));
  }
  headers.set('x-costlimit-limit', String(cost.limit));
  headers.set('x-costlimit-cost', String(cost.cost));
  // Unknown while the store is down: the headers say only what is known.
  if (cost.remaining !== null) headers.set('x-costlimit-remaining', String(cost.remaining));
  if (cost.resetAt !== null) headers.set('x-costlimit-reset', String(cost.resetAt));
}
