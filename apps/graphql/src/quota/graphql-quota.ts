/**
 * The quotas of one GraphQL call, counted in ONE round trip to the shared store: the call in
 * every request-rate window and its cost in the cost-points window (a WindowHit carrying its own
 * increment). Keys are `graphql:rate:<i>:<caller>` and `graphql:cost:<caller>`, apart from REST's.
 *
 * A refused call is not charged its cost, as GitHub does not charge it: when the call turns out
 * refused (request rate spent, or not enough points left), its cost is given back through the
 * same counter, a second round trip paid only by refused calls. Refused calls still count in the
 * request-rate windows, as on REST, so hammering a spent window earns nothing back.
 */
import { decideRequestRate, type RateDecision, type WindowCounter, type WindowHit } from '@tessera/rate-limit';
import type { GraphqlLimits } from '../limits/graphql-limits.js';
import type { CostFigures } from './request-quota.js';

export interface QuotaOutcome {
  rate: RateDecision;
  /** After any refund: what the caller has left. */
  cost: CostFigures;
  /** The call may run: the rate allows it and the points cover its cost. */
  allowed: boolean;
  /** Which quota refused it, when one did. */
  refusedBy: 'rate' | 'cost' | null;
}

export interface GraphqlQuota {
  charge(caller: string, cost: number): Promise<QuotaOutcome>;
}

export function createGraphqlQuota(
  counter: WindowCounter,
  limits: Pick<GraphqlLimits, 'requestWindows' | 'costPoints' | 'costWindowSeconds'>,
  /** A failed refund leaves the points spent; the call stays refused. */
  onRefundError: (error: unknown) => void = () => undefined,
): GraphqlQuota {
  const windows = [...limits.requestWindows];
  const costHit = (caller: string, increment: number): WindowHit => ({ key: `graphql:cost:${caller}`, durationSeconds: limits.costWindowSeconds, increment });
  return {
    async charge(caller, cost) {
      const rateHits = windows.map((window, index): WindowHit => ({ key: `graphql:rate:${index}:${caller}`, durationSeconds: window.durationSeconds, increment: 1 }));
      const counts = await counter.hit([...rateHits, costHit(caller, cost)]);
      const now = Date.now();
      const points = counts[windows.length];
      if (!points) throw new Error('the counter store answered for the wrong number of windows');
      const rate = decideRequestRate(windows, counts.slice(0, windows.length), now);
      const refusedBy = !rate.allowed ? 'rate' : cost > 0 && points.count > limits.costPoints ? 'cost' : null;
      let spent = points.count;
      if (refusedBy && cost > 0) {
        try {
          await counter.hit([costHit(caller, -cost)]);
          spent -= cost;
        } catch (error) {
          onRefundError(error);
        }
      }
      return {
        rate,
        allowed: refusedBy === null,
        refusedBy,
        cost: { limit: limits.costPoints, cost, remaining: Math.max(0, limits.costPoints - spent), resetAt: Math.ceil((now + points.msBeforeReset) / 1000) },
      };
    },
  };
}
