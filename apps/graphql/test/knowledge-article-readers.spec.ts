import { READERS, insertAudiences, readBy, type Audiences } from '@tessera/persistence/testing';
import { audienceReads } from './support/audience-reads.js';
import { startGraphqlHarness, type GraphqlHarness } from './support/graphql-harness.js';

/**
 * Who reads knowledge articles over GraphQL (docs/decisions/056), as over REST
 * (apps/api/test/knowledge-article-readers.spec.ts): the `knowledgeArticles` connection pages and
 * counts only the articles meant for the caller, and `node(id:)` / `nodes(ids:)` answer null for
 * the others, as for another account's.
 */
describe('who reads knowledge articles over GraphQL', () => {
  let g: GraphqlHarness;
  let a: Audiences;
  const reads = audienceReads(() => g, () => a);

  beforeAll(async () => {
    g = await startGraphqlHarness();
    a = await insertAudiences(g.test.db);
  }, 60_000);
  afterAll(() => g.stop());

  it.each(READERS)('pages to the %s exactly the articles meant for them, one at a time, and reads the others by node ID as null', async (reader) => {
    const wanted = readBy(a.articles, reader);
    const { labels, totals, sizes } = await reads.walk(reader, 'knowledgeArticles', '', a.articles);
    expect({ labels, totals }).toEqual({ labels: wanted, totals: [wanted.length] });
    expect(sizes.every((size) => size === 1)).toBe(true);
    const byId = a.articles.map((article) => (article.readBy.includes(reader) ? article.label : null));
    expect(await reads.byNodeIds(reader, 'KnowledgeArticle', a.articles)).toEqual({ node: byId, nodes: byId });
  });

  it('filters within what the caller reads', async () => {
    expect((await reads.walk('end user', 'knowledgeArticles', ', filter: { endUsers: false }', a.articles)).labels).toEqual([]);
    expect((await reads.walk('specialist of team A', 'knowledgeArticles', ', filter: { internalSpecialists: false, coveredSpecialists: true }', a.articles)).labels)
      .toEqual(['covered: support team of its service']);
  });
});
