/**
 * The Apollo plugin that applies, before execution, what needs the variables or the store:
 * - didResolveOperation: the connection checks with variable values, the node limit and the
 *   cost (limits/query-weight.ts), then ONE round trip counting the call and its cost;
 *   a spent request rate refuses the call (429), too few points refuse it (200 + error body);
 * - a call refused earlier (syntax, validation, limits) still counts as a request, at no cost;
 * - willSendResponse: the X-RateLimit-* and X-CostLimit-* headers on every answer.
 * A failing store is RATE_LIMIT_STORE_DOWN's to decide, as on REST: `allow` lets the call
 * through uncounted, `deny` refuses it with 503; the database down with its store is that outage's 503.
 * Requests refused while the context is built (no token, bad account, GET of a query) never
 * reach this plugin: there is no caller to count them against, so they carry no quota headers.
 */
import { HeaderMap, type ApolloServerPlugin, type GraphQLRequestContext } from '@apollo/server';
import { GraphQLError } from 'graphql';
import type { DomainError } from '@tessera/domain';
import { storeDownAnswer, type Logger, type StoreDownPolicy } from '@tessera/http';
import { toGraphqlRequestError } from '../graphql-error.js';
import { LruCache, weightKey } from '../limits/document-cache.js';
import type { GraphqlLimits } from '../limits/graphql-limits.js';
import { weighOperation, type QueryWeight } from '../limits/query-weight.js';
import type { GraphqlContext } from '../schema/graphql-context.js';
import type { GraphqlQuota, QuotaOutcome } from './graphql-quota.js';
import { costExhaustedError, setQuotaHeaders, tooManyRequestsBody, tooManyRequestsResult } from './quota-responses.js';

export interface LimitsPluginOptions {
  limits: GraphqlLimits;
  quota: GraphqlQuota;
  logger: Logger;
  /** RATE_LIMIT_STORE_DOWN and the app's outage watch; default: allow, logged per call. */
  storeDown?: StoreDownPolicy;
}

/** Weighings kept (document hash, operation, variable values): a few hundred bytes each. */
const WEIGHTS_KEPT = 2000;

export function limitsPlugin({ limits, quota, logger, storeDown = { mode: 'allow' } }: LimitsPluginOptions): ApolloServerPlugin<GraphqlContext> {
  // Apollo keeps one parsed and validated document per query hash; the weight of each operation
  // (for its variable values, when it has variables) is kept beside it, bounded, by the same hash.
  const weights = new LruCache<{ weight: QueryWeight } | { refused: GraphQLError }>(WEIGHTS_KEPT);
  const weigh = (requestContext: GraphQLRequestContext<GraphqlContext>): QueryWeight => {
    const variables = requestContext.request.variables;
    const key = weightKey(requestContext.queryHash!, requestContext.operationName, variables, Boolean(requestContext.operation?.variableDefinitions?.length));
    const known = key === null ? undefined : weights.get(key);
    if (known) {
      if ('weight' in known) return known.weight;
      throw new GraphQLError(known.refused.message, { extensions: known.refused.extensions });
    }
    try {
      const weight = weighOperation({
        schema: requestContext.schema,
        document: requestContext.document!,
        operationName: requestContext.operationName,
        variables,
        maxPageSize: limits.maxPageSize,
        maxNodes: limits.maxNodes,
        maxSelections: limits.maxSelections,
      });
      if (key !== null) weights.set(key, { weight });
      return weight;
    } catch (error) {
      // A refusal depends on the same things as a weight: the same document is refused alike next time.
      if (key !== null && error instanceof GraphQLError) weights.set(key, { refused: error });
      throw error;
    }
  };
  return {
    async requestDidStart({ contextValue }) {
      const state = contextValue.quota;
      if (!state) return;
      let outcome: QuotaOutcome | null = null;
      let counted = false;
      let refused: DomainError | null = null;

      const count = async (cost: number): Promise<void> => {
        counted = true;
        try {
          outcome = await quota.charge(state.key, cost);
          state.figures = outcome.cost;
        } catch (error) {
          refused = storeDownAnswer(error, storeDown, logger);
          state.figures = { limit: limits.costPoints, cost, remaining: null, resetAt: null };
        }
      };

      return {
        async didResolveOperation(requestContext: GraphQLRequestContext<GraphqlContext>) {
          await count(weigh(requestContext).cost);
          if (refused) throw toGraphqlRequestError(refused);
          const decided = outcome as QuotaOutcome | null;
          if (decided?.refusedBy === 'rate') {
            // Replaced by the plain 429 body in willSendResponse.
            throw new GraphQLError('Too Many Requests', { extensions: { code: 'RATE_LIMITED', http: { status: 429 } } });
          }
        },
        async responseForOperation() {
          const decided = outcome as QuotaOutcome | null;
          if (decided?.refusedBy !== 'cost') return null;
          return { http: { status: 200, headers: new HeaderMap() }, body: { kind: 'single', singleResult: { errors: [costExhaustedError(decided.cost, limits.documentationUrl)] } } };
        },
        async willSendResponse({ response }) {
          if (!counted) await count(0);
          const decided = outcome as QuotaOutcome | null;
          if (state.figures) setQuotaHeaders(response.http.headers, decided?.rate ?? null, state.figures);
          if (decided?.refusedBy === 'rate') {
            const retryAfter = decided.rate.retryAfterSeconds;
            response.http.status = 429;
            response.http.headers.set('retry-after', String(retryAfter));
            response.body = { kind: 'single', singleResult: tooManyRequestsResult(tooManyRequestsBody(retryAfter, limits.documentationUrl)) };
          }
        },
      };
    },
  };
}
