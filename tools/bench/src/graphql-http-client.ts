/**
 * The GraphQL benchmark's one HTTPS client: like http-client.ts (an undici Pool, one keep-alive
 * connection per client, no pipelining, every body read in full) but over TLS, trusting only
 * the run's own certificate, and posting a JSON body. Both sides of the comparison use it.
 */
import { Pool } from 'undici';

export interface GraphqlCall {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface GraphqlAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface GraphqlHttpClient {
  send(call: GraphqlCall): Promise<GraphqlAnswer>;
  close(): Promise<void>;
}

export function createGraphqlHttpClient(origin: string, connections: number, ca: string): GraphqlHttpClient {
  const pool = new Pool(origin, { connections, pipelining: 1, keepAliveTimeout: 30_000, connect: { ca } });
  return {
    async send(call) {
      const answer = await pool.request({ method: call.method, path: call.path, headers: call.headers, body: call.body });
      return { status: answer.statusCode, headers: answer.headers, body: await answer.body.text() };
    },
    close: () => pool.close(),
  };
}

/** The JSON POST of one GraphQL operation, with the caller's token and account. */
export function graphqlPost(query: string, token: string, account: string, variables?: Record<string, unknown>): GraphqlCall {
  return {
    method: 'POST',
    path: '/',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-service-account': account },
    body: JSON.stringify(variables ? { query, variables } : { query }),
  };
}
