/**
 * GraphQL (issue 12, "Done when"): `{ me { id name } }` through the real graphql app's whole
 * pipeline (TLS, HTTP middleware, token, account, both request-rate windows and the cost points on
 * the real store with limits raised so none refuses, cost headers, validation limits, the field
 * guard, the person view) against a bare Apollo Server 5 + Express 5 answering the same query from
 * a constant resolver (graphql-bare-apollo.ts), same client, same connections, same request. Then a
 * 100-request page with nested references (requestedBy, team, 5 notes each) on seeded data,
 * through the real app alone; skipped while the schema has no `requests` connection. Between the two,
 * the same `me` query by its sha256 alone (Apollo's automatic persisted queries) beside it in full.
 */
import { createHash } from 'node:crypto';
import { describePlan } from './bench-options.js';
import { describeQuotaHeaders, formatServerCpu, formatSkipped, formatThroughputRatio, graphqlOutcome } from './graphql-figures.js';
import { createGraphqlHttpClient, graphqlPost, type GraphqlCall } from './graphql-http-client.js';
import { createDatabase } from '@tessera/persistence';
import { recordPageStatements } from './graphql-page-statements.js';
import { startBareApollo, startBarePage, type BenchCertificate, type GraphqlEntries, type TlsServerProcess } from './graphql-servers.js';
import { failuresOf, formatResult, formatWarmupFailures, runLoad, type LoadBenchOptions, type Measured } from './load.js';

export const ME_QUERY = '{ me { id name } }';

export const REQUESTS_PAGE_QUERY = `{
  requests(first: 100) {
    nodes {
      id
      subject
      requestedBy { name }
      team { name }
      notes(first: 5) { nodes { text } }
    }
  }
}`;

export interface GraphqlBenchOptions extends LoadBenchOptions {
  app: TlsServerProcess;
  entries: GraphqlEntries;
  tls: BenchCertificate;
  /** The bench database: the page's statements are recorded on it, and its baseline replays them there. */
  databaseUrl: string;
}

/** A measured run, with the CPU time the server process spent per call over it (/proc; null where unknown). */
export interface ServerMeasured extends Measured {
  serverCpuMsPerCall: number | null;
}

export interface GraphqlBenchResult {
  /** Two rounds, each the app then the baseline: figures drift on a shared machine, a ratio holds within a round. */
  me: { rounds: Array<{ tessera: ServerMeasured; baseline: ServerMeasured }>; bodyBytes: number; quotaHeaders: string };
  /** The same query by its sha256 alone (automatic persisted query), measured right after it was sent in full. */
  persisted: { full: ServerMeasured; byHash: ServerMeasured };
  page: { measured: ServerMeasured; baseline: ServerMeasured; statements: number; requests: number; notes: number; bodyBytes: number } | { skipped: string };
}

export async function benchGraphql(options: GraphqlBenchOptions): Promise<GraphqlBenchResult> {
  const meCall = graphqlPost(ME_QUERY, options.token, options.account);
  const first = await oneAnswer(options, meCall);
  const me = (JSON.parse(first.body) as { data: { me: unknown } }).data.me;
  const bare = await startBareApollo(options.entries, options.tls, me);
  let meResult: GraphqlBenchResult['me'];
  try {
    const rounds: GraphqlBenchResult['me']['rounds'] = [];
    for (let round = 0; round < 2; round += 1) {
      const tessera = await measure(options.app, meCall, options);
      rounds.push({ tessera, baseline: await measure(bare, meCall, options) });
    }
    meResult = { rounds, bodyBytes: Buffer.byteLength(first.body), quotaHeaders: describeQuotaHeaders(first.headers) };
  } finally {
    await bare.stop();
  }
  return { me: meResult, persisted: await benchPersistedQuery(options), page: await benchRequestsPage(options) };
}

/** `{ me { id name } }` in full, then by hash alone once registered: what the client saves sending the text. */
async function benchPersistedQuery(options: GraphqlBenchOptions): Promise<GraphqlBenchResult['persisted']> {
  const extensions = { persistedQuery: { version: 1, sha256Hash: createHash('sha256').update(ME_QUERY).digest('hex') } };
  const full = graphqlPost(ME_QUERY, options.token, options.account);
  await oneAnswer(options, { ...full, body: JSON.stringify({ query: ME_QUERY, extensions }) });
  const byHash = { ...full, body: JSON.stringify({ extensions }) };
  await oneAnswer(options, byHash);
  return { full: await measure(options.app, full, options), byHash: await measure(options.app, byHash, options) };
}

