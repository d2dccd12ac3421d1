/**
 * What a spec on a fresh `npm start` calls the stack with, as a client would: the REST API with a
 * token, GraphQL over its TLS port with the stack's own certificate, and a webhook receiver on a
 * port of its own that keeps every message it is sent.
 */
import { createServer, type Server } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { StartedStack } from './started-stack.js';

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
