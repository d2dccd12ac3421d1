/**
 * Queries run as JavaScript compiled once per document (graphql-jit), not by graphql-js's
 * interpreter (issue 23). graphql-js resolves each field by walking the AST again on every call:
 * collecting fields, building argument values, a path object and a promise per field; graphql-jit
 * does that walk once, when it compiles the operation, and the compiled function only calls the
 * resolvers. The resolvers, the field guard, the execution deadline and every result are the same.
 *
 * Apollo Server 5 has no executor option; its `gateway` option is the one hook that replaces
 * execution, and asks only for an object that hands it the schema and an executor. Nothing else
 * of the request pipeline changes: Apollo still parses and validates (with its document store and
 * our validation rules), runs every plugin hook (the limits plugin weighs and counts the call in
 * didResolveOperation and may answer first in responseForOperation), formats errors and sends.
 *
 * - Compiled per document hash and operation name, in a bounded LRU beside Apollo's document store.
 * - Mutations keep graphql-js: they are few, run their root fields one after the other, and their
 *   cost is the write, not the walk.
 * - Variables are coerced by graphql-js first when the operation declares any, so a bad value
 *   is refused with graphql-js's own error (which Apollo turns into BAD_USER_INPUT, 400).
 * - An operation graphql-jit cannot compile runs on graphql-js.
 */
import type { GatewayExecutor, GatewayInterface } from '@apollo/server-gateway-interface';
import { execute, getVariableValues, GraphQLError, printSchema, type DocumentNode, type ExecutionResult, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { LruCache } from '../limits/document-cache.js';
import { documentBytes, type DocumentStoreBounds } from '../limits/document-store.js';

/** A compiled query, or null: this operation runs on graphql-js. */
type Plan = CompiledQuery | null;

export interface CompiledExecution {
  /** For ApolloServer's `gateway` option. */
  gateway: GatewayInterface;
  /** Operations compiled and kept (for tests). */
  readonly compiled: number;
}

/**
 * A compiled query keeps its document, and so the document's text: the plans are bounded by
 * those bytes as well as by their number (a short query padded with a long comment is long).
 */
export function compiledExecution(schema: GraphQLSchema, bounds: DocumentStoreBounds): CompiledExecution {
  const plans = new LruCache<{ plan: Plan; bytes: number }>(bounds.maxEntries, { maxWeight: bounds.maxBytes, weigh: (_key, { bytes }) => bytes });
  const planOf = (queryHash: string, document: DocumentNode, operation: OperationDefinitionNode, operationName: string | undefined): Plan => {
    const key = `${queryHash}\u0000${operationName ?? ''}`;
    const known = plans.get(key);
    if (known !== undefined) return known.plan;
    const compiled = operation.operation === 'query' ? compileQuery(schema, document, operationName) : null;
    const plan = compiled && isCompiledQuery(compiled) ? compiled : null;
    plans.set(key, { plan, bytes: plan ? documentBytes(document) : 0 });
    return plan;
  };

  const executor: GatewayExecutor = async (requestContext) => {
    const document = requestContext.document;
    const operation = requestContext.operation;
    const operationName = requestContext.operationName ?? undefined;
    const contextValue = requestContext.context;
    const variableValues = requestContext.request.variables;
    const plan = planOf(requestContext.queryHash, document, operation, operationName);
    if (!plan) return execute({ schema, document, operationName, contextValue, variableValues });
    if (operation.variableDefinitions?.length) {
      const coerced = getVariableValues(schema, operation.variableDefinitions, variableValues ?? {});
      if (coerced.errors) return { errors: coerced.errors };
    }
    return located(await plan.query(undefined, contextValue, variableValues ?? {}));
  };

  return {
    gateway: {
      async load() {
        return { executor };
      },
      onSchemaLoadOrUpdate(callback) {
        // The schema never changes while the process runs: it is reported once.
        callback({ apiSchema: schema, coreSupergraphSdl: printSchema(schema) });
        return () => undefined;
      },
      async stop() {},
    },
    get compiled() {
      return plans.size;
    },
  };
}

/**
 * graphql-jit's errors inherit from graphql-js's GraphQLError but carry their locations as a
 * property, not through AST nodes; Apollo and formatGraphqlError read them as graphql-js errors.
 */
function located(result: ExecutionResult): ExecutionResult {
  if (!result.errors) return result;
  return {
    ...result,
    errors: result.errors.map((error) => {
      if (error.constructor === GraphQLError) return error;
      const copy = new GraphQLError(error.message, { path: error.path, originalError: error.originalError ?? undefined, extensions: error.extensions });
      if (error.locations) Object.defineProperty(copy, 'locations', { value: error.locations, enumerable: true });
      return copy;
    }),
  };
}
