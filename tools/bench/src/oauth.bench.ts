/**
 * Code → token exchanges per second (issue 10's closing note): `POST /token`
 * with grant_type=authorization_code through the auth app's own oidc-provider
 * configuration, once with the PostgreSQL artifact store the app runs with and
 * once with oidc-provider's in-memory adapter, in one run, each in a fresh
 * server process (oauth-server-process.ts). The codes are minted in advance
 * through the provider's models, so only the exchange is measured: find the
 * code and its grant, check the client's secret, consume the code, save an
 * access and a refresh token. Both sides read the application from PostgreSQL.
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import { Pool } from 'undici';
import { createDatabase } from '@tessera/persistence';
import type { DemoSeedResult } from '@tessera/persistence';
import type { OAuthOptions } from './bench-options.js';
import { failuresOf, formatResult, formatWarmupFailures, runLoad, type CallOutcome, type Measured } from './load.js';
import type { MintRequest, OAuthBenchStore } from './oauth-server-process.js';
import { workspaceRoot } from './runtime.js';

export interface OAuthBenchResult {
  postgres: Measured;
  memory: Measured;
  scope: string;
}

interface OAuthServer {
  origin: string;
  mint(request: MintRequest): Promise<string[]>;
  stop(): Promise<void>;
}

export async function benchOAuth(databaseUrl: string, demo: DemoSeedResult, options: OAuthOptions): Promise<OAuthBenchResult> {
  const subject = await benchSubject(databaseUrl, demo);
  // The in-memory side first: the Postgres side then runs on a table that already holds its rows, as it would in service.
  const memory = await measureStore('memory', databaseUrl, subject, options);
  const postgres = await measureStore('postgres', databaseUrl, subject, options);
  return { postgres, memory, scope: subject.scope };
}

interface Subject extends Omit<MintRequest, 'count'> {
  clientSecret: string;
}

/** The demo application and administrator; the scope is what the application's integration allows. */
async function benchSubject(databaseUrl: string, demo: DemoSeedResult): Promise<Subject> {
  const db = createDatabase({ url: databaseUrl, poolMax: 1 });
  try {
    const person = await db('people').where({ account_id: demo.account, primary_email: demo.admin.email }).first<{ id: number } | undefined>('id');
    if (!person) throw new Error(`no person ${demo.admin.email} in account ${demo.account}`);
    const scopes = await db('integration_scopes').where({ integration_id: demo.integration_id, effect: 'allow' }).select<Array<{ actions: string[] }>>('actions');
    const scope = [...new Set(scopes.flatMap((row) => row.actions))].join(' ');
    if (!scope) throw new Error(`the demo integration ${demo.integration_id} allows no scope`);
    const { client_id: clientId, client_secret: clientSecret, redirect_uri: redirectUri } = demo.oauth_client;
    return { accountId: String(person.id), clientId, clientSecret, redirectUri, scope };
  } finally {
    await db.destroy();
  }
}

async function measureStore(store: OAuthBenchStore, databaseUrl: string, subject: Subject, options: OAuthOptions): Promise<Measured> {
  const server = await startOAuthServer(store, databaseUrl);
  const pool = new Pool(server.origin, { connections: options.clients, pipelining: 1, keepAliveTimeout: 30_000 });
  try {
    const { clientSecret, ...mint } = subject;
    const warmupCodes = await server.mint({ ...mint, count: options.warmupCodes });
    const codes = await server.mint({ ...mint, count: options.codes });
    const exchange = (code: string) => async (): Promise<CallOutcome> => {
      const body = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: subject.redirectUri, client_id: subject.clientId, client_secret: clientSecret });
      const answer = await pool.request({ method: 'POST', path: '/token', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: body.toString() });
      const text = await answer.body.text();
      if (answer.statusCode !== 200) return `HTTP ${answer.statusCode} ${errorOf(text)}`;
      const tokens = JSON.parse(text) as Record<string, unknown>;
      return typeof tokens['access_token'] === 'string' && typeof tokens['refresh_token'] === 'string' ? true : 'no access_token or refresh_token';
    };
    const rowsBefore = await accessTokenRows(databaseUrl);
    const warm = await runLoad({ calls: warmupCodes.length }, options.clients, (i) => exchange(warmupCodes[i]!)());
    const result = await runLoad({ calls: codes.length }, options.clients, (i) => exchange(codes[i]!)());
    // Each side must have used the store it is named after: every token in the table, or none.
    const added = (await accessTokenRows(databaseUrl)) - rowsBefore;
    const expected = store === 'postgres' ? warmupCodes.length + codes.length - warm.failures - result.failures : 0;
    if (added !== expected) result.failureReasons[`${added} AccessToken rows written, ${expected} expected`] = 1;
    result.failures += added === expected ? 0 : 1;
    return { result, warmupFailures: warm.failureReasons };
  } finally {
    await pool.close();
    await server.stop();
  }
}

async function accessTokenRows(databaseUrl: string): Promise<number> {
  const db = createDatabase({ url: databaseUrl, poolMax: 1 });
  try {
    const [row] = await db('oauth_artifacts').where({ model: 'AccessToken' }).count<Array<{ n: number }>>({ n: '*' });
    return Number(row!.n);
  } finally {
    await db.destroy();
  }
}

function errorOf(text: string): string {
  try {
    return String((JSON.parse(text) as { error?: unknown }).error);
  } catch {
    return text.slice(0, 60);
  }
}

/** The server under tsx whatever BENCH_RUNTIME says: it loads the auth app's provider module from its source. */
async function startOAuthServer(store: OAuthBenchStore, databaseUrl: string): Promise<OAuthServer> {
  const file = path.join(workspaceRoot, 'tools/bench/src/oauth-server-process.ts');
  const child = fork(file, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, DATABASE_URL: databaseUrl, OAUTH_BENCH_STORE: store, NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const pending = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  const origin = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the OAuth bench server (${store}) exited with code ${code} before it was ready`)));
    child.on('message', (message: { ready?: string; id?: number; result?: unknown; error?: string }) => {
      if (message.ready) return resolve(message.ready);
      const waiting = message.id === undefined ? undefined : pending.get(message.id);
      if (!waiting) return;
      pending.delete(message.id!);
      if (message.error) waiting.reject(new Error(message.error));
      else waiting.resolve(message.result);
    });
  });
  const ask = <T>(op: string, extra: object = {}) =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve: resolve as (result: unknown) => void, reject });
      child.send({ id, op, ...extra });
    });
  return {
    origin,
    mint: (request) => ask<string[]>('mint', request),
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      await ask<void>('close');
      await exited;
    },
  };
}

export function reportOAuth(result: OAuthBenchResult, options: OAuthOptions): string {
  const ratio = result.postgres.result.perSecond / result.memory.result.perSecond;
  return [
    `oauth: code → token exchanges (POST /token, grant_type=authorization_code, client_secret_post) through the auth app's oidc-provider configuration, ${options.clients} concurrent clients, ${options.codes} codes each side after ${options.warmupCodes} warm-up exchanges; codes minted in advance (one grant each), scope "${result.scope}"`,
    formatResult('PostgreSQL adapter (oauth_artifacts)', result.postgres.result),
    formatResult("oidc-provider's in-memory adapter", result.memory.result),
    ...formatWarmupFailures({ postgres: result.postgres, memory: result.memory }),
    `  ratio postgres/memory throughput: ${ratio.toFixed(3)} ×`,
  ].join('\n');
}

export function oauthFailures(result: OAuthBenchResult): number {
  return failuresOf(result.postgres, result.memory);
}
