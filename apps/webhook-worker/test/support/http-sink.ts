/** A real HTTP receiver in the test process (node:http) that keeps every request and answers as told. */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface HttpSink {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  requests: ReceivedRequest[];
  /** The answer to the next requests: a status (and body), after `delayMs` if set, once `until` settles if set, or 'hang' to never answer. */
  respond(answer: { status: number; body?: string; headers?: Record<string, string>; delayMs?: number; until?: Promise<unknown> } | 'hang'): void;
  close(): Promise<void>;
}

export async function startHttpSink(): Promise<HttpSink> {
  let answer: Parameters<HttpSink['respond']>[0] = { status: 200, body: 'ok' };
  const requests: ReceivedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const now = answer;
      if (now === 'hang') return;
      const reply = () => {
        res.writeHead(now.status, { 'content-type': 'text/plain', ...now.headers });
        res.end(now.body ?? '');
      };
      const answerNow = () => (now.delayMs ? setTimeout(reply, now.delayMs) : reply());
      if (now.until) void now.until.then(answerNow, answerNow);
      else answerNow();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    respond: (next) => {
      answer = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
