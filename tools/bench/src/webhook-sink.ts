/**
 * The receiver of the deliveries benchmark: a bare node:http server that
 * answers 204 to every POST once its body is read, and records the arrival
 * time of each delivery id (`x-tessera-delivery`, which the worker sends and
 * the baseline loop imitates). A path under /fail is answered 500 and only
 * counted: the failing webhooks of the mail runs point there. Times are epoch milliseconds with sub-ms
 * precision (performance.timeOrigin + now()), so a sink in a child process
 * and the bench process read the same clock.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export function nowMs(): number {
  return performance.timeOrigin + performance.now();
}

export interface SinkSample {
  body: string;
  headers: Record<string, string>;
}

export interface SinkStats {
  /** Deliveries received since the last reset, repeats included. */
  received: number;
  /** Delivery ids received more than once since the last reset. */
  repeats: number;
  /** [delivery id, arrival ms] of each id's first arrival, in arrival order. */
  arrivals: Array<[string, number]>;
  /** The first message received since the last reset, to replay in the baseline. */
  sample: SinkSample | null;
  /** TCP connections the sink accepted since the last reset: one per POST means no keep-alive. */
  connections: number;
  /** CPU the sink's process used since the last reset, in ms. */
  cpuMs: number;
  /** POSTs under /fail answered 500 since the last reset (not in `received`). */
  failed: number;
}

export interface WebhookSink {
  url: string;
  reset(): void;
  stats(options?: { arrivals: boolean }): SinkStats;
  close(): Promise<void>;
}

/** Headers a client sets per request or per connection: not part of a message to replay. */
const TRANSPORT_HEADERS = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'accept-encoding']);

export async function startWebhookSink(host = '127.0.0.1'): Promise<WebhookSink> {
  let arrivals = new Map<string, number>();
  let received = 0;
  let repeats = 0;
  let connections = 0;
  let failed = 0;
  let sample: SinkSample | null = null;
  let cpuSince = process.cpuUsage();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const at = nowMs();
      if (req.url?.startsWith('/fail')) {
        failed++;
        res.writeHead(500, { 'content-type': 'text/plain' }).end('failing on purpose (bench)');
        return;
      }
      const id = req.headers['x-tessera-delivery'];
      received++;
      if (typeof id === 'string') {
        if (arrivals.has(id)) repeats++;
        else arrivals.set(id, at);
      }
      if (sample === null) {
        const headers = Object.fromEntries(Object.entries(req.headers).filter(([name, value]) => typeof value === 'string' && !TRANSPORT_HEADERS.has(name))) as Record<string, string>;
        sample = { body: Buffer.concat(chunks).toString('utf8'), headers };
      }
      res.writeHead(204).end();
    });
  });
  server.on('connection', () => connections++);
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    reset() {
      arrivals = new Map();
      received = 0;
      repeats = 0;
      connections = 0;
      failed = 0;
      sample = null;
      cpuSince = process.cpuUsage();
    },
    stats(options = { arrivals: true }) {
      const cpu = process.cpuUsage(cpuSince);
      return { received, repeats, connections, failed, arrivals: options.arrivals ? [...arrivals] : [], sample, cpuMs: (cpu.user + cpu.system) / 1000 };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
