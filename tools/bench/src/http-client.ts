/**
 * The one HTTP client of every benchmark: an undici Pool of keep-alive
 * connections (one per concurrent client, no pipelining), the body of every
 * answer read in full. Both sides of a comparison use it, so the client costs
 * the same on each, and it is cheap enough not to be what is measured.
 */
import { Pool } from 'undici';

export interface BenchRequest {
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  headers?: Record<string, string>;
  /** A POST's or PATCH's body, sent as given. */
  body?: string;
}

export interface BenchAnswer {
  status: number;
  body: Buffer;
}

export interface HttpClient {
  send(request: BenchRequest): Promise<BenchAnswer>;
  close(): Promise<void>;
}

export function createHttpClient(origin: string, connections: number): HttpClient {
  const pool = new Pool(origin, { connections, pipelining: 1, keepAliveTimeout: 30_000 });
  return {
    async send(request) {
      const answer = await pool.request({ method: request.method, path: request.path, headers: request.headers ?? {}, ...(request.body === undefined ? {} : { body: request.body }) });
      return { status: answer.statusCode, body: Buffer.from(await answer.body.arrayBuffer()) };
    },
    close: () => pool.close(),
  };
}
