/**
 * Request pipeline cost (issue 7, "a request pipeline that costs almost
 * nothing"): an authenticated `GET /v1/me` through the real api process (HTTP,
 * security headers, token lookup, account and roles, both request-rate windows
 * on the real store, scope check, person view) against a bare Express 5 server
 * in a child process of its own whose one handler answers the same JSON body,
 * taken from one real answer of the api. Same client, same connections, same
 * request headers on both sides.
 */
import { describePlan } from './bench-options.js';
import { createHttpClient, type BenchRequest } from './http-client.js';
import { failuresOf, formatRatio, formatResult, formatWarmupFailures, warmThenMeasure, type LoadBenchOptions, type Measured } from './load.js';
import type { Entries } from './runtime.js';
import type { ServerProcess } from './server-process.js';
import { startBareExpress } from './servers.js';

export const ME_TARGET = 0.5;

export interface MeBenchOptions extends LoadBenchOptions {
  api: ServerProcess;
  entries: Entries;
}

export interface MeBenchResult {
  tessera: Measured;
  baseline: Measured;
  bodyBytes: number;
}

export async function benchMe(options: MeBenchOptions): Promise<MeBenchResult> {
  const request: BenchRequest = {
    method: 'GET',
    path: '/v1/me',
    headers: { authorization: `Bearer ${options.token}`, 'x-service-account': options.account },
  };
  const body = await oneAnswer(options.api.origin, request);
  const bare = await startBareExpress(options.entries, body);
  try {
    const tessera = await measure(options.api.origin, request, options);
    const baseline = await measure(bare.origin, request, options);
    return { tessera, baseline, bodyBytes: Buffer.byteLength(body) };
  } finally {
    await bare.stop();
  }
}

async function oneAnswer(origin: string, request: BenchRequest): Promise<string> {
  const client = createHttpClient(origin, 1);
  try {
    const answer = await client.send(request);
    const text = answer.body.toString('utf8');
    if (answer.status !== 200) throw new Error(`GET /v1/me answered ${answer.status}: ${text}`);
    return text;
  } finally {
    await client.close();
  }
}

/** A warm-up (JIT, pools, caches), then the measured run, on one client of `clients` connections. */
async function measure(origin: string, request: BenchRequest, options: MeBenchOptions): Promise<Measured> {
  const client = createHttpClient(origin, options.clients);
  const call = async () => {
    const answer = await client.send(request);
    return answer.status === 200 ? true : `HTTP ${answer.status}`;
  };
  try {
    return await warmThenMeasure(options.warmup, options.plan, options.clients, call);
  } finally {
    await client.close();
  }
}

export function reportMe(result: MeBenchResult, options: Pick<MeBenchOptions, 'plan' | 'warmup' | 'clients'>): string {
  return [
    `GET /v1/me: ${options.clients} keep-alive connections (undici Pool), ${describePlan(options.warmup)} warm-up then ${describePlan(options.plan)} per side, ${result.bodyBytes}-byte JSON answer`,
    formatResult('tessera api, whole pipeline', result.tessera.result),
    formatResult('bare Express 5, same JSON (baseline)', result.baseline.result),
    formatRatio(result.tessera.result, result.baseline.result, ME_TARGET),
    ...formatWarmupFailures({ tessera: result.tessera, baseline: result.baseline }),
  ].join('\n');
}

export function meFailures(result: MeBenchResult): number {
  return failuresOf(result.tessera, result.baseline);
}