async function benchRequestsPage(options: GraphqlBenchOptions): Promise<GraphqlBenchResult['page']> {
  const fields = await oneAnswer(options, graphqlPost('{ __type(name: "Query") { fields { name } } }', options.token, options.account));
  const names = ((JSON.parse(fields.body) as { data: { __type: { fields: Array<{ name: string }> } | null } }).data.__type?.fields ?? []).map((f) => f.name);
  if (!names.includes('requests')) return { skipped: 'schema has no requests connection yet' };
  const pageCall = graphqlPost(REQUESTS_PAGE_QUERY, options.token, options.account);
  const page = await oneAnswer(options, pageCall);
  const nodes = (JSON.parse(page.body) as { data: { requests: { nodes: Array<{ notes: { nodes: unknown[] } }> } } }).data.requests.nodes;
  const notes = nodes.reduce((sum, node) => sum + node.notes.nodes.length, 0);
  if (nodes.length < 100) throw new Error(`the requests page holds ${nodes.length} requests, not 100: is the bench data seeded?`);
  const db = createDatabase({ url: options.databaseUrl, poolMax: 4 });
  const statements = await recordPageStatements(db, options.token, options.account).finally(() => db.destroy());
  const measured = await measure(options.app, pageCall, options);
  const bare = await startBarePage(options.entries, options.tls, options.databaseUrl, statements, { data: (JSON.parse(page.body) as { data: unknown }).data });
  let baseline: ServerMeasured;
  try {
    baseline = await measure(bare, pageCall, options);
  } finally {
    await bare.stop();
  }
  return { measured, baseline, statements: statements.flat().length, requests: nodes.length, notes, bodyBytes: Buffer.byteLength(page.body) };
}

/** One call that must succeed, before any measuring: its answer shapes the rest. */
async function oneAnswer(options: GraphqlBenchOptions, call: GraphqlCall) {
  const client = createGraphqlHttpClient(options.app.origin, 1, options.tls.cert);
  try {
    const answer = await client.send(call);
    const outcome = graphqlOutcome(answer.status, answer.body);
    if (outcome !== true) throw new Error(`the graphql app answered ${outcome} to ${call.body}: ${answer.body.slice(0, 500)}`);
    return answer;
  } finally {
    await client.close();
  }
}

/** Warm-up, then the measured run, reading the server's CPU time around the measured run only. */
async function measure(server: Pick<TlsServerProcess, 'origin' | 'cpuMs'>, call: GraphqlCall, options: GraphqlBenchOptions): Promise<ServerMeasured> {
  const client = createGraphqlHttpClient(server.origin, options.clients, options.tls.cert);
  const send = async () => {
    const answer = await client.send(call);
    return graphqlOutcome(answer.status, answer.body);
  };
  try {
    const warm = await runLoad(options.warmup, options.clients, send);
    const before = server.cpuMs();
    const result = await runLoad(options.plan, options.clients, send);
    const after = server.cpuMs();
    const serverCpuMsPerCall = before === null || after === null || result.calls === 0 ? null : (after - before) / result.calls;
    return { result, warmupFailures: warm.failureReasons, serverCpuMsPerCall };
  } finally {
    await client.close();
  }
}

export function reportGraphql(result: GraphqlBenchResult, options: Pick<GraphqlBenchOptions, 'plan' | 'warmup' | 'clients'>): string {
  const { me, page } = result;
  const lines = [
    `GraphQL ${ME_QUERY}: POST over HTTPS, ${options.clients} keep-alive connections (undici Pool), ${describePlan(options.warmup)} warm-up then ${describePlan(options.plan)} per side, ${me.bodyBytes}-byte answer`,
    `  quota headers of the real app: ${me.quotaHeaders}`,
    ...me.rounds.flatMap(({ tessera, baseline }, round) => [
      `  round ${round + 1} of ${me.rounds.length}`,
      formatResult('tessera graphql, whole pipeline', tessera.result),
      formatResult('bare Apollo 5 + Express 5, constant resolver', baseline.result),
      formatThroughputRatio('tessera/bare Apollo', tessera.result, baseline.result),
      formatServerCpu('tessera', tessera.serverCpuMsPerCall, 'bare Apollo', baseline.serverCpuMsPerCall),
      ...formatWarmupFailures({ tessera, baseline }),
    ]),
    '',
    `GraphQL ${ME_QUERY} as an automatic persisted query: the sha256 alone against the query in full, same app, measured one after the other`,
    formatResult('query in full', result.persisted.full.result),
    formatResult('persisted query by hash', result.persisted.byHash.result),
    formatThroughputRatio('by hash/in full', result.persisted.byHash.result, result.persisted.full.result),
    formatServerCpu('by hash', result.persisted.byHash.serverCpuMsPerCall, 'in full', result.persisted.full.serverCpuMsPerCall),
    ...formatWarmupFailures({ full: result.persisted.full, byHash: result.persisted.byHash }),
    '',
  ];
  if ('skipped' in page) return [...lines, formatSkipped('GraphQL requests(first: 100) page with nested references', page.skipped)].join('\n');
  return [
    ...lines,
    `GraphQL requests(first: 100) page: ${page.requests} requests with requestedBy, team and ${page.notes} notes, ${page.bodyBytes}-byte answer, same client and connections`,
    `  statements per call: ${page.statements} reads on both sides (the root page, then notes, people and teams together); the app adds its quota statement, one per batch of calls in flight`,
    formatResult('tessera graphql, 100-request page', page.measured.result),
    formatResult('bare Express, same SQL, same JSON', page.baseline.result),
    formatThroughputRatio('tessera/bare Express', page.measured.result, page.baseline.result),
    formatServerCpu('tessera', page.measured.serverCpuMsPerCall, 'bare Express', page.baseline.serverCpuMsPerCall),
    ...formatWarmupFailures({ page: page.measured, baseline: page.baseline }),
  ].join('\n');
}

export function graphqlFailures(result: GraphqlBenchResult): number {
  return failuresOf(...result.me.rounds.flatMap((round) => [round.tessera, round.baseline]), result.persisted.full, result.persisted.byHash, ...('measured' in result.page ? [result.page.measured, result.page.baseline] : []));
}
