/**
 * What a server does between SIGTERM and exit (issue 20 item 2), as Kubernetes
 * expects it: `/readyz` answers 503 at once (a load balancer stops sending new
 * clients), `/livez` stays 200 (the process is not stuck, so it is not
 * killed), and every answer from then on carries `Connection: close`, so a
 * client that keeps its connection alive is told to leave after its current
 * request instead of being cut off at the forced close. Requests in flight are
 * never interrupted before the grace runs out.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';

export interface DrainState {
  readonly draining: boolean;
  /** Requests handed to the app and not yet answered. */
  readonly inFlight: number;
  /** From now on: not ready, and every answer closes its connection. */
  start(): void;
  /** Resolves when no request is in flight. */
  idle(): Promise<void>;
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), 'cache-control': 'no-store' });
  res.end(text);
};

/** Wraps an app: answers /livez and, while draining, /readyz itself; counts requests in flight. */
export function drainingListener(handler: RequestListener): { listener: RequestListener; state: DrainState } {
  let draining = false;
  let inFlight = 0;
  const open = new Set<ServerResponse>();
  let waiters: Array<() => void> = [];
  const settle = () => {
    if (inFlight > 0) return;
    const ready = waiters;
    waiters = [];
    for (const resolve of ready) resolve();
  };
  const state: DrainState = {
    get draining() {
      return draining;
    },
    get inFlight() {
      return inFlight;
    },
    start() {
      draining = true;
      // Answers not yet begun close their connection too; one already sent keeps it until the idle sweep.
      for (const res of open) if (!res.headersSent) res.setHeader('connection', 'close');
    },
    idle: () => (inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
  };
  const listener: RequestListener = (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '').split('?')[0];
    if (draining) res.setHeader('connection', 'close');
    if (path === '/livez') return json(res, 200, { status: 'ok' });
    if (path === '/readyz' && draining) return json(res, 503, { status: 'draining' });
    inFlight += 1;
    open.add(res);
    let counted = true;
    const done = () => {
      if (!counted) return;
      counted = false;
      inFlight -= 1;
      open.delete(res);
      settle();
    };
    res.once('finish', done);
    res.once('close', done);
    handler(req, res);
  };
  return { listener, state };
}
