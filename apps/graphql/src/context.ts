/**
 * The caller of one GraphQL request (SPEC.md "GraphQL API authentication"):
 * - POST: `Authorization` and the account header, as for REST (rules 1-2);
 * - GET: introspection only, with the `Authorization` header alone (rule 4);
 *   any other query by GET is refused with 405, since only POST carries them.
 * Domain errors become GraphQL errors with the code and HTTP status REST uses.
 */
import { GraphQLError } from 'graphql';
import type { Request } from 'express';
import { authenticateToken, isDomainError, resolveAccess, type AccessPort, type DomainError } from '@tessera/domain';
import { toHttpError } from '@tessera/http';
import type { Database } from '@tessera/persistence';
import { isIntrospectionOnly } from './introspection-only.js';
import type { GraphqlContext } from './schema.js';

export function graphqlContext(db: Database, port: AccessPort): (args: { req: Request }) => Promise<GraphqlContext> {
  return async ({ req }) => {
    try {
      if (req.method === 'GET') {
        if (!isIntrospectionOnly(req.query['query'])) {
          throw new GraphQLError('GET serves introspection only (__schema, __type, __typename); send queries and mutations with POST', {
            extensions: { code: 'METHOD_NOT_ALLOWED', http: { status: 405, headers: new Map([['allow', 'POST']]) } },
          });
        }
        await authenticateToken(req.get('authorization'), port);
        return { db, access: null };
      }
      return { db, access: await resolveAccess({ authorization: req.get('authorization'), account: req.get('x-service-account') }, port) };
    } catch (error) {
      throw isDomainError(error) ? toGraphqlError(error) : error;
    }
  };
}

/** The code in `extensions.code`; the status and headers (e.g. WWW-Authenticate) those of the REST answer. */
export function toGraphqlError(error: DomainError): GraphQLError {
  const { status, headers } = toHttpError(error);
  return new GraphQLError(error.message, { extensions: { code: error.code, http: { status, headers: new Map(Object.entries(headers)) } } });
}
