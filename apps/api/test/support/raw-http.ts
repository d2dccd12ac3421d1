import { connect } from 'node:net';

export interface RawReply {
  status: number;
  /** Lower-case names; a repeated header keeps its last value. */
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends bytes as they are to 127.0.0.1:`port` — malformed requests that a client library
 * would refuse to send — and reads the answer until the server closes the connection.
 * The request should say `Connection: close`.
 */
export function rawRequest(port: number, bytes: Buffer, timeoutMs = 5_000): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(new Error(`no complete answer within ${timeoutMs} ms`)), timeoutMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // A server that answers early and closes may reset a connection we are still writing to;
    // what it answered before that is what counts.
    socket.on('error', (error) => {
      clearTimeout(timer);
      if (chunks.length > 0) resolve(parseReply(Buffer.concat(chunks)));
      else reject(error);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(parseReply(Buffer.concat(chunks)));
    });
    socket.on('connect', () => socket.write(bytes));
  });
}

function parseReply(raw: Buffer): RawReply {
  const end = raw.indexOf('\r\n\r\n');
  const head = (end === -1 ? raw : raw.subarray(0, end)).toString('latin1');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const rest = end === -1 ? Buffer.alloc(0) : raw.subarray(end + 4);
  const body = headers['transfer-encoding'] === 'chunked' ? dechunk(rest) : rest;
  return { status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? NaN), headers, body: body.toString('utf8') };
}

/** Chunk sizes count bytes, so the body is taken apart as bytes. */
function dechunk(raw: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = raw.indexOf('\r\n', at);
    if (lineEnd === -1) break;
    const size = parseInt(raw.subarray(at, lineEnd).toString('latin1'), 16);
    if (!size) break;
    parts.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}
