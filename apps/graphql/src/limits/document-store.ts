/**
 * Apollo's document store (parsed and validated documents by query hash), bounded by what the
 * documents hold. Apollo's default weighs a document by its JSON, in which each location is two
 * numbers; but every location refers to the parsed text, so a short query padded with a comment
 * of 900 KB weighed a few hundred bytes and kept 900 KB alive (issue 30 item 5). Here each
 * document weighs its text as well.
 */
import type { DocumentNode } from 'graphql';
import { LruCache } from './document-cache.js';

export interface DocumentStoreBounds {
  maxEntries: number;
  /** The documents' texts and ASTs together, in bytes. */
  maxBytes: number;
}

/** What a parsed document keeps alive: its text and its AST (as JSON, Apollo's measure). */
export function documentBytes(document: DocumentNode): number {
  return Buffer.byteLength(document.loc?.source.body ?? '') + Buffer.byteLength(JSON.stringify(document));
}

/** A KeyValueCache for ApolloServer's `documentStore` option. */
export function boundedDocumentStore({ maxEntries, maxBytes }: DocumentStoreBounds) {
  const documents = new LruCache<DocumentNode>(maxEntries, { maxWeight: maxBytes, weigh: (_key, document) => documentBytes(document) });
  return {
    async get(key: string): Promise<DocumentNode | undefined> {
      return documents.get(key);
    },
    async set(key: string, document: DocumentNode): Promise<void> {
      documents.set(key, document);
    },
    async delete(key: string): Promise<boolean | void> {
      documents.delete(key);
    },
  };
}
