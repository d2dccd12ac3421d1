/**
 * A record collection of the record engine (issue 31, docs/decisions/039) against raw SQL: `GET
 * /v1/organizations?per_page=25&sort=name` and `POST /v1/organizations` through the real api
 * process (HTTP, middleware, the caller from the access cache, both rate-limit windows, the scope
 * and role checks, the engine's use cases, statements and presenter, the outbox) beside
 * `src/records-bare.ts`, a bare Express 5 with one raw SQL statement per call doing the same work:
 * the same page read and answered with the same JSON, or the same organization, audit line and
 * `organization.create` job written. Before anything is measured, both sides are checked to
 * answer the same page byte for byte and to write the same rows for a create.
 */
import { createDatabase, type Database } from '@tessera/persistence';
import { describePlan } from './bench-options.js';
import { createHttpClient, type BenchRequest } from './http-client.js';
import { failuresOf, formatResult, formatWarmupFailures, runLoad, type LoadBenchOptions, type Measured } from './load.js';
import type { Entries } from './runtime.js';
import type { ServerProcess } from './server-process.js';
import { startRecordsBare, type RecordsCaller } from './servers.js';

export interface RecordsBenchOptions extends LoadBenchOptions {
  api: ServerProcess;
  entries: Entries;
  databaseUrl: string;
  /** Organizations in the account before the page is read (every fourth with a parent). */
  organizations: number;
}

interface Side {
  measured: Measured;
  /** The server process's CPU (user + system) per call over the measured run, in µs; null without /proc. */
  cpuUsPerCall: number | null;
}

export interface RecordsBenchResult {
  page: { tessera: Side; baseline: Side; bytes: number };
  create: { tessera: Side; baseline: Side };
  /** What differs between the two sides' answers or rows: empty when the baseline does the same work. */
  differences: string[];
}

export const PAGE_PATH = '/v1/organizations?per_page=25&sort=name';

export async function benchRecords(options: RecordsBenchOptions): Promise<RecordsBenchResult> {
  const db = createDatabase({ url: options.databaseUrl, poolMax: 2 });
  const headers = { authorization: `Bearer ${options.token}`, 'x-service-account': options.account };
  try {
    await seedOrganizations(db, options.account, options.organizations);
    const caller = await callerOf(options.api.origin, headers, options);
    const bare = await startRecordsBare(options.entries, options.databaseUrl, caller);
    try {
      const differences: string[] = [];
      const page: BenchRequest = { method: 'GET', path: PAGE_PATH, headers };
      const [apiPage, barePage] = [await once(options.api.origin, page), await once(bare.origin, page)];
      if (apiPage.status !== 200 || apiPage.body !== barePage.body) differences.push(`the page: the api answered ${apiPage.status} ${apiPage.body.slice(0, 300)}, the baseline ${barePage.status} ${barePage.body.slice(0, 300)}`);
      const pageSides = await measureBoth(options, bare, () => page, 200);

      differences.push(...(await sameCreate(db, options, bare, headers)));
      const run = Date.now().toString(36);
      const create = (side: string) => {
        let n = 0;
        return (): BenchRequest => ({ method: 'POST', path: '/v1/organizations', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ name: `Bench ${side} ${run}-${(n += 1)}` }) });
      };
      const createSides = { tessera: await measureSide(options.api, options, create('api'), 201), baseline: await measureSide(bare, options, create('bare'), 201) };
      return { page: { ...pageSides, bytes: Buffer.byteLength(apiPage.body) }, create: createSides, differences };
    } finally {
      await bare.stop();
    }
  } finally {
    await db.destroy();
  }
}

/** `count` organizations named `Bench organization 0001`…, every fourth below the first; analyzed, as autovacuum would have them. */
async function seedOrganizations(db: Database, account: string, count: number): Promise<void> {
  const names = Array.from({ length: count }, (_, i) => `Bench organization ${String(i + 1).padStart(4, '0')}`);
  const [first] = await db('organizations').insert({ account_id: account, name: names[0], disabled: false }).returning('id');
  const rest = names.slice(1).map((name, i) => ({ account_id: account, name, disabled: false, parent_id: i % 4 === 3 ? first.id : null }));
  for (let i = 0; i < rest.length; i += 500) await db('organizations').insert(rest.slice(i, i + 500));
  await db.raw('analyze organizations');
}

async function callerOf(origin: string, headers: Record<string, string>, options: RecordsBenchOptions): Promise<RecordsCaller> {
  const me = await once(origin, { method: 'GET', path: '/v1/me', headers });
  if (me.status !== 200) throw new Error(`GET /v1/me answered ${me.status}: ${me.body}`);
  const person = JSON.parse(me.body) as { id: number; name: string; nodeID: string };
  return { token: options.token, account: options.account, personId: person.id, personName: person.name, personNodeId: person.nodeID };
}

async function once(origin: string, request: BenchRequest): Promise<{ status: number; body: string }> {
  const client = createHttpClient(origin, 1);
  try {
    const answer = await client.send(request);
    return { status: answer.status, body: answer.body.toString('utf8') };
  } finally {
    await client.close();
  }
}

/**
 * One create on each side, and what it wrote: the answer but its ids, names and times; the
 * organization's row; its audit line; its job, ids and node IDs aside. Each difference is a line.
 */
