/**
 * Persisted queries (issue 23): Apollo's automatic persisted queries (a sha256 hash instead of the
 * query, by POST or by GET for queries) and the opt-in trusted documents, where only the documents
 * of a manifest run.
 */
import { DEFAULT_PERSISTED_QUERY_LIMITS } from '../src/persisted/account-persisted-queries.js';
import { parseTrustedDocuments, sha256Hex } from '../src/persisted/trusted-documents.js';
import { startGraphqlHarness, type GraphqlHarness, type Reply } from './support/graphql-harness.js';
import { insertOtherAccount } from './support/reads-fixtures.js';

const ME = '{ me { name } }';
const persisted = (hash: string) => ({ persistedQuery: { version: 1, sha256Hash: hash } });

function caller(harness: GraphqlHarness, token: string, account = harness.demo.account) {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-service-account': account };
  return {
    post: (body: Record<string, unknown>): Promise<Reply> => harness.call('/', { method: 'POST', headers, body: JSON.stringify(body) }),
    get: (params: Record<string, string>): Promise<Reply> => harness.call(`/?${new URLSearchParams(params).toString()}`, { headers }),
  };
}

describe('GraphQL automatic persisted queries', () => {
  let harness: GraphqlHarness;
  beforeAll(async () => {
    harness = await startGraphqlHarness();
  });
  afterAll(() => harness.stop());

  it('answers an unknown hash PERSISTED_QUERY_NOT_FOUND, registers the query sent with its hash, then runs it by hash, by POST and by GET', async () => {
    const { post, get } = caller(harness, await harness.tokenWith(['me:Read']));
    const hash = sha256Hex(ME);
    const unknown = await post({ extensions: persisted(hash) });
    expect(unknown.status).toBe(200);
    expect(unknown.json().errors).toEqual([{ message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } }]);

    const registered = await post({ query: ME, extensions: persisted(hash) });
    expect(registered.json().data).toEqual({ me: { name: 'Alice Admin' } });

    const byHash = await post({ extensions: persisted(hash) });
    expect(byHash.json().data).toEqual({ me: { name: 'Alice Admin' } });
    expect(byHash.headers['x-costlimit-cost']).toBe('1');

    const byGet = await get({ extensions: JSON.stringify(persisted(hash)) });
    expect(byGet.status).toBe(200);
    expect(byGet.json().data).toEqual({ me: { name: 'Alice Admin' } });
    expect(byGet.json().extensions.cost.requestedQueryCost).toBe(1);
  });

  it('refuses a hash that is not the query’s, a mutation by GET, and a full query by GET without a hash', async () => {
    const token = await harness.tokenWith(['me:Read', 'request:Create', 'request:Read']);
    const { post, get } = caller(harness, token);
    const mismatch = await post({ query: ME, extensions: persisted(sha256Hex('{ me { id } }')) });
    expect(mismatch.status).toBe(400);
    expect(mismatch.json().errors).toEqual([{ message: 'provided sha does not match query', extensions: { code: 'BAD_REQUEST' } }]);

    const mutation = 'mutation { requestCreate(input: {subject: "By GET"}) { errors { message } } }';
    await post({ query: mutation, extensions: persisted(sha256Hex(mutation)) });
    const mutationByGet = await get({ extensions: JSON.stringify(persisted(sha256Hex(mutation))) });
    expect(mutationByGet.status).toBe(405);

    expect((await get({ query: ME })).status).toBe(405);
  });

  it('refuses a hash that is not a string with BAD_REQUEST (400), by POST and by GET, not a 500', async () => {
    const { post, get } = caller(harness, await harness.tokenWith(['me:Read']));
    const refusal = { message: 'extensions.persistedQuery.sha256Hash must be a string: the hex sha256 of the query', extensions: { code: 'BAD_REQUEST' } };
    for (const sha256Hash of [{ toString: sha256Hex(ME) }, { valueOf: 1 }, ['a'], 42]) {
      const byPost = await post({ extensions: { persistedQuery: { version: 1, sha256Hash } } });
      expect([byPost.status, byPost.json().errors]).toEqual([400, [refusal]]);
      const byGet = await get({ extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash } }) });
      expect([byGet.status, byGet.json().errors]).toEqual([400, [refusal]]);
    }
  });

  it('does not register a query the limits refuse', async () => {
    const { post } = caller(harness, await harness.tokenWith(['person:Read']));
    const tooMany = '{ people(first: 101) { totalCount } }';
    expect((await post({ query: tooMany, extensions: persisted(sha256Hex(tooMany)) })).status).toBe(400);
    expect((await post({ extensions: persisted(sha256Hex(tooMany)) })).json().errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
  });
});

