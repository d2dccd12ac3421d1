/**
 * What a spec on a fresh `npm start` calls the stack with, as a client would: the REST API with a
 * token, GraphQL over its TLS port with the stack's own certificate, and a webhook receiver on a
 * port of its own that keeps every message it is sent.
 */
import { createServer, type Server } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '@tessera/persistence/testing';
import { workspaceRoot } from '../paths.js';
import { startStack, type StartedStack } from './started-stack.js';

export interface RestAnswer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- each caller reads the fields its route answers
}

export interface GraphqlAnswer {
  data?: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- as the query asks
  errors?: unknown[];
}

/** REST and GraphQL calls with `token` in `account`, to the stack started with its data in `dir`. */
export async function stackCalls(stack: StartedStack, dir: string, account: string, token: string) {
  const api = `http://127.0.0.1:${stack.ports.API_PORT}/v1`;
  const headers = { authorization: `Bearer ${token}`, 'x-service-account': account, 'content-type': 'application/json' };
  const ca = await readFile(path.join(dir, 'tls', 'localhost.crt'));
  const rest = async (method: string, route: string, body?: object): Promise<RestAnswer> => {
    const response = await fetch(`${api}${route}`, { method, headers, ...(body ? { body: JSON.stringify(body) } : {}) });
    const text = await response.text();
    return { status: response.status, body: text === '' ? null : JSON.parse(text) };
  };
  const graphql = (query: string, variables: Record<string, unknown> = {}) =>
    new Promise<GraphqlAnswer>((resolve, reject) => {
      const call = httpsRequest({ host: 'localhost', port: stack.ports.GRAPHQL_PORT, path: '/', method: 'POST', ca, headers, agent: false }, (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve(JSON.parse(text)));
      });
      call.on('error', reject);
      call.end(JSON.stringify({ query, variables }));
    });
  return { rest, graphql };
}

/** A message the receiver was sent. */
export interface Received {
  path: string;
  event: string | undefined;
  delivery: string | undefined;
  body: { account_id: string; event: string; object_id: number; object_nodeID: string; webhook_id: number; person_id: number | null; person_name: string | null; payload?: Record<string, unknown> };
}

/** A webhook receiver on 127.0.0.1 and a port of its own; `received` fills as messages come. */
export async function startReceiver(): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', event: req.headers['x-tessera-event'] as string | undefined, delivery: req.headers['x-tessera-delivery'] as string | undefined, body: JSON.parse(body) });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * A fresh `npm start` on a database of its own, its data in a new folder, and a receiver for its
 * webhooks: the demo's credentials, and calls as the administrator. Many calls in a few seconds:
 * the short rate-limit windows are the rate-limit specs' to prove.
 */
export async function startFreshStack(name: string) {
  const test = await createTestDatabase();
  const dir = await mkdtemp(path.join(tmpdir(), `tessera-${name}-`));
  const receiver = await startReceiver();
  let stack: StartedStack | undefined;
  const stop = async () => {
    await stack?.stop();
    await receiver.close();
    await test.drop();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    stack = await startStack({
      cwd: workspaceRoot,
      env: {
        DATABASE_URL: test.url,
        TESSERA_DATA_DIR: dir,
        DEMO_CREDENTIALS_FILE: path.join(dir, 'demo-credentials.json'),
        LOG_LEVEL: 'warn',
        RATE_LIMIT_PER_2_SECONDS: '1000',
        GRAPHQL_RATE_LIMIT_PER_2_SECONDS: '1000',
      },
    });
  } catch (error) {
    await stop();
    throw error;
  }
  const started = stack;
  const credentials = JSON.parse(await readFile(path.join(dir, 'demo-credentials.json'), 'utf8'));
  const calls = (token: string) => stackCalls(started, dir, credentials.account, token);
  return { test, stack: started, receiver, credentials, calls, admin: await calls(credentials.admin.token), stop };
}
