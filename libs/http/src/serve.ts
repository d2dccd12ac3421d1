/**
 * Listens, and on SIGTERM/SIGINT stops taking connections, lets in-flight
 * requests finish (at most `graceMs`), runs `onClose` (pools, stores), exits.
 */
import { createServer as createHttpServer, type RequestListener, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { Logger } from './logger.js';

export interface ServeOptions {
  port: number;
  host: string;
  tls?: { key: string; cert: string };
  graceMs?: number;
  onClose?: () => Promise<void>;
}

export async function serve(handler: RequestListener, logger: Logger, options: ServeOptions): Promise<Server> {
  const server = options.tls ? createHttpsServer(options.tls, handler) : createHttpServer(handler);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  logger.info({ port, host: options.host, tls: Boolean(options.tls) }, 'listening');

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => server.closeAllConnections(), options.graceMs ?? 10_000);
    force.unref();
    server.close(async () => {
      try {
        await options.onClose?.();
      } finally {
        process.exit(0);
      }
    });
    server.closeIdleConnections();
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  return server;
}
