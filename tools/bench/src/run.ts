/**
 * `npm run bench`: starts its own embedded PostgreSQL (or uses DATABASE_URL
 * with a fresh database), migrates and seeds it, runs the api as a real
 * process, and prints each benchmark with its same-run baseline.
 */
import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase, findFreePort, migrateLatest, seedDemoData, startEmbeddedPostgres, withDatabaseName } from '@tessera/persistence';
import { benchEvents, reportEvents } from './events.bench.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const TOTAL = Number(process.env['BENCH_EVENTS'] ?? 4000);
const CLIENTS = Number(process.env['BENCH_CLIENTS'] ?? 50);

async function main(): Promise<void> {
  const external = process.env['DATABASE_URL'];
  const server = external ? null : await startEmbeddedPostgres({ dataDir: await mkdtemp(path.join(tmpdir(), 'tessera-bench-')), port: 0, persistent: false });
  const adminUrl = external ?? server!.adminUrl;
  const name = `tessera_bench_${Date.now()}`;
  const admin = createDatabase({ url: adminUrl, poolMax: 1 });
  await admin.raw(`create database ${name}`);
  const url = withDatabaseName(adminUrl, name);
  const db = createDatabase({ url, poolMax: 2 });
  await migrateLatest(db);
  const demo = await seedDemoData(db);
  await db.destroy();

  const port = await findFreePort();
  const profile = process.env['BENCH_CPU_PROFILE'] ? ['--cpu-prof', `--cpu-prof-dir=${process.env['BENCH_CPU_PROFILE']}`] : [];
  const api = spawn(process.execPath, [...profile, '--import', 'tsx', path.join(root, 'apps/api/src/main.ts')], {
    env: { ...process.env, DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', RATE_LIMIT_PER_HOUR: '100000000', RATE_LIMIT_PER_2_SECONDS: '100000000', DATABASE_POOL_MAX: '60' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitFor(`http://127.0.0.1:${port}/healthz`);
    const apiUrl = `http://127.0.0.1:${port}/v1`;
    // A short warm-up so JIT and pools are ready before measuring.
    await benchEvents({ apiUrl, databaseUrl: url, token: demo.admin.token, account: demo.account, total: 200, clients: CLIENTS });
    const result = await benchEvents({ apiUrl, databaseUrl: url, token: demo.admin.token, account: demo.account, total: TOTAL, clients: CLIENTS });
    process.stdout.write(`${reportEvents(result, CLIENTS)}\n`);
  } finally {
    api.kill('SIGTERM');
    await new Promise((resolve) => api.once('exit', resolve));
    await admin.raw(`drop database if exists ${name} with (force)`);
    await admin.destroy();
    await server?.stop();
  }
}

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not come up`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
