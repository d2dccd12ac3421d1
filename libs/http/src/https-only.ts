/**
 * A listener that speaks only HTTPS but answers a plain-HTTP request with a
 * readable 400 instead of a dropped connection (SPEC.md GraphQL rule 1:
 * non-HTTPS requests are rejected). The first byte of a TLS connection is a
 * handshake record (0x16); anything else is taken as plain HTTP.
 */
import { createServer as createNetServer, type Server as NetServer, type Socket } from 'node:net';
import type { Server as HttpsServer } from 'node:https';

const TLS_HANDSHAKE = 0x16;
const BODY = JSON.stringify({ message: 'HTTPS is required' });
const PLAIN_HTTP_ANSWER =
  'HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nConnection: close\r\n' +
  `Content-Length: ${Buffer.byteLength(BODY)}\r\n\r\n${BODY}`;

export function httpsOnlyListener(https: HttpsServer): NetServer {
  // The HTTPS server never listens itself; its 'listening' event is what starts the
  // connection tracking that closeIdleConnections/closeAllConnections rely on.
  https.emit('listening');
  return createNetServer({ pauseOnConnect: true }, (socket: Socket) => {
    socket.once('error', () => socket.destroy());
    socket.once('readable', () => {
      const first: Buffer | null = socket.read(1);
      if (!first) {
        socket.destroy();
        return;
      }
      socket.unshift(first);
      if (first[0] === TLS_HANDSHAKE) {
        https.emit('connection', socket);
        socket.resume();
      } else {
        // The request stays unread; close once the answer is written.
        socket.end(PLAIN_HTTP_ANSWER, () => socket.destroy());
      }
    });
    socket.resume();
    socket.pause();
  });
}
