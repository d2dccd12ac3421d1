/**
 * Secondary limit (issue 23): how many calls one caller (the quota key: a person, or an
 * application and person) may have running at once in one replica. One call more is refused
 * before it is weighed or run, with HTTP 429, `Retry-After: 1` and CONCURRENCY_LIMITED; it still
 * counts as a request, at cost 0. Counted in the process, not the shared store: a call in flight
 * lives in one replica, and a replica that dies takes its count with it instead of leaving it
 * stuck in a shared counter.
 */
import { GraphQLError } from 'graphql';

export const CONCURRENCY_LIMITED = 'CONCURRENCY_LIMITED';

export interface CallsInFlight {
  /** Counts a call in; answers the caller's calls in flight, this one included. */
  enter(key: string): number;
  leave(key: string): void;
}

export function callsInFlight(): CallsInFlight {
  const counts = new Map<string, number>();
  return {
    enter(key) {
      const count = (counts.get(key) ?? 0) + 1;
      counts.set(key, count);
      return count;
    },
    leave(key) {
      const count = (counts.get(key) ?? 1) - 1;
      if (count > 0) counts.set(key, count);
      else counts.delete(key);
    },
  };
}

export function tooManyInFlightError(maxCallsInFlight: number): GraphQLError {
  return new GraphQLError(`Too many calls in flight: at most ${maxCallsInFlight} calls of one caller may run at once; retry when one has been answered.`, {
    extensions: { code: CONCURRENCY_LIMITED, http: { status: 429, headers: new Map([['retry-after', '1']]) } },
  });
}
