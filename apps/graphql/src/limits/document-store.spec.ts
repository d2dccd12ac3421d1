import { parse } from 'graphql';
import { boundedDocumentStore, documentBytes } from './document-store.js';

const padded = (tag: string, bytes: number) => parse(`{ me { name } } # ${tag} ${'x'.repeat(bytes)}`);

describe("Apollo's document store, bounded by what the documents keep alive", () => {
  it('weighs a document by its text as well as its AST: a long comment counts', () => {
    expect(documentBytes(padded('a', 100_000))).toBeGreaterThan(100_000);
    expect(documentBytes(parse('{ me { name } }'))).toBeLessThan(1_000);
  });

  it('drops the least recently used documents once their texts pass the bound', async () => {
    const store = boundedDocumentStore({ maxEntries: 100, maxBytes: 250_000 });
    for (const tag of ['a', 'b', 'c']) await store.set(tag, padded(tag, 100_000));
    expect([await store.get('a'), await store.get('b'), await store.get('c')].map(Boolean)).toEqual([false, true, true]);
  });
});