/** `{ me { name } }` padded with a comment to `bytes` bytes: a document that weighs nothing but its text. */
const padded = (bytes: number, tag = '') => {
  const head = `{ me { name } } # ${tag}`;
  return head + 'x'.repeat(bytes - Buffer.byteLength(head));
};

describe('GraphQL automatic persisted queries: each account its own, bounded in bytes', () => {
  let harness: GraphqlHarness;
  beforeAll(async () => {
    harness = await startGraphqlHarness({ app: { persistedQueries: { maxEntries: 100, maxBytes: 3_000, maxDocumentBytes: 65_536, trusted: null } } });
  });
  afterAll(() => harness.stop());

  it("does not tell another account whether a query was registered: its hash is PERSISTED_QUERY_NOT_FOUND there until that account registers it", async () => {
    const ours = caller(harness, await harness.tokenWith(['me:Read']));
    const other = await insertOtherAccount(harness.test.db);
    const theirs = caller(harness, await harness.tokenWith(['me:Read'], 'olga@other-co.example'), other.account);
    const secret = '{ me { name } } # the subject "Merger with Initech" was searched';
    const hash = sha256Hex(secret);
    expect((await ours.post({ query: secret, extensions: persisted(hash) })).json().data).toEqual({ me: { name: 'Alice Admin' } });
    expect((await ours.post({ extensions: persisted(hash) })).json().data).toEqual({ me: { name: 'Alice Admin' } });

    const probe = await theirs.post({ extensions: persisted(hash) });
    expect(probe.json().errors).toEqual([{ message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } }]);
    expect((await theirs.post({ query: secret, extensions: persisted(hash) })).json().data).toEqual({ me: { name: 'Olga Other' } });
    expect((await theirs.post({ extensions: persisted(hash) })).json().data).toEqual({ me: { name: 'Olga Other' } });
    // Another caller of the same account shares its registrations.
    const colleague = caller(harness, await harness.tokenWith(['me:Read'], harness.demo.agent.email));
    expect((await colleague.post({ extensions: persisted(hash) })).json().data).toEqual({ me: { name: 'Andy Agent' } });
  });

  it('keeps registrations within GRAPHQL_PERSISTED_QUERIES_MAX_BYTES, least recently used out first', async () => {
    const { post } = caller(harness, await harness.tokenWith(['me:Read']));
    const documents = ['a', 'b', 'c'].map((tag) => padded(1_200, tag));
    for (const document of documents) expect((await post({ query: document, extensions: persisted(sha256Hex(document)) })).status).toBe(200);
    // 3 x 1,200 bytes do not fit in 3,000: the first is gone, the two others stay.
    const found = async (document: string) => (await post({ extensions: persisted(sha256Hex(document)) })).json().errors?.[0]?.extensions.code ?? 'found';
    expect(await found(documents[0]!)).toBe('PERSISTED_QUERY_NOT_FOUND');
    expect(await found(documents[1]!)).toBe('found');
    expect(await found(documents[2]!)).toBe('found');
  });
});

