import { READERS, readBy } from '@tessera/persistence/testing';
import { audienceSuite } from './support/audience-reads.js';

/**
 * Who reads knowledge articles over GraphQL (docs/decisions/056), as over REST
 * (apps/api/test/knowledge-article-readers.spec.ts): the `knowledgeArticles` connection pages and
 * counts only the articles meant for the caller, and `node(id:)` / `nodes(ids:)` answer null for
 * the others, as for another account's.
 */
describe('who reads knowledge articles over GraphQL', () => {
  const suite = audienceSuite();
  const { reads } = suite;

  it.each(READERS)('pages to the %s exactly the articles meant for them, one at a time, and reads the others by node ID as null', async (reader) => {
    const wanted = readBy(suite.a.articles, reader);
    const { labels, totals, sizes } = await reads.walk(reader, 'knowledgeArticles', '', suite.a.articles);
    expect({ labels, totals }).toEqual({ labels: wanted, totals: [wanted.length] });
    expect(sizes.every((size) => size === 1)).toBe(true);
    const byId = suite.a.articles.map((article) => (article.readBy.includes(reader) ? article.label : null));
    expect(await reads.byNodeIds(reader, 'KnowledgeArticle', suite.a.articles)).toEqual({ node: byId, nodes: byId });
  });

  it('filters within what the caller reads', async () => {
    expect((await reads.walk('end user', 'knowledgeArticles', ', filter: { endUsers: false }', suite.a.articles)).labels).toEqual([]);
    expect((await reads.walk('specialist of team A', 'knowledgeArticles', ', filter: { internalSpecialists: false, coveredSpecialists: true }', suite.a.articles)).labels)
      .toEqual(['covered: support team of its service']);
  });
});
