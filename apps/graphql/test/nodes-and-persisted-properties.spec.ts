/**
 * Issue 30 ("Done when"), property-based: lists of IDs under `nodes`, and persisted queries of
 * every size. Whatever arrives: never a 5xx, every error with an extensions.code, and
 * - `nodes(ids: [n IDs])` over a chain of connections weighs what the model says: n + n x the
 *   chain's nodes against the 500,000-node limit, max(1, round((1 + n x the chain's requests) / 100))
 *   points, in the dry run and the real run alike (item 4);
 * - a persisted query registers when it is at most 65,536 bytes and is refused with
 *   PERSISTED_QUERY_TOO_LARGE above (a body over 1 MiB is 413), and is then found by its hash
 *   exactly when it was registered and not pushed out of a small store (item 5).
 * Seeded: a failure names the seed and the shrunk case (SOAK_SEED replays it).
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { encodeNodeId } from '@tessera/domain';
import { DEFAULT_PERSISTED_QUERY_LIMITS } from '../src/persisted/account-persisted-queries.js';
import { startGraphqlHarness, type GraphqlHarness, type Reply } from './support/graphql-harness.js';

const factor = Number(process.env['SOAK_INPUTS_FACTOR'] ?? 1);
const seed = process.env['SOAK_SEED'] ? Number(process.env['SOAK_SEED']) : Date.now() ^ (Math.random() * 0x7fffffff);
const MAX_NODES = 500_000;
const MAX_DOCUMENT_BYTES = DEFAULT_PERSISTED_QUERY_LIMITS.maxDocumentBytes;

/** Problems every answer must be free of: a 5xx, a non-JSON body, an error without extensions.code. */
function problemsOf(reply: Reply): string | null {
  if (reply.status >= 500) return `status ${reply.status}: ${reply.body.slice(0, 300)}`;
  if (reply.status === 413) return null;
  let body: { errors?: Array<{ extensions?: { code?: unknown } }>; data?: unknown };
  try {
    body = reply.json();
  } catch {
    return `not JSON: ${reply.body.slice(0, 300)}`;
  }
  const codeless = (body.errors ?? []).filter((error) => typeof error.extensions?.code !== 'string');
  return codeless.length > 0 ? `errors without extensions.code: ${JSON.stringify(codeless).slice(0, 300)}` : null;
}

/** Team.members and Person.teams, alternating from a team: the selection under each ID. */
function chainSelection(sizes: number[]): string {
  const fields = ['members', 'teams'];
  let inner = 'name';
  for (let i = sizes.length - 1; i >= 0; i--) inner = `${fields[i % 2]}(first: ${sizes[i]}) { nodes { ${inner} } }`;
  return `... on Team { ${inner} }`;
}
const chainNodes = (sizes: number[]): number => (sizes.length === 0 ? 0 : sizes[0]! + sizes[0]! * chainNodes(sizes.slice(1)));
const chainRequests = (sizes: number[]): number => (sizes.length === 0 ? 0 : 1 + sizes[0]! * chainRequests(sizes.slice(1)));

