/**
 * Persisted queries and trusted documents (issue 23).
 * - Automatic persisted queries (Apollo's protocol): a client sends `extensions.persistedQuery
 *   {version: 1, sha256Hash}` alone; an unknown hash answers PERSISTED_QUERY_NOT_FOUND and the
 *   client sends the query with its hash once, which registers it for the caller's account in
 *   this replica's bounded store (account-persisted-queries.ts) after the call passed every limit.
 * - Trusted documents (GRAPHQL_TRUSTED_DOCUMENTS, opt-in): the documents of a manifest file, in
 *   the format Apollo's client tools generate (`apollo-persisted-query-manifest`, version 1), are
 *   the only ones that run, by hash or in full; nothing is registered at run time. Introspection
 *   stays open (SPEC.md: the schema is discoverable). The file is read once at boot, and a
 *   manifest whose ids are not the sha256 of their bodies stops the app with a message.
 */
import { createHash } from 'node:crypto';
import { GraphQLError } from 'graphql';

export interface TrustedDocuments {
  /** The registered body of this sha256 hash, if any. */
  bodyOf(hash: string): string | undefined;
  readonly size: number;
}

export const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The documents of a persisted query manifest's text; throws a message naming what is wrong. */
export function parseTrustedDocuments(text: string, source: string): TrustedDocuments {
  let manifest: unknown;
  try {
    manifest = JSON.parse(text);
  } catch {
    throw new Error(`${source}: not JSON; expected an apollo-persisted-query-manifest`);
  }
  const { format, version, operations } = (manifest ?? {}) as { format?: unknown; version?: unknown; operations?: unknown };
  if (format !== 'apollo-persisted-query-manifest' || version !== 1 || !Array.isArray(operations)) {
    throw new Error(`${source}: expected {"format":"apollo-persisted-query-manifest","version":1,"operations":[{"id","body"}...]}`);
  }
  const bodies = new Map<string, string>();
  operations.forEach((operation: { id?: unknown; body?: unknown }, index) => {
    if (typeof operation?.id !== 'string' || typeof operation.body !== 'string') throw new Error(`${source}: operations[${index}] needs a string id and body`);
    if (sha256Hex(operation.body) !== operation.id) throw new Error(`${source}: operations[${index}].id is not the sha256 of its body`);
    bodies.set(operation.id, operation.body);
  });
  return { bodyOf: (hash) => bodies.get(hash), size: bodies.size };
}

/**
 * The store of Apollo's `persistedQueries.cache`: the trusted documents when only those run,
 * otherwise nothing, since automatic registrations are each account's own and are looked up
 * before Apollo would (account-persisted-queries.ts). Apollo registers nothing here.
 */
export function trustedDocumentCache(trusted: TrustedDocuments | null) {
  return {
    // Apollo prefixes the hash with `apq:` (its store may be shared with other caches).
    async get(key: string): Promise<string | undefined> {
      return trusted?.bodyOf(key.replace(/^apq:/, ''));
    },
    async set(): Promise<void> {},
    async delete(): Promise<boolean | void> {},
  };
}

/** A document outside the trusted documents: refused before it runs, counted as a request at cost 0. */
export function notTrustedError(): GraphQLError {
  return new GraphQLError('This document is not one of the trusted documents registered with this server; only those run here.', {
    extensions: { code: 'PERSISTED_QUERY_NOT_IN_LIST', http: { status: 400 } },
  });
}
