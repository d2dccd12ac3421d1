/**
 * Listens, and on SIGTERM/SIGINT shuts down cleanly (drain.ts): not ready at
 * once, new connections taken for `delayMs` more (while load balancers catch
 * up) and then refused, every answer from the signal on closing its
 * connection, requests in flight finished, then `onClose` (pools, stores) and
 * exit 0 — all within `graceMs`, after which what is still open is cut.
 */
import { createServer as createHttpServer, type RequestListener, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { Server as NetServer } from 'node:net';
import type { Logger } from './logger.js';
import { answerClientErrors } from './client-error.js';
import { exitAfterLog } from './exit-after-log.js';
import { drainingListener, type DrainState } from './drain.js';
import { httpsOnlyListener } from './https-only.js';

export interface ServeOptions {
  port: number;
  host: string;
  /** When given, only HTTPS is served, and plain HTTP gets a 400. */
  tls?: { key: string; cert: string };
  /** SHUTDOWN_GRACE_MS: from the signal to exit at most; what is still open then is cut. Default 10 s. */
  graceMs?: number;
  /** SHUTDOWN_DELAY_MS: how long new connections are still taken (answered with Connection: close) after /readyz says 503. Default 0. */
  delayMs?: number;
  /**
   * After the connections: closes pools and stores. Gets the time left of the grace; what it could
   * not finish in it, it returns by kind (e.g. `{ unrecordedOutcomes: 3 }`), and the shutdown says so.
   */
  onClose?: (remainingMs: number) => Promise<Unfinished | void>;
}

/** Work left undone at exit, by kind: a count each. */
export type Unfinished = Record<string, number>;

/** What `listen` does with requests in flight when it closes. */
export interface CloseReport {
  /** Requests still unanswered when the grace ran out, whose connections were cut. */
  cut: number;
  durationMs: number;
  /** What onClose left undone (only the kinds with a count above 0). */
  unfinished?: Unfinished;
}

export interface Listening {
  port: number;
  server: Server;
  drain: DrainState;
  /** Drains (see the top of this file), runs onClose; resolves when done. */
  close(): Promise<CloseReport>;
}

const IDLE_SWEEP_MS = 100;

export async function listen(handler: RequestListener, options: ServeOptions): Promise<Listening> {
  const { listener: app, state: drain } = drainingListener(handler);
  // A missing Host is refused by the app (createHttpApp) with a JSON body, not by Node with an empty one.
  const server = options.tls ? createHttpsServer({ ...options.tls, requireHostHeader: false }, app) : createHttpServer({ requireHostHeader: false }, app);
  server.keepAliveTimeout = 65_000;
  answerClientErrors(server);
  const listener: NetServer = options.tls ? httpsOnlyListener(server as ReturnType<typeof createHttpsServer>) : server;
  await new Promise<void>((resolve, reject) => {
    listener.once('error', reject);
    listener.listen(options.port, options.host, () => resolve());
  });
  const address = listener.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  let closed: Promise<CloseReport> | undefined;
  const close = async (): Promise<CloseReport> => {
    const began = Date.now();
    const graceMs = options.graceMs ?? 10_000;
    drain.start();
    await sleep(Math.min(options.delayMs ?? 0, graceMs));
    let cut = 0;
    await new Promise<void>((resolve) => {
      const force = setTimeout(() => {
        cut = drain.inFlight;
        server.closeAllConnections();
      }, Math.max(0, graceMs - (Date.now() - began)));
      // A connection whose answer began before the signal stays open after it: closed once idle.
      const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
      // The listener accepted every socket, so its close waits for all of them, TLS or not.
      listener.close(() => {
        clearTimeout(force);
        clearInterval(sweep);
        resolve();
      });
      server.closeIdleConnections();
    });
    const left = Object.entries((await options.onClose?.(Math.max(0, graceMs - (Date.now() - began)))) ?? {}).filter(([, count]) => count > 0);
    return { cut, durationMs: Date.now() - began, ...(left.length > 0 ? { unfinished: Object.fromEntries(left) } : {}) };
  };
  return {
    port,
    server,
    drain,
    close: () => (closed ??= close()),
  };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `listen` for a process: logs, and exits cleanly on SIGTERM/SIGINT. */
export async function serve(handler: RequestListener, logger: Logger, options: ServeOptions): Promise<Listening> {
  const listening = await listen(handler, options);
  logger.info({ port: listening.port, host: options.host, tls: Boolean(options.tls) }, 'listening');
  let shuttingDown = false;
  const shutdown = (signal: string) => {
    // Ctrl-C under `npm start` or `nx serve` reaches an app twice: SIGINT from the terminal (its
    // whole process group) and SIGTERM from the launcher stopping its children. One shutdown.
    if (shuttingDown) {
      logger.debug({ signal }, 'already shutting down');
      return;
    }
    shuttingDown = true;
    logger.info({ signal, inFlight: listening.drain.inFlight, graceMs: options.graceMs ?? 10_000, delayMs: options.delayMs ?? 0 }, 'shutting down: not ready, draining');
    void listening.close().then(
      (report) => {
        if (report.unfinished) logger.warn(report, 'shutdown grace ran out: work still in flight was cut');
        else if (report.cut > 0) logger.warn(report, 'shutdown grace ran out: requests still in flight were cut');
        else logger.info(report, 'shut down cleanly');
        exitAfterLog(logger, 0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        exitAfterLog(logger, 1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  return listening;
}
