/**
 * Automatic persisted queries, each account's own (issue 30 item 5). Apollo's protocol, with the
 * registrations kept here rather than in Apollo's cache, which is shared by every caller and
 * sees no context: there, any tenant could tell whether an exact query text (literals
 * included) had been run by another by sending its hash.
 * - requestDidStart: a hash alone is looked up among the caller's account's registrations and,
 *   when found, its text is put in the request, so Apollo runs it as if it had been sent (its
 *   own lookup then never happens); otherwise Apollo answers PERSISTED_QUERY_NOT_FOUND;
 * - a text sent with its hash is registered for the account once the call passed every limit
 *   (responseForOperation is reached only then), unless it is over `maxDocumentBytes`, which the
 *   limits plugin refuses (`refusal`) before anything is counted but the request;
 * - one bounded store for the replica: at most `maxEntries` registrations and `maxBytes` of text
 *   (UTF-8) together, least recently used out first.
 * Trusted documents (trusted-documents.ts) are shared by every account and do not come here.
 */
import type { ApolloServerPlugin, GraphQLRequest } from '@apollo/server';
import { GraphQLError } from 'graphql';
import { LruCache } from '../limits/document-cache.js';
import type { GraphqlContext } from '../schema/graphql-context.js';

export interface PersistedQueryLimits {
  /** Registrations kept in this replica, every account together (GRAPHQL_PERSISTED_QUERIES_MAX). */
  maxEntries: number;
  /** Their text together, in UTF-8 bytes (GRAPHQL_PERSISTED_QUERIES_MAX_BYTES). */
  maxBytes: number;
  /** The largest text one registration may have, in UTF-8 bytes (GRAPHQL_PERSISTED_QUERY_MAX_BYTES). */
  maxDocumentBytes: number;
}

/** What a deployment gets with no variable set: 10,000 registrations, 32 MiB, 64 KiB each. */
export const DEFAULT_PERSISTED_QUERY_LIMITS: PersistedQueryLimits = { maxEntries: 10_000, maxBytes: 32 * 1024 * 1024, maxDocumentBytes: 64 * 1024 };

export interface AccountPersistedQueries {
  plugin: ApolloServerPlugin<GraphqlContext>;
  /** The error refusing this request's registration, or null. */
  refusal(request: GraphQLRequest): GraphQLError | null;
}

const hashOf = (request: GraphQLRequest): string | null => {
  const persisted = request.extensions?.['persistedQuery'] as { version?: unknown; sha256Hash?: unknown } | undefined;
  return persisted?.version === 1 && typeof persisted.sha256Hash === 'string' ? persisted.sha256Hash : null;
};

/** Whose registrations a call sees: its account's; introspection with the token alone, its caller's. */
const ownerOf = (context: GraphqlContext): string | null => {
  if (context.access) return `account:${context.access.account.id}`;
  return context.quota ? `caller:${context.quota.key}` : null;
};

/**
 * A persisted query whose hash is not a string: refused before Apollo reads it (BAD_REQUEST, 400).
 * Apollo turns the hash into its cache key with `+`, which throws on an object such as
 * `{"toString": "…"}`: a 500 for a malformed request.
 */
export function malformedPersistedQuery(extensions: unknown): GraphQLError | null {
  const persisted = (extensions as { persistedQuery?: unknown } | null | undefined)?.persistedQuery;
  if (typeof persisted !== 'object' || persisted === null || !('sha256Hash' in persisted)) return null;
  if (typeof persisted.sha256Hash === 'string') return null;
  return new GraphQLError('extensions.persistedQuery.sha256Hash must be a string: the hex sha256 of the query', {
    extensions: { code: 'BAD_REQUEST', http: { status: 400 } },
  });
}

export function accountPersistedQueries(limits: PersistedQueryLimits): AccountPersistedQueries {
  const registered = new LruCache<string>(limits.maxEntries, { maxWeight: limits.maxBytes, weigh: (_key, text) => Buffer.byteLength(text) });
  const tooLarge = (request: GraphQLRequest): number | null => {
    if (hashOf(request) === null || typeof request.query !== 'string') return null;
    // Characters are at most 4 bytes: a text short enough is not measured.
    if (request.query.length * 4 <= limits.maxDocumentBytes) return null;
    const bytes = Buffer.byteLength(request.query);
    return bytes > limits.maxDocumentBytes ? bytes : null;
  };
  return {
    plugin: {
      async requestDidStart({ request, contextValue }) {
        const hash = hashOf(request);
        const owner = ownerOf(contextValue);
        if (hash === null || owner === null) return;
        const key = `${owner}\u0000${hash}`;
        const sent = request.query;
        if (sent === undefined) {
          const known = registered.get(key);
          if (known !== undefined) request.query = known;
          return;
        }
        return {
          async responseForOperation() {
            // Apollo checked that the text is the hash's; the limits passed, or this is not reached.
            if (tooLarge(request) === null) registered.set(key, sent);
            return null;
          },
        };
      },
    },
    refusal(request) {
      const bytes = tooLarge(request);
      if (bytes === null) return null;
      const figure = (n: number) => n.toLocaleString('en-US');
      return new GraphQLError(
        `A persisted query may be at most ${figure(limits.maxDocumentBytes)} bytes; this one is ${figure(bytes)}. Send it without extensions.persistedQuery, or shorten it.`,
        { extensions: { code: 'PERSISTED_QUERY_TOO_LARGE', http: { status: 400 } } },
      );
    },
  };
}