async function sameCreate(db: Database, options: RecordsBenchOptions, bare: ServerProcess, headers: Record<string, string>): Promise<string[]> {
  const written = async (origin: string, name: string) => {
    const answer = await once(origin, { method: 'POST', path: '/v1/organizations', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ name }) });
    if (answer.status !== 201) return { status: answer.status, body: answer.body };
    const record = JSON.parse(answer.body) as Record<string, unknown> & { id: number };
    const row = await db('organizations').where({ id: record.id }).first('account_id', 'name', 'parent_id', 'disabled', 'region', 'financial_id', 'remarks');
    const line = await db('audit_lines').where({ record_type: 'Organization', record_id: record.id }).first('id', 'account_id', 'action', 'changes', 'person_id', 'source', 'source_id');
    const jobs = (await db.raw(`select t.identifier, j.payload, j.max_attempts, j.job_queue_id, j.key from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id where j.payload->>'event' = 'organization.create' and (j.payload->>'object_id')::int = ?`, [record.id])).rows;
    const anonymous = (value: unknown) => JSON.parse(JSON.stringify(value).replaceAll(name, '<name>').replace(/"(id|object_id|audit_line_id)":\d+/g, '"$1":0').replace(/"(nodeID|object_nodeID|audit_line_nodeID)":"[^"]*"/g, '"$1":"…"'));
    const { created_at: _c, updated_at: _u, ...answered } = record;
    return { status: 201, answer: anonymous(answered), row: anonymous(row), line: anonymous({ ...line, id: 0 }), jobs: anonymous(jobs), nodeIdOfLine: jobs[0]?.payload?.payload?.audit_line_nodeID === Buffer.from(`tessera/AuditLine/${line?.id}`).toString('base64url') };
  };
  const api = await written(options.api.origin, 'Bench check api');
  const baseline = await written(bare.origin, 'Bench check bare');
  return Object.keys({ ...api, ...baseline })
    .filter((part) => JSON.stringify((api as Record<string, unknown>)[part]) !== JSON.stringify((baseline as Record<string, unknown>)[part]))
    .map((part) => `a create's ${part}: the api ${JSON.stringify((api as Record<string, unknown>)[part])}, the baseline ${JSON.stringify((baseline as Record<string, unknown>)[part])}`);
}

async function measureBoth(options: RecordsBenchOptions, bare: ServerProcess, request: () => BenchRequest, status: number): Promise<{ tessera: Side; baseline: Side }> {
  return { tessera: await measureSide(options.api, options, request, status), baseline: await measureSide(bare, options, request, status) };
}

/** A warm-up, then the measured run, on one client of `clients` connections; the server's CPU over the measured run. */
async function measureSide(server: ServerProcess, options: RecordsBenchOptions, request: () => BenchRequest, status: number): Promise<Side> {
  const client = createHttpClient(server.origin, options.clients);
  const call = async () => {
    const answer = await client.send(request());
    return answer.status === status ? true : `HTTP ${answer.status}`;
  };
  try {
    const warm = await runLoad(options.warmup, options.clients, call);
    const cpuAtStart = server.cpuMs();
    const result = await runLoad(options.plan, options.clients, call);
    const cpuAtEnd = server.cpuMs();
    const cpuUsPerCall = cpuAtStart === null || cpuAtEnd === null || result.calls === 0 ? null : ((cpuAtEnd - cpuAtStart) * 1000) / result.calls;
    return { measured: { result, warmupFailures: warm.failureReasons }, cpuUsPerCall };
  } finally {
    await client.close();
  }
}

function ratioLine(tessera: Side, baseline: Side): string {
  const ratio = tessera.measured.result.perSecond / baseline.measured.result.perSecond;
  const cpu = tessera.cpuUsPerCall !== null && baseline.cpuUsPerCall !== null ? `; server process CPU per call ${tessera.cpuUsPerCall.toFixed(0)} / ${baseline.cpuUsPerCall.toFixed(0)} µs (PostgreSQL's not counted)` : '';
  return `  ratio tessera/baseline throughput: ${ratio.toFixed(3)} ×${cpu}`;
}

export function reportRecords(result: RecordsBenchResult, options: Pick<RecordsBenchOptions, 'plan' | 'warmup' | 'clients' | 'organizations'>): string {
  return [
    `records of the engine (organizations): ${options.clients} keep-alive connections (undici Pool), ${describePlan(options.warmup)} warm-up then ${describePlan(options.plan)} per side; ${options.organizations} organizations seeded, every fourth with a parent`,
    `GET ${PAGE_PATH} (${result.page.bytes}-byte JSON answer)`,
    formatResult('tessera api, whole pipeline and engine', result.page.tessera.measured.result),
    formatResult('raw SQL + bare Express (baseline)', result.page.baseline.measured.result),
    ratioLine(result.page.tessera, result.page.baseline),
    'POST /v1/organizations {"name": …} (a new name each call)',
    formatResult('tessera api, whole pipeline and engine', result.create.tessera.measured.result),
    formatResult('raw SQL + bare Express (baseline)', result.create.baseline.measured.result),
    ratioLine(result.create.tessera, result.create.baseline),
    ...formatWarmupFailures({ 'page, tessera': result.page.tessera.measured, 'page, baseline': result.page.baseline.measured, 'create, tessera': result.create.tessera.measured, 'create, baseline': result.create.baseline.measured }),
    result.differences.length === 0
      ? '  same work: the same page byte for byte; a create writes the same organization, audit line and organization.create job on both sides'
      : ['  THE BASELINE DOES NOT DO THE SAME WORK:', ...result.differences.map((difference) => `    ${difference}`)].join('\n'),
  ].join('\n');
}

export function recordsFailures(result: RecordsBenchResult): number {
  return failuresOf(result.page.tessera.measured, result.page.baseline.measured, result.create.tessera.measured, result.create.baseline.measured) + result.differences.length;
}
