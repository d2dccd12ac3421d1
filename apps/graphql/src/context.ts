/**
 * The caller of one GraphQL request (SPEC.md "GraphQL API authentication"):
 * - POST: `Authorization` and the account header, as for REST (rules 1-2); an operation of
 *   `__schema`, `__type` and `__typename` alone needs the token only, so schema tools work
 *   without the account header (issue 18);
 * - GET: introspection only, with the `Authorization` header alone (rule 4): `/` with no query
 *   string for the whole schema (schema-by-get.ts), or `?query=`; or a persisted query by its
 *   hash (`?extensions={"persistedQuery":…}`, issue 23), with the account header as a POST; any
 *   other query by GET is refused with 405, since only POST carries them.
 * Domain errors become GraphQL errors with their mapped code and the HTTP status REST uses.
 */
import { GraphQLError } from 'graphql';
import type { Request } from 'express';
import { authenticateToken, isDomainError, authenticateCall, type AccessPort } from '@tessera/domain';
import type { OutageWatch } from '@tessera/http';
import { toGraphqlRequestError } from './graphql-error.js';
import { isIntrospectionOnly } from './introspection-only.js';
import { isSchemaRequest, searchOf } from './schema-by-get.js';
import { createGraphqlLoaders } from './loaders/graphql-loaders.js';
import { malformedPersistedQuery } from './persisted/account-persisted-queries.js';
import { quotaKeyOf } from './quota/request-quota.js';
import type { GraphqlContext } from './schema.js';
import type { GraphqlServices } from './services.js';

export function graphqlContext(services: GraphqlServices, port: AccessPort, outages?: OutageWatch): (args: { req: Request }) => Promise<GraphqlContext> {
  return async ({ req }) => {
    try {
      const extensions = req.method === 'GET' ? parsedExtensions(req.query['extensions']) : (req.body as { extensions?: unknown } | undefined)?.extensions;
      const malformed = malformedPersistedQuery(extensions);
      if (malformed) throw malformed;
      // A persisted query by its hash may come by GET (Apollo's protocol), with the account header as a POST has.
      const persistedGet = req.method === 'GET' && typeof (extensions as { persistedQuery?: { sha256Hash?: unknown } } | null)?.persistedQuery?.sha256Hash === 'string';
      if (req.method === 'GET' && !persistedGet && !isSchemaRequest('GET', searchOf(req.url)) && !isIntrospectionOnly(req.query['query'])) {
        throw new GraphQLError('GET serves introspection and persisted queries by hash only (__schema, __type, __typename); send other queries and mutations with POST', {
          extensions: { code: 'METHOD_NOT_ALLOWED', http: { status: 405, headers: new Map([['allow', 'POST']]) } },
        });
      }
      // A POST with the account header is the common call: its document is parsed once, by Apollo, not here too.
      if ((req.method === 'GET' && !persistedGet) || (req.method !== 'GET' && !req.get('x-service-account') && isIntrospectionOnly(queryOf(req.body)))) {
        const grant = await authenticateToken(req.get('authorization'), port);
        // Introspection with the token alone counts as a request, at cost 1, like any other call.
        return { services, access: null, loaders: createGraphqlLoaders(services, null), quota: { key: quotaKeyOf(grant.person.id, grant.clientId), figures: null } };
      }
      const access = await authenticateCall({ authorization: req.get('authorization'), account: req.get('x-service-account') }, port);
      return { services, access, loaders: createGraphqlLoaders(services, access), quota: { key: quotaKeyOf(access.person.id, access.token.clientId), figures: null } };
    } catch (error) {
      // The database unreachable is a 503 with Retry-After; anything else is answered 500 by Apollo,
      // and hidden behind an error id by formatGraphqlError.
      const answer = isDomainError(error) ? error : outages?.answer(error);
      throw answer ? toGraphqlRequestError(answer) : error;
    }
  };
}

/** The `extensions` parameter of a GET, parsed; undefined when it is missing or not JSON (Apollo answers that). */
function parsedExtensions(extensions: unknown): unknown {
  if (typeof extensions !== 'string') return undefined;
  try {
    return JSON.parse(extensions);
  } catch {
    return undefined;
  }
}

/** The query of a POST body; Apollo itself refuses a body that has none. */
function queryOf(body: unknown): unknown {
  return typeof body === 'object' && body !== null ? (body as { query?: unknown }).query : undefined;
}
