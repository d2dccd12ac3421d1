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
import { execute, GraphQLError } from 'graphql';
import type { DomainError } from '@tessera/domain';
import { storeDownAnswer, type Logger, type StoreDownPolicy } from '@tessera/http';
import { toGraphqlRequestError } from '../graphql-error.js';
import { callsInFlight, tooManyInFlightError } from '../limits/calls-in-flight.js';
import { LruCache, weightKey } from '../limits/document-cache.js';
import { timedOutResult } from '../limits/execution-deadline.js';
import type { GraphqlLimits } from '../limits/graphql-limits.js';
import { weighOperation, type QueryWeight } from '../limits/query-weight.js';
import type { GraphqlContext } from '../schema/graphql-context.js';
import type { GraphqlQuota, QuotaOutcome } from './graphql-quota.js';
import { isIntrospectionOnly } from '../introspection-only.js';
import type { AccountPersistedQueries } from '../persisted/account-persisted-queries.js';
import { notTrustedError, type TrustedDocuments } from '../persisted/trusted-documents.js';
import { dryRunDocument, isDryRun } from './dry-run.js';
import type { CostFigures } from './request-quota.js';
import { costExhaustedError, costExtension, setQuotaHeaders, tooManyRequestsBody, tooManyRequestsResult } from './quota-responses.js';

export interface LimitsPluginOptions {
  limits: GraphqlLimits;
  quota: GraphqlQuota;
  logger: Logger;
  /** RATE_LIMIT_STORE_DOWN and the app's outage watch; default: allow, logged per call. */
  storeDown?: StoreDownPolicy;
  /** When set, only these documents (and introspection) run (persisted/trusted-documents.ts). */
  trusted?: TrustedDocuments | null;
  /** Automatic persisted queries: a registration it refuses counts as a request at cost 0. */
  persisted?: Pick<AccountPersistedQueries, 'refusal'> | null;
}

/** Weighings kept (document hash, operation, variable values): a few hundred bytes each. */
const WEIGHTS_KEPT = 2000;

export function limitsPlugin({ limits, quota, logger, storeDown = { mode: 'allow' }, trusted = null, persisted = null }: LimitsPluginOptions): ApolloServerPlugin<GraphqlContext> {
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
  const inFlight = callsInFlight();
  return {
    async requestDidStart({ contextValue }) {
      const state = contextValue.quota;
      if (!state) return;
      // The caller's calls in flight in this replica, this one included, until its answer is sent.
      const crowded = inFlight.enter(state.key) > limits.maxCallsInFlight;
      let left = false;
      let outcome: QuotaOutcome | null = null;
      let counted = false;
      let refused: DomainError | null = null;
      /** What the headers report: the points this call was charged. */
      let charged: CostFigures | null = null;
      let dryRun = false;

      const count = async (cost: number): Promise<void> => {
        counted = true;
        try {
          outcome = await quota.charge(state.key, cost);
          state.figures = outcome.cost;
        } catch (error) {
          refused = storeDownAnswer(error, storeDown, logger);
          state.figures = { limit: limits.costPoints, cost, remaining: null, resetAt: null };
        }
        charged = state.figures;
      };

      return {
        async didResolveOperation(requestContext: GraphQLRequestContext<GraphqlContext>) {
          const unregistered = trusted && !trusted.bodyOf(requestContext.queryHash ?? '') && !isIntrospectionOnly(requestContext.source) ? notTrustedError() : persisted?.refusal(requestContext.request);
          if (unregistered) {
            await count(0);
            throw unregistered;
          }
          if (crowded) {
            await count(0);
            if (refused) throw toGraphqlRequestError(refused);
            // A spent request rate answers its own 429 (willSendResponse) first.
            if ((outcome as QuotaOutcome | null)?.refusedBy !== 'rate') throw tooManyInFlightError(limits.maxCallsInFlight);
          }
          const weight = weigh(requestContext);
          dryRun = isDryRun(requestContext.operation, requestContext.request.variables);
          // A dry run counts as a request, charges nothing, and says what the query would cost.
          await count(dryRun ? 0 : weight.cost);
          if (dryRun && state.figures) state.figures = { ...state.figures, cost: weight.cost };
          if (refused) throw toGraphqlRequestError(refused);
          const decided = outcome as QuotaOutcome | null;
          if (decided?.refusedBy === 'rate') {
            // Replaced by the plain 429 body in willSendResponse.
            throw new GraphQLError('Too Many Requests', { extensions: { code: 'RATE_LIMITED', http: { status: 429 } } });
          }
        },
        async executionDidStart() {
          contextValue.deadline = Date.now() + limits.maxExecutionMs;
          contextValue.maxExecutionMs = limits.maxExecutionMs;
        },
        async responseForOperation(requestContext) {
          const decided = outcome as QuotaOutcome | null;
          if (decided?.refusedBy === 'cost') {
            return { http: { status: 200, headers: new HeaderMap() }, body: { kind: 'single', singleResult: { errors: [costExhaustedError(decided.cost, limits.documentationUrl)] } } };
          }
          if (!dryRun) return null;
          // Only the rateLimit fields run: nothing else of the query is resolved.
          const result = await execute({
            schema: requestContext.schema,
            document: dryRunDocument(requestContext.operation),
            contextValue: requestContext.contextValue,
            variableValues: requestContext.request.variables,
          });
          return { http: { status: 200, headers: new HeaderMap() }, body: { kind: 'single', singleResult: { data: result.data ?? null } } };
        },
        async willSendResponse({ response }) {
          if (!left) {
            left = true;
            inFlight.leave(state.key);
          }
          if (!counted) await count(0);
          // Past its execution time: one clear error, never a partial answer that looks whole.
          const timedOut = response.body.kind === 'single' ? timedOutResult(response.body.singleResult, limits.maxExecutionMs) : null;
          if (timedOut) response.body = { kind: 'single', singleResult: timedOut };
          const decided = outcome as QuotaOutcome | null;
          if (charged) setQuotaHeaders(response.http.headers, decided?.rate ?? null, charged);
          // Every answer says its cost (Shopify's form), in a new object: a cached result is never changed.
          if (state.figures && response.body.kind === 'single') {
            const result = response.body.singleResult;
            response.body = { kind: 'single', singleResult: { ...result, extensions: { ...result.extensions, cost: costExtension(state.figures) } } };
          }
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
