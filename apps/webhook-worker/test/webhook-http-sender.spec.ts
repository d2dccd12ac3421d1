/** One HTTP attempt (deliveries/http-sender.ts) against a real local receiver: what counts as success, and what each failure says. */
import { readFile } from 'node:fs/promises';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { parseAllowedNetworks } from '@tessera/domain';
import { httpSender } from '../src/deliveries/http-sender.js';
import { TESSERA_VERSION } from '../src/deliveries/user-agent.js';
import { startHttpSink, type HttpSink } from './support/http-sink.js';

describe('httpSender', () => {
  let sink: HttpSink;
  const loopback = parseAllowedNetworks('127.0.0.0/8');
  const send = httpSender({ allowedNetworks: loopback, timeoutMs: 300 });
  const post = (path = '/hook') => send({ url: `${sink.url}${path}`, body: '{"a":1}', headers: { 'content-type': 'application/json' } });

  beforeAll(async () => {
    sink = await startHttpSink();
  });
  beforeEach(() => {
    sink.requests.length = 0;
  });
  afterAll(() => sink?.close());

  it('succeeds on a 2xx and keeps only the first 1 KB of the answer', async () => {
    sink.respond({ status: 201, body: 'x'.repeat(5000) });
    const result = await post();

    expect(result).toMatchObject({ statusCode: 201, error: null });
    expect(result.responseExcerpt).toHaveLength(1024);
    expect(sink.requests).toEqual([expect.objectContaining({ method: 'POST', path: '/hook', body: '{"a":1}' })]);
  });

  it('does not follow a redirect: a 3xx is a failure that says so', async () => {
    sink.respond({ status: 302, headers: { location: `${sink.url}/elsewhere` } });
    const result = await post();

    expect(result).toMatchObject({ statusCode: 302, error: '302 Found (redirects are not followed)' });
    expect(sink.requests.map((r) => r.path)).toEqual(['/hook']);
  });

  it('names the status of any other answer, once (no retries of its own)', async () => {
    sink.respond({ status: 410, body: 'gone' });
    expect(await post()).toMatchObject({ statusCode: 410, error: '410 Gone', responseExcerpt: 'gone' });
    expect(sink.requests).toHaveLength(1);
  });

  it('gives up after the timeout and says so', async () => {
    sink.respond('hang');
    const result = await post();

    expect(result).toMatchObject({ statusCode: null, error: 'timed out after 0.3 s', responseExcerpt: null });
    expect(result.durationMs).toBeGreaterThanOrEqual(290);
    expect(result.durationMs).toBeLessThan(3000);
  });

  it('keeps the status and Retry-After of an answer whose body never ends, at the deadline', async () => {
    const server = createHttpServer((_req, res) => {
      res.writeHead(503, { 'retry-after': '120' });
      res.write('busy, ');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const result = await send({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}/`, body: '{}', headers: {} });
      expect(result).toMatchObject({ statusCode: 503, error: '503 Service Unavailable', responseExcerpt: 'busy, ', retryAfter: '120' });
      expect(result.durationMs).toBeGreaterThanOrEqual(290);
      expect(result.durationMs).toBeLessThan(3000);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('stops reading an answer beyond 64 KB and keeps its status and first 1 KB', async () => {
    const server = createHttpServer((_req, res) => {
      res.writeHead(200);
      res.end('y'.repeat(200 * 1024));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const result = await send({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}/`, body: '{}', headers: {} });
      expect(result).toMatchObject({ statusCode: 200, error: null, responseExcerpt: 'y'.repeat(1024) });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('reports a refused connection', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as { port: number };
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const result = await send({ url: `http://127.0.0.1:${port}/`, body: '{}', headers: {} });
    expect(result).toMatchObject({ statusCode: null, error: expect.stringContaining('ECONNREFUSED') });
  });

  it('refuses IPv6, IPv4-mapped and hex literals of private ranges, and URIs that are not http(s)', async () => {
    const strict = httpSender({ allowedNetworks: parseAllowedNetworks('') });
    expect((await strict({ url: 'http://0x7f.1/', body: '{}', headers: {} })).error).toBe('refused: 127.0.0.1 is a loopback address');
    expect((await send({ url: 'http://[::1]:9/', body: '{}', headers: {} })).error).toBe('refused: ::1 is a loopback address');
    expect((await send({ url: 'http://[::ffff:10.1.2.3]/', body: '{}', headers: {} })).error).toBe('refused: ::ffff:a01:203 (10.1.2.3) is a private address');
    expect((await send({ url: 'ftp://example.com/', body: '{}', headers: {} })).error).toBe('refused: ftp: is not http or https');
  });

  it.each([
    ['http://[2002:a00:1::1]/hook', 'refused: 2002:a00:1::1 (10.0.0.1) is a private address'],
    ['http://[64:ff9b:1::a00:1]/hook', 'refused: 64:ff9b:1::a00:1 (10.0.0.1) is a private address'],
    ['http://[64:ff9b::a9fe:a9fe]/', 'refused: 64:ff9b::a9fe:a9fe (169.254.169.254) is the cloud metadata address'],
    ['http://[::10.0.0.1]/', 'refused: ::a00:1 (10.0.0.1) is a private address'],
    ['http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/', 'refused: 2001:0:4136:e378:8000:63bf:3fff:fdd2 is a Teredo tunnel address (of 192.0.2.45)'],
  ])('refuses the literal %s, an IPv6 form carrying a refused IPv4 address, without connecting (issue 30 item 8)', async (url, error) => {
    expect(await send({ url, body: '{}', headers: {} })).toMatchObject({ statusCode: null, error });
  });

  it('answers the same for a URI on every send: a refused literal stays refused, an allowed one keeps its path and query', async () => {
    for (let i = 0; i < 3; i++) expect((await send({ url: 'http://10.1.2.3/hook', body: '{}', headers: {} })).error).toBe('refused: 10.1.2.3 is a private address');
    sink.respond({ status: 204 });
    await post('/hook?a=1');
    await post('/hook?a=1');
    await post('/other');
    expect(sink.requests.map((r) => r.path)).toEqual(['/hook?a=1', '/hook?a=1', '/other']);
  });
});

describe('the User-Agent', () => {
  it('names the version of the workspace', async () => {
    const { version } = JSON.parse(await readFile(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(TESSERA_VERSION).toBe(version);
  });
});
