/**
 * Answers for requests that Node's HTTP parser refuses before Express runs
 * (REFERENCE.md "REST conventions": every error has a JSON `{"message"}` body).
 * Node's own answer to these has an empty body; this one mirrors its choice of
 * status and its care not to write into a response already under way.
 */
import { STATUS_CODES, type Server } from 'node:http';
import type { Server as HttpsServer } from 'node:https';
import type { Duplex } from 'node:stream';

function statusOf(code: string | undefined): number {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return 431;
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return 413;
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return 408;
    default:
      return 400;
  }
}

export function clientErrorResponse(status: number): string {
  const body = JSON.stringify({ message: STATUS_CODES[status] });
  return [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'X-Content-Type-Options: nosniff',
    'Cache-Control: no-store',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

interface ParserSocket extends Duplex {
  /** The response in flight on this connection, when there is one (Node internals). */
  _httpMessage?: { headersSent?: boolean } | null;
}

/** Replaces Node's default `clientError` answer (same status, empty body) with one that has a JSON body. */
export function answerClientErrors(server: Server | HttpsServer): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: ParserSocket) => {
    // A peer that went away, or a connection already answering a request, gets nothing more written:
    // bytes written now would be read as part of the earlier response.
    if (error.code === 'ECONNRESET' || !socket.writable || socket._httpMessage?.headersSent) {
      socket.destroy();
      return;
    }
    const timer = setTimeout(() => socket.destroy(), 5_000);
    timer.unref();
    socket.end(clientErrorResponse(statusOf(error.code)), () => {
      clearTimeout(timer);
      socket.destroy();
    });
  });
}
