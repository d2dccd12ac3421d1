/** A receiver for the ordered-webhook specs (decision 052): what arrived, in order, and how many requests it held at once. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A receiver of messages about requests: what arrived, in order, and how many at once. */
export interface OrderedReceiver {
  url: string;
  /** The request (`object_id`) of each message, in arrival order (failed ones included). */
  arrivals: number[];
  /** The most requests it ever held at once. */
  mostAtOnce: number;
  close(): Promise<void>;
}

/** `failTimes`: how many times to fail the message of the n-th request seen (1-based). */
export async function startOrderedReceiver(options: { failTimes: Map<number, number>; answerAfterMs: number }): Promise<OrderedReceiver> {
  const seen: number[] = [];
  const arrivals: number[] = [];
  const failures = new Map<number, number>();
  let open = 0;
  const receiver: OrderedReceiver = { url: '', arrivals, mostAtOnce: 0, close: () => Promise.resolve() };
  const server: Server = createServer((req, res) => {
    open++;
    receiver.mostAtOnce = Math.max(receiver.mostAtOnce, open);
    // Answered, or cut off (a killed sender): either way no longer held.
    res.on('close', () => open--);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const objectId = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { object_id: number }).object_id;
      arrivals.push(objectId);
      if (!seen.includes(objectId)) seen.push(objectId);
      const n = seen.indexOf(objectId) + 1;
      const failed = failures.get(n) ?? 0;
      const fail = failed < (options.failTimes.get(n) ?? 0);
      if (fail) failures.set(n, failed + 1);
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(fail ? 503 : 200, { 'content-type': 'text/plain' });
        res.end(fail ? 'not now' : 'ok');
      }, options.answerAfterMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}

/** Each number's first arrival, in arrival order, and whether any arrival came after a higher number's. */
export const firstArrivals = (arrivals: readonly number[]) => [...new Set(arrivals)];
export const overtaken = (arrivals: readonly number[]) => arrivals.some((n, i) => i > 0 && n < Math.max(...arrivals.slice(0, i)));