describe('GraphQL properties: lists of IDs under nodes, persisted queries of every size (fast-check)', () => {
  let g: GraphqlHarness;
  let team: string;
  beforeAll(async () => {
    g = await startGraphqlHarness({ app: { persistedQueries: { maxEntries: 50, maxBytes: 200_000, maxDocumentBytes: MAX_DOCUMENT_BYTES, trusted: null } } });
    team = encodeNodeId('Team', (await g.test.db('teams').where({ account_id: g.demo.account }).first('id')).id);
    console.log(`nodes and persisted properties: seed ${seed} (SOAK_SEED=${seed} replays this run)`);
  }, 60_000);
  afterAll(() => g?.stop());

  const post = (body: unknown): Promise<Reply> =>
    g.call('/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${g.demo.admin.token}`, 'x-service-account': g.demo.account },
      body: JSON.stringify(body),
    });

  it('weighs nodes(ids:) by its number of IDs, whatever the IDs and the fan-out below them', async () => {
    const id = fc.oneof(
      { weight: 4, arbitrary: fc.constant('TEAM') },
      { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
      { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
      { weight: 1, arbitrary: fc.constantFrom('', 'dGVzc2VyYS9UZWFtLzk5OTk5OTk5OTk5', 'UmVxdWVzdDox', '\ud800', 'a\u0000b', '__proto__') },
    );
    const cases = fc.record({
      ids: fc.array(id, { maxLength: 120 }),
      sizes: fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 0, maxLength: 4 }),
      inline: fc.boolean(),
    });
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(cases, async ({ ids: generated, sizes, inline }) => {
        runs += 1;
        const ids = generated.map((value) => (value === 'TEAM' ? team : value));
        const selection = sizes.length > 0 ? chainSelection(sizes) : '__typename';
        const args = inline ? `[${ids.map((value) => JSON.stringify(value)).join(', ')}]` : '$ids';
        const head = inline ? '' : 'query($ids: [ID!]!)';
        const vars = inline ? {} : { ids };
        const n = ids.length;
        const nodes = n + n * chainNodes(sizes);
        const cost = Math.max(1, Math.round((1 + n * chainRequests(sizes)) / 100));

        const dry = await post({ query: `${head} { nodes(ids: ${args}) { ${selection} } rateLimit(dryRun: true) { cost } }`, variables: vars });
        const dryProblem = problemsOf(dry);
        if (dryProblem) throw new Error(`dry run: ${dryProblem}`);
        // An ID the document cannot hold (a lone surrogate written inline) or a variable refused as input: a clear 400, nothing weighed.
        const refusedAs = dry.json().errors?.[0]?.extensions?.code;
        if (dry.status === 400 && (refusedAs === 'GRAPHQL_PARSE_FAILED' || refusedAs === 'BAD_USER_INPUT')) return;
        if (nodes > MAX_NODES) {
          if (dry.status !== 400 || dry.json().errors?.[0]?.extensions?.code !== 'GRAPHQL_VALIDATION_FAILED') throw new Error(`${nodes} nodes not refused: ${dry.status} ${dry.body.slice(0, 200)}`);
          return;
        }
        if (dry.json().data?.rateLimit?.cost !== cost) throw new Error(`dry run cost ${JSON.stringify(dry.json().data)}, expected ${cost}`);
        const real = await post({ query: `${head} { nodes(ids: ${args}) { ${selection} } }`, variables: vars });
        const realProblem = problemsOf(real);
        if (realProblem) throw new Error(`real run: ${realProblem}`);
        if (real.headers['x-costlimit-cost'] !== String(cost)) throw new Error(`real run charged ${String(real.headers['x-costlimit-cost'])}, expected ${cost}`);
        if (n <= 100 && real.json().data?.nodes?.length !== n) throw new Error(`answered ${JSON.stringify(real.json()).slice(0, 200)} for ${n} IDs`);
      }),
      { seed, numRuns: Math.round(150 * factor), endOnFailure: false },
    );
    expect(runs).toBeGreaterThanOrEqual(Math.round(150 * factor));
  }, 300_000 * Math.max(1, factor));

  it('registers persisted queries of every size up to the documented one, refuses larger ones, and finds exactly what it keeps', async () => {
    const size = fc.oneof(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 200, max: 70_000 }), fc.integer({ min: MAX_DOCUMENT_BYTES - 50, max: MAX_DOCUMENT_BYTES + 50 }), fc.integer({ min: 70_000, max: 1_100_000 }));
    const filler = fc.constantFrom('x', 'é', '€', '😀', ' ', '\t');
    const form = fc.constantFrom('register', 'hash only', 'wrong hash', 'version 2', 'hash not a string', 'by GET');
    const sha = (text: string) => createHash('sha256').update(text).digest('hex');
    const registered = new Set<string>();
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.record({ size, filler, form, tag: fc.nat() }), async ({ size: bytes, filler: unit, form: how, tag }) => {
        runs += 1;
        const head = `{ me { name } } # ${tag} `;
        const query = head + unit.repeat(Math.max(0, Math.floor((bytes - Buffer.byteLength(head)) / Buffer.byteLength(unit))));
        const hash = sha(query);
        const extensions = { persistedQuery: { version: 1, sha256Hash: hash } };
        let reply: Reply;
        if (how === 'register') reply = await post({ query, extensions });
        else if (how === 'hash only') reply = await post({ extensions });
        else if (how === 'wrong hash') reply = await post({ query, extensions: { persistedQuery: { version: 1, sha256Hash: sha(`${query} `) } } });
        else if (how === 'version 2') reply = await post({ query, extensions: { persistedQuery: { version: 2, sha256Hash: hash } } });
        else if (how === 'hash not a string') reply = await post({ extensions: { persistedQuery: { version: 1, sha256Hash: { toString: hash } } } });
        else {
          const params = new URLSearchParams({ extensions: JSON.stringify(extensions) });
          reply = await g.call(`/?${params.toString()}`, { headers: { authorization: `Bearer ${g.demo.admin.token}`, 'x-service-account': g.demo.account } });
        }
        const problem = problemsOf(reply);
        if (problem) throw new Error(`${how} of ${Buffer.byteLength(query)} bytes: ${problem}`);
        const code = reply.status === 413 ? 'too large a body' : (reply.json().errors?.[0]?.extensions?.code ?? 'ok');
        if (how === 'register') {
          const expected = Buffer.byteLength(query) > MAX_DOCUMENT_BYTES ? ['PERSISTED_QUERY_TOO_LARGE', 'too large a body'] : ['ok'];
          if (!expected.includes(code)) throw new Error(`registering ${Buffer.byteLength(query)} bytes answered ${code}`);
          if (code === 'ok') registered.add(hash);
          // Whatever it answered, the hash alone now runs exactly when it was kept.
          const again = await post({ extensions });
          const found = again.json().data?.me?.name === 'Alice Admin';
          if (code === 'ok' && !found) throw new Error(`registered ${Buffer.byteLength(query)} bytes, then not found: ${again.body.slice(0, 200)}`);
          if (code !== 'ok' && found) throw new Error(`refused ${Buffer.byteLength(query)} bytes, then found`);
        } else if ((how === 'hash only' || how === 'by GET') && code !== 'ok' && code !== 'PERSISTED_QUERY_NOT_FOUND') {
          throw new Error(`${how} answered ${code}`);
        }
      }),
      { seed, numRuns: Math.round(200 * factor), endOnFailure: false },
    );
    console.log(`persisted queries of every size: ${runs} cases, ${registered.size} registered`);
    expect(registered.size).toBeGreaterThan(0);
  }, 300_000 * Math.max(1, factor));
});
