/**
 * Listens, and on SIGTERM/SIGINT stops taking connections, lets in-flight
 * requests finish (at most `graceMs`), runs `onClose` (pools, stores), exits.
 */
import { createServer as createHttpServer, type RequestListener, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { Server as NetServer } from 'node:net';
import type { Logger } from './logger.js';
import { answerClientErrors } from './client-error.js';
import { httpsOnlyListener } from './https-only.js';

export interface ServeOptions {
  port: number;
  host: string;
  /** When given, only HTTPS is served, and plain HTTP gets a 400. */
  tls?: { key: string; cert: string };
  graceMs?: number;
  onClose?: () => Promise<void>;
}

export interface Listening {
  port: number;
  server: Server;
  /** Stops accepting, drains, runs onClose; resolves when done. */
  close(): Promise<void>;
}

export async function listen(handler: RequestListener, options: ServeOptions): Promise<Listening> {
  // A missing Host is refused by the app (createHttpApp) with a JSON body, not by Node with an empty one.
  const server = options.tls ? createHttpsServer({ ...options.tls, requireHostHeader: false }, handler) : createHttpServer({ requireHostHeader: false }, handler);
  server.keepAliveTimeout = 65_000;
  answerClientErrors(server);
  const listener: NetServer = options.tls ? httpsOnlyListener(server as ReturnType<typeof createHttpsServer>) : server;
  await new Promise<void>((resolve, reject) => {
    listener.once('error', reject);
    listener.listen(options.port, options.host, () => resolve());
  });
  const address = listener.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  let closed: Promise<void> | undefined;
  return {
    port,
    server,
    close() {
      closed ??= new Promise<void>((resolve) => {
        const force = setTimeout(() => server.closeAllConnections(), options.graceMs ?? 10_000);
        force.unref();
        const done = async () => {
          clearTimeout(force);
          try {
            await options.onClose?.();
          } finally {
            resolve();
          }
        };
        // The listener accepted every socket, so its close waits for all of them, TLS or not.
        listener.close(() => void done());
        server.closeIdleConnections();
      });
      return closed;
    },
  };
}

/** `listen` for a process: logs, and exits cleanly on SIGTERM/SIGINT. */
export async function serve(handler: RequestListener, logger: Logger, options: ServeOptions): Promise<Listening> {
  const listening = await listen(handler, options);
  logger.info({ port: listening.port, host: options.host, tls: Boolean(options.tls) }, 'listening');
  const shutdown = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    void listening.close().then(() => process.exit(0));
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  return listening;
}