describe('GraphQL automatic persisted queries: the size of one document (defaults)', () => {
  let harness: GraphqlHarness;
  beforeAll(async () => {
    harness = await startGraphqlHarness();
  });
  afterAll(() => harness.stop());

  it('refuses to register a document over 65,536 bytes with PERSISTED_QUERY_TOO_LARGE (400, cost 0) and keeps nothing of it', async () => {
    const { post } = caller(harness, await harness.tokenWith(['me:Read']));
    // The case: 900 KB that is mostly a comment, which would cost 1.
    const huge = padded(900_000);
    const refused = await post({ query: huge, extensions: persisted(sha256Hex(huge)) });
    expect(refused.status).toBe(400);
    expect(refused.json().errors).toEqual([
      {
        message: 'A persisted query may be at most 65,536 bytes; this one is 900,000. Send it without extensions.persistedQuery, or shorten it.',
        extensions: { code: 'PERSISTED_QUERY_TOO_LARGE' },
      },
    ]);
    expect(refused.headers['x-costlimit-cost']).toBe('0');
    expect((await post({ extensions: persisted(sha256Hex(huge)) })).json().errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');

    const largest = padded(65_536);
    expect((await post({ query: largest, extensions: persisted(sha256Hex(largest)) })).json().data).toEqual({ me: { name: 'Alice Admin' } });
    expect((await post({ extensions: persisted(sha256Hex(largest)) })).json().data).toEqual({ me: { name: 'Alice Admin' } });
    // The same text sent as a plain query is not registered, so it is not refused either.
    expect((await post({ query: huge })).json().data).toEqual({ me: { name: 'Alice Admin' } });
  });
});

describe('GraphQL trusted documents (GRAPHQL_TRUSTED_DOCUMENTS)', () => {
  let harness: GraphqlHarness;
  const manifest = JSON.stringify({ format: 'apollo-persisted-query-manifest', version: 1, operations: [{ id: sha256Hex(ME), name: 'Me', type: 'query', body: ME }] });
  beforeAll(async () => {
    harness = await startGraphqlHarness({ app: { persistedQueries: { ...DEFAULT_PERSISTED_QUERY_LIMITS, trusted: parseTrustedDocuments(manifest, 'test manifest') } } });
  });
  afterAll(() => harness.stop());

  it('runs a registered document by hash and in full, and refuses any other with PERSISTED_QUERY_NOT_IN_LIST, registering nothing', async () => {
    const { post } = caller(harness, await harness.tokenWith(['me:Read']));
    const byHash = await post({ extensions: persisted(sha256Hex(ME)) });
    expect(byHash.json().data).toEqual({ me: { name: 'Alice Admin' } });
    expect((await post({ query: ME })).json().data).toEqual({ me: { name: 'Alice Admin' } });

    const other = '{ me { id name } }';
    const refused = await post({ query: other, extensions: persisted(sha256Hex(other)) });
    expect(refused.status).toBe(400);
    expect(refused.json().errors).toEqual([
      { message: 'This document is not one of the trusted documents registered with this server; only those run here.', extensions: { code: 'PERSISTED_QUERY_NOT_IN_LIST' } },
    ]);
    expect(refused.headers['x-costlimit-cost']).toBe('0');
    expect((await post({ extensions: persisted(sha256Hex(other)) })).json().errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
  });

  it('keeps introspection open', async () => {
    const { post } = caller(harness, await harness.tokenWith(['me:Read']));
    expect((await post({ query: '{ __schema { queryType { name } } }' })).json().data).toEqual({ __schema: { queryType: { name: 'Query' } } });
  });

  it('refuses a manifest whose id is not the sha256 of its body, naming it', () => {
    const bad = JSON.stringify({ format: 'apollo-persisted-query-manifest', version: 1, operations: [{ id: 'abc', body: ME }] });
    expect(() => parseTrustedDocuments(bad, 'GRAPHQL_TRUSTED_DOCUMENTS=ops.json')).toThrow('GRAPHQL_TRUSTED_DOCUMENTS=ops.json: operations[0].id is not the sha256 of its body');
    expect(() => parseTrustedDocuments('{}', 'm.json')).toThrow('m.json: expected {"format":"apollo-persisted-query-manifest"');
  });
});
