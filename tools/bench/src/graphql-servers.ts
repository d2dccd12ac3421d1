/**
 * The two servers of the GraphQL benchmark, each a child process over HTTPS on a loopback port,
 * both with one certificate made for this run (127.0.0.1 in its subjectAltName) that the load
 * client trusts, and nothing else:
 * - the real graphql app (from its bundle like the api, or from sources under tsx), on the bench
 *   database, with its quotas on the real store and their limits raised so that none is reached;
 * - the bare Apollo Server 5 + Express 5 baseline (graphql-bare-apollo.ts).
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generate } from 'selfsigned';
import { findFreePort } from '@tessera/persistence';
import type { Runtime } from './bench-options.js';
import { createGraphqlHttpClient } from './graphql-http-client.js';
import { buildBenchEntry, workspaceRoot } from './runtime.js';
import { processCpuMs } from './server-process.js';
import { BENCH_SEALING_KEY } from './servers.js';

/**
 * Quota limits of the real app for the run: every call is still counted (rate windows and cost
 * points on the store), none is refused. Names as apps/graphql/src/config.ts reads them.
 */
export const GRAPHQL_BENCH_LIMITS_ENV: Record<string, string> = {
  GRAPHQL_RATE_LIMIT_PER_HOUR: '100000000',
  GRAPHQL_RATE_LIMIT_PER_2_SECONDS: '100000000',
  GRAPHQL_COST_POINTS_PER_HOUR: '100000000',
  GRAPHQL_MAX_CALLS_IN_FLIGHT: '100000',
};

export interface BenchCertificate {
  certFile: string;
  keyFile: string;
  /** The certificate itself, the one CA the load client trusts. */
  cert: string;
}

export async function writeBenchCertificate(): Promise<BenchCertificate> {
  const dir = await mkdtemp(path.join(tmpdir(), 'tessera-bench-tls-'));
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }, { type: 2, value: 'localhost' }] }],
  });
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  writeFileSync(certFile, pems.cert);
  writeFileSync(keyFile, pems.private, { mode: 0o600 });
  return { certFile, keyFile, cert: pems.cert };
}

export interface GraphqlEntries {
  app: string[];
  bareApollo: string[];
  barePage: string[];
  env: Record<string, string>;
  description: string;
}

/** Built once per run: the graphql bundle as its image builds it, and the baseline compiled alike. */
export async function prepareGraphqlEntries(runtime: Runtime): Promise<GraphqlEntries> {
  if (runtime === 'tsx') {
    return {
      app: ['--import', 'tsx', path.join(workspaceRoot, 'apps/graphql/src/main.ts')],
      bareApollo: ['--import', 'tsx', path.join(workspaceRoot, 'tools/bench/src/graphql-bare-apollo.ts')],
      barePage: ['--import', 'tsx', path.join(workspaceRoot, 'tools/bench/src/graphql-bare-page.ts')],
      env: {},
      description: 'graphql app and bare Apollo server from TypeScript sources under tsx',
    };
  }
  await buildGraphqlBundle();
  const bareApollo = await buildBenchEntry('graphql-bare-apollo');
  const barePage = await buildBenchEntry('graphql-bare-page');
  return {
    app: ['--enable-source-maps', path.join(workspaceRoot, 'dist/apps/graphql/main.js')],
    bareApollo: ['--enable-source-maps', bareApollo],
    barePage: ['--enable-source-maps', barePage],
    env: { NODE_ENV: 'production' },
    description: 'graphql app from its esbuild bundle dist/apps/graphql/main.js (built now) and the bare Apollo server compiled alike, under plain node with NODE_ENV=production',
  };
}

async function buildGraphqlBundle(): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(workspaceRoot, 'tools/dev/src/build-app.ts'), 'graphql'], { cwd: workspaceRoot, stdio: ['ignore', 'ignore', 'inherit'] });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`building the graphql bundle failed (exit code ${code})`);
}

export interface TlsServerProcess {
  origin: string;
  logFile: string;
  /** CPU time (user + system) the server process has used so far, in ms; null where /proc is not there. */
  cpuMs(): number | null;
  stop(): Promise<void>;
}

export async function startGraphqlApp(
  entries: GraphqlEntries,
  tls: BenchCertificate,
  databaseUrl: string,
  logLevel: string,
  cpuProfile: { dir: string; name: string } | null = null,
): Promise<TlsServerProcess> {
  const profile = cpuProfile ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfile.dir}`, `--cpu-prof-name=${cpuProfile.name}`] : [];
  return startTlsServer('graphql app', [...profile, ...entries.app], tls, {
    ...entries.env,
    ...GRAPHQL_BENCH_LIMITS_ENV,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: logLevel,
    SECRET_SEALING_KEY: BENCH_SEALING_KEY,
  });
}

/** The page's baseline: the app's SQL statements replayed and its JSON answer serialised, by bare Express. */
export async function startBarePage(entries: GraphqlEntries, tls: BenchCertificate, databaseUrl: string, statements: unknown, answer: unknown): Promise<TlsServerProcess> {
  return startTlsServer('bare Express page server', entries.barePage, tls, {
    ...entries.env,
    DATABASE_URL: databaseUrl,
    BENCH_PAGE_STATEMENTS: JSON.stringify(statements),
    BENCH_PAGE_ANSWER: JSON.stringify(answer),
  });
}

export async function startBareApollo(entries: GraphqlEntries, tls: BenchCertificate, me: unknown): Promise<TlsServerProcess> {
  return startTlsServer('bare Apollo server', entries.bareApollo, tls, { ...entries.env, BENCH_GRAPHQL_ME: JSON.stringify(me) });
}

/** A server in a child process of its own (never the load client's event loop), ready once /healthz answers over TLS. */
async function startTlsServer(name: string, args: string[], tls: BenchCertificate, env: Record<string, string>): Promise<TlsServerProcess> {
  const port = await findFreePort();
  const origin = `https://127.0.0.1:${port}`;
  const logFile = path.join(tmpdir(), `tessera-bench-${name.replace(/\W+/g, '-')}-${Date.now()}.log`);
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', TLS_CERT_FILE: tls.certFile, TLS_KEY_FILE: tls.keyFile },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };
  try {
    const died = await Promise.race([waitUntilReady(origin, tls.cert).then(() => null), exited.then((code) => ({ code }))]);
    if (died) throw new Error(`${name} exited with code ${died.code} before it was ready; its output (${logFile}) ends with:\n${readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n')}`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, logFile, cpuMs: () => processCpuMs(child.pid), stop };
}

async function waitUntilReady(origin: string, ca: string): Promise<void> {
  const client = createGraphqlHttpClient(origin, 1, ca);
  const deadline = Date.now() + 90_000;
  try {
    while (Date.now() < deadline) {
      const status = await client.send({ method: 'GET', path: '/healthz', headers: {} }).then((answer) => answer.status, () => 0);
      if (status === 200) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`${origin}/healthz did not answer within 90 s`);
  } finally {
    await client.close();
  }
}
