/**
 * SPEC.md "GraphQL endpoint": `GET {graphql_url}/` with no payload and only the Authorization
 * header answers the complete schema, as the standard introspection result (what graphql-js's
 * `getIntrospectionQuery()` asks for, the query schema tools send). Such a GET runs as that query
 * would by GET `?query=`: the same token check, the same request-rate and cost counting and
 * headers; the query is put in before Apollo reads it (schemaByGetPlugin). The schema is constant,
 * so the result is computed once per process and answered from memory after that.
 */
import type { ApolloServerPlugin, GraphQLRequestContextWillSendResponse } from '@apollo/server';
import { HeaderMap } from '@apollo/server';
import type { RequestHandler } from 'express';
import { getIntrospectionQuery, type FormattedExecutionResult } from 'graphql';
import { authenticateToken, isDomainError, type AccessPort } from '@tessera/domain';
import { toHttpError } from '@tessera/http';
import { graphqlErrorShapeOf } from './graphql-error.js';

export const SCHEMA_QUERY = getIntrospectionQuery();

/** A GET with no query string at all (`/` or `/?`): the request for the whole schema. */
export function isSchemaRequest(method: string, search: string): boolean {
  return method === 'GET' && (search === '' || search === '?');
}

export function searchOf(url: string): string {
  const at = url.indexOf('?');
  return at === -1 ? '' : url.slice(at);
}

/**
 * The schema request without an Authorization header is answered 401 here: Apollo would refuse
 * it first as a possible cross-site request forgery (400), which guards queries a page could make
 * a browser send; this document is ours, and the caller still needs a token.
 */
export function schemaRequestNeedsToken(port: AccessPort): RequestHandler {
  return async (req, res, next) => {
    if (!isSchemaRequest(req.method, searchOf(req.url)) || req.get('authorization')) return next();
    try {
      await authenticateToken(undefined, port);
    } catch (error) {
      if (!isDomainError(error)) throw error;
      const { status, headers } = toHttpError(error);
      res.status(status).set(headers).json({ errors: [graphqlErrorShapeOf(error)] });
      return;
    }
    next();
  };
}

export function schemaByGetPlugin<C extends object>(): ApolloServerPlugin<C> {
  let cached: FormattedExecutionResult | null = null;
  return {
    async requestDidStart({ request }) {
      if (isSchemaRequest(request.http?.method ?? '', request.http?.search ?? '') && request.query === undefined) request.query = SCHEMA_QUERY;
      if (request.query !== SCHEMA_QUERY) return;
      return {
        // After the quota plugin counted the call (a spent window or budget answers first).
        async responseForOperation() {
          return cached ? { http: { status: undefined, headers: new HeaderMap() }, body: { kind: 'single', singleResult: cached } } : null;
        },
        async willSendResponse({ response }: GraphQLRequestContextWillSendResponse<C>) {
          if (cached || response.body.kind !== 'single') return;
          const result = response.body.singleResult;
          if (result.data && !result.errors && (response.http.status ?? 200) === 200) cached = { data: result.data };
        },
      };
    },
  };
}
