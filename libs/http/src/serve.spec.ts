import { connect as netConnect } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { generate } from 'selfsigned';
import { createHttpApp, finishHttpApp } from './create-http-app.js';
import { createLogger } from './logger.js';
import { listen, type Listening } from './serve.js';

interface RawReply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends raw bytes (what a client library would refuse to send) and reads the answer until the server closes. */
function rawExchange(port: number, bytes: string, tls: boolean): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const socket = tls ? tlsConnect({ port, host: '127.0.0.1', rejectUnauthorized: false }) : netConnect({ port, host: '127.0.0.1' });
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    socket.once(tls ? 'secureConnect' : 'connect', () => socket.write(bytes));
  });
}

describe.each([
  ['plain HTTP', false],
  ['the HTTPS-only listener', true],
])('listen() — requests the HTTP parser refuses, over %s', (_name, tls) => {
  let server: Listening;

  beforeAll(async () => {
    const pems = tls ? await generate([{ name: 'commonName', value: 'localhost' }], { keySize: 2048, algorithm: 'sha256' }) : null;
    server = await listen((_req, res) => res.end('ok'), {
      port: 0,
      host: '127.0.0.1',
      ...(pems ? { tls: { cert: pems.cert, key: pems.private } } : {}),
    });
  });
  afterAll(() => server.close());

  it('answers a 20 KB URL with 431 and {"message":"Request Header Fields Too Large"}', async () => {
    const reply = await rawExchange(server.port, `GET /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`, tls);
    expect(reply.status).toBe(431);
    expect(reply.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(reply.body)).toEqual({ message: 'Request Header Fields Too Large' });
  });

  it('answers an over-long header line with 431 and a JSON body', async () => {
    const reply = await rawExchange(server.port, `GET / HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`, tls);
    expect(reply.status).toBe(431);
    expect(JSON.parse(reply.body)).toEqual({ message: 'Request Header Fields Too Large' });
  });

  it('answers a request line that is not HTTP with 400 {"message":"Bad Request"}', async () => {
    const reply = await rawExchange(server.port, 'HELLO WORLD\r\n\r\n', tls);
    expect(reply.status).toBe(400);
    expect(reply.headers['content-length']).toBe(String(Buffer.byteLength(reply.body)));
    expect(JSON.parse(reply.body)).toEqual({ message: 'Bad Request' });
  });

  it('answers a header name with a space in it with 400 {"message":"Bad Request"}', async () => {
    const reply = await rawExchange(server.port, 'GET / HTTP/1.1\r\nHost: localhost\r\nBad Header: x\r\n\r\n', tls);
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.body)).toEqual({ message: 'Bad Request' });
  });

  it('answers a request whose headers time out with 408 {"message":"Request Timeout"}', async () => {
    // Node raises this after headersTimeout (60 s by default); the error is raised here as Node does.
    const timeout = Object.assign(new Error('request timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' });
    server.server.once(tls ? 'secureConnection' : 'connection', (socket) => setImmediate(() => server.server.emit('clientError', timeout, socket)));
    const reply = await rawExchange(server.port, 'GET / HTTP/1.1\r\nHost: local', tls);
    expect(reply.status).toBe(408);
    expect(JSON.parse(reply.body)).toEqual({ message: 'Request Timeout' });
  });

  it('still serves a well-formed request after refusing bad ones', async () => {
    const reply = await rawExchange(server.port, 'GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n', tls);
    expect(reply.status).toBe(200);
  });
});

describe('listen() with an app from createHttpApp — a request without Host', () => {
  let server: Listening;

  beforeAll(async () => {
    const logger = createLogger({ name: 't', level: 'silent' });
    const app = createHttpApp({ service: 'test', logger });
    app.get('/ok', (_req, res) => res.json({ ok: true }));
    server = await listen(finishHttpApp(app, logger), { port: 0, host: '127.0.0.1' });
  });
  afterAll(() => server.close());

  it('answers an HTTP/1.1 request without Host with 400 and a JSON body naming the header (RFC 9112 §3.2)', async () => {
    const reply = await rawExchange(server.port, 'GET /ok HTTP/1.1\r\nConnection: close\r\n\r\n', false);
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.body)).toEqual({ message: 'Bad Request', reason: 'The Host header is required' });
  });

  it('serves an HTTP/1.0 request without Host, which HTTP/1.0 allows', async () => {
    const reply = await rawExchange(server.port, 'GET /ok HTTP/1.0\r\n\r\n', false);
    expect(reply.status).toBe(200);
  });
});
