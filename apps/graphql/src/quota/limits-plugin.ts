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
import { GraphQLError, type DocumentNode } from 'graphql';
import type { DomainError } from '@tessera/domain';
import { storeDownAnswer, type Logger, type StoreDownPolicy } from '@tessera/http';
import { toGraphqlRequestError } from '../graphql-error.js';
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

export function limitsPlugin({ limits, quota, logger, storeDown = { mode: 'allow' } }: LimitsPluginOptions): ApolloServerPlugin<GraphqlContext> {
  // Apollo keeps one parsed document per query text, so the weight of an operation without
  // variables is computed once, not on every call of the same query.
  const weights = new WeakMap<DocumentNode, Map<string, QueryWeight>>();
  const weigh = (requestContext: GraphQLRequestContext<GraphqlContext>): QueryWeight => {
    const document = requestContext.document!;
    const fixed = !requestContext.operation?.variableDefinitions?.length;
    const name = requestContext.operationName ?? '';
    const known = fixed ? weights.get(document)?.get(name) : undefined;
    if (known) return known;
    const weight = weighOperation({
      schema: requestContext.schema,
      document,
      operationName: requestContext.operationName,
      variables: requestContext.request.variables,
      maxPageSize: limits.maxPageSize,
      maxNodes: limits.maxNodes,
      maxSelections: limits.maxSelections,
    });
    if (fixed) {
      const byName = weights.get(document) ?? new Map<string, QueryWeight>();
      byName.set(name, weight);
      weights.set(document, byName);
    }
    return weight;
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
