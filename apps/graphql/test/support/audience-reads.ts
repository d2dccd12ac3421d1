import { encodeNodeId } from '@tessera/domain';
import { insertAudiences, type AudienceRecord, type Audiences, type ReaderName } from '@tessera/persistence/testing';
import { startGraphqlHarness, type GraphqlHarness } from './graphql-harness.js';

/**
 * GraphQL reads of the records of insertAudiences (docs/decisions/056) as each of its callers: a
 * root connection walked a page of one at a time, and reads by node ID.
 */
export function audienceReads(g: () => GraphqlHarness, audiences: () => Audiences) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const run = async (reader: ReaderName, query: string, variables: Record<string, unknown> = {}): Promise<any> => {
    const reply = await g().call('/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${audiences().tokens[reader]}`, 'x-service-account': audiences().account },
      body: JSON.stringify({ query, variables }),
    });
    const body = reply.json();
    if (reply.status !== 200 || body.errors) throw new Error(`${reply.status} ${reply.body}`);
    return body.data;
  };
  return {
    run,
    /** The labels of the records of `connection` (with its arguments `args`), page by page, and every total the pages reported. */
    async walk(reader: ReaderName, connection: string, args: string, records: readonly AudienceRecord[]): Promise<{ labels: string[]; totals: number[]; sizes: number[] }> {
      const labels: string[] = [];
      const totals = new Set<number>();
      const sizes: number[] = [];
      let after: string | null = null;
      for (;;) {
        const page: { totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string }; nodes: Array<{ dbId: number }> } = (await run(reader, `query($after: String) { ${connection}(first: 1, after: $after${args}) { totalCount pageInfo { hasNextPage endCursor } nodes { dbId } } }`, { after }))[connection];
        totals.add(page.totalCount);
        sizes.push(page.nodes.length);
        labels.push(...page.nodes.map((node) => records.find((record) => record.id === node.dbId)?.label ?? `unknown ${node.dbId}`));
        if (!page.pageInfo.hasNextPage) break;
        after = page.pageInfo.endCursor;
      }
      return { labels, totals: [...totals], sizes };
    },
    /** Each record by `node(id:)` and all by `nodes(ids:)`: the labels read, null where none. */
    async byNodeIds(reader: ReaderName, type: string, records: readonly AudienceRecord[]): Promise<{ node: Array<string | null>; nodes: Array<string | null> }> {
      const ids = records.map((record) => encodeNodeId(type, record.id));
      const labelOf = (found: { dbId: number } | null) => (found === null ? null : records.find((record) => record.id === found.dbId)!.label);
      const node: Array<string | null> = [];
      for (const id of ids) node.push(labelOf((await run(reader, `query($id: ID!) { node(id: $id) { ... on ${type} { dbId } } }`, { id })).node));
      const nodes = (await run(reader, `query($ids: [ID!]!) { nodes(ids: $ids) { ... on ${type} { dbId } } }`, { ids })).nodes as Array<{ dbId: number } | null>;
      return { node, nodes: nodes.map(labelOf) };
    },
  };
}

export interface AudienceSuite {
  g: GraphqlHarness;
  /** The records of insertAudiences and the tokens of its callers. */
  a: Audiences;
  reads: ReturnType<typeof audienceReads>;
}

/**
 * The frame of a spec of who reads what over GraphQL: a harness and the audiences inserted on its
 * database, made in a beforeAll hook registered here (before the block's own) and stopped after its
 * tests, with the reads as each caller. Read `g` and `a` in tests, not when the block is declared.
 */
export function audienceSuite(): AudienceSuite {
  const suite = {} as AudienceSuite;
  suite.reads = audienceReads(() => suite.g, () => suite.a);
  beforeAll(async () => {
    suite.g = await startGraphqlHarness();
    suite.a = await insertAudiences(suite.g.test.db);
  }, 60_000);
  afterAll(() => suite.g.stop());
  return suite;
}
