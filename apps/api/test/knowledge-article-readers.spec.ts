import { READERS, insertAudiences, insertNeededRecord, readBy, recordStatements, type Audiences } from '@tessera/persistence/testing';
import { startApiHarness, type ApiHarness } from './support/api-harness.js';
import { audienceReads } from './support/audience-reads.js';

/**
 * Who reads knowledge articles over REST (docs/decisions/056): administrators all; specialists
 * those not yet validated and, validated, those for internal specialists or covering a team of
 * theirs; end users the validated ones for end users; no one else the archived ones. An article
 * a caller may not read is absent from their pages and counts, and not found, with what it holds.
 */
describe('who reads knowledge articles over REST', () => {
  let h: ApiHarness;
  let a: Audiences;
  let othersArticle: number;
  const reads = audienceReads(() => h, () => a);

  beforeAll(async () => {
    h = await startApiHarness();
    a = await insertAudiences(h.test.db);
    othersArticle = await insertNeededRecord(h.test.db, h.demo.account, 'KnowledgeArticle');
  }, 60_000);
  afterAll(() => h.drop());

  it.each(READERS)('lists to the %s exactly the articles meant for them, a page of one at a time', async (reader) => {
    const wanted = readBy(a.articles, reader);
    const { labels, totals, sizes } = await reads.walk(reader, '/v1/knowledge_articles', a.articles);
    expect(labels).toEqual(wanted);
    expect(totals).toEqual([String(wanted.length)]);
    expect(sizes.every((size) => size === 1)).toBe(true);
  });

  it.each(READERS)('answers the %s 404 for an article not meant for them, as for another account’s, and for what it holds', async (reader) => {
    const otherAccounts = (await reads.get(reader, `/v1/knowledge_articles/${othersArticle}`).expect(404)).body;
    const answers = [];
    for (const article of a.articles) {
      const one = await reads.get(reader, `/v1/knowledge_articles/${article.id}`);
      const held = await reads.get(reader, `/v1/knowledge_articles/${article.id}/service_instances`);
      answers.push([article.label, one.status, held.status, one.status === 404 ? one.body : null]);
    }
    expect(answers).toEqual(a.articles.map((article) => {
      const read = article.readBy.includes(reader);
      return [article.label, read ? 200 : 404, read ? 200 : 404, read ? null : otherAccounts];
    }));
  });

  it('filters within what the caller reads: a filter never brings back an article not meant for them', async () => {
    const { labels } = await reads.walk('end user', '/v1/knowledge_articles?end_users=false', a.articles);
    expect(labels).toEqual([]);
    const specialists = await reads.walk('specialist of team B', '/v1/knowledge_articles?covered_specialists=true&internal_specialists=false', a.articles);
    expect(specialists.labels).toEqual(['covered: support team of its service instance']);
  });

  it('reads with the same statement text whoever calls: the caller is a parameter', async () => {
    const texts = async (reader: (typeof READERS)[number]) =>
      new Set((await recordStatements(() => reads.get(reader, '/v1/knowledge_articles?per_page=1').expect(200))).statements.filter((text) => text.includes('knowledge_articles')));
    const endUser = await texts('end user');
    expect(endUser.size).toBeGreaterThan(0);
    expect(await texts('administrator')).toEqual(endUser);
    expect(await texts('specialist of team A')).toEqual(endUser);
  });
});
