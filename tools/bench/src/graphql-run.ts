/**
 * One GraphQL benchmark run inside `npm run bench` (BENCH_ONLY=graphql): the run's certificate,
 * the seeded requests, the graphql app and the baseline built and started, the report printed.
 */
import path from 'node:path';
import { createDatabase } from '@tessera/persistence';
import type { BenchDatabase } from './bench-database.js';
import type { BenchOptions } from './bench-options.js';
import { benchGraphql, graphqlFailures, reportGraphql } from './graphql.bench.js';
import { seedBenchRequests } from './graphql-seed.js';
import { prepareGraphqlEntries, startGraphqlApp, writeBenchCertificate } from './graphql-servers.js';

export async function runGraphql(options: BenchOptions, database: BenchDatabase, print: (...lines: string[]) => void): Promise<{ failures: number; apiLog: string }> {
  const entries = await prepareGraphqlEntries(options.runtime);
  const tls = await writeBenchCertificate();
  const db = createDatabase({ url: database.url, poolMax: 2 });
  const seeded = await seedBenchRequests(db, database.demo.account).finally(() => db.destroy());
  print(`graphql: ${entries.description}; ${seeded.requests} requests with ${seeded.notes} notes seeded in ${database.demo.account}`);
  const dir = options.cpuProfileDir;
  // BENCH_CPU_PROFILE profiles the graphql app as it does the api; the file is written when the app exits.
  const cpuProfile = dir ? { dir, name: `graphql-${new Date().toISOString().replace(/[:.]/g, '-')}.cpuprofile` } : null;
  const app = await startGraphqlApp(entries, tls, database.url, options.logLevel, cpuProfile);
  const result = await benchGraphql({ app, entries, tls, token: database.demo.admin.token, account: database.demo.account, databaseUrl: database.url, ...options.graphql }).finally(() => app.stop());
  print(reportGraphql(result, options.graphql), '');
  if (cpuProfile) print(`  CPU profile of the graphql app: ${path.join(cpuProfile.dir, cpuProfile.name)}`, '');
  return { failures: graphqlFailures(result), apiLog: app.logFile };
}
