import { listen, type Listening } from '@tessera/http';
import { startApiHarness, type ApiHarness } from './support/api-harness.js';
import { rawRequest, type RawReply } from './support/raw-http.js';
import { seededRandom } from './support/seeded-random.js';

/**
 * Crafted transport input against a listening api on 127.0.0.1: odd Host and
 * forwarding headers, Authorization and account header variants, charsets,
 * encodings, over-long lines and malformed framing. Seeded, so a failure names
 * the case that reproduces it. Whatever comes in: never a 5xx, every error has
 * a JSON `{"message": string}`, and every answer from Express carries the
 * security headers (answers without X-Request-Id come from the HTTP parser).
 */
const SEED = 0x7e55e7a;
const CASES = 300;


interface Case {
  method: string;
  target: string;
  headers: Array<[string, string]>;
  body: Buffer;
  /** Chunked framing instead of Content-Length. */
  chunked: boolean;
}

function generate(random: () => number, token: string, account: string): Case {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const maybe = (p: number) => random() < p;
  const garbage = (length: number) => Array.from({ length }, () => String.fromCharCode(0x21 + Math.floor(random() * 94))).join('');
  const headers: Array<[string, string]> = [];
  const host = pick(['localhost:3000', 'a b', 'x:99999', '', 'ünïcødé.example', '[::1]:80', 'h'.repeat(300), 'a.example, b.example', null]);
  if (host !== null) headers.push(['Host', host]);
  if (maybe(0.3)) headers.push(['X-Forwarded-Host', pick(['evil.example', '', 'a b', 'x:99999', garbage(40)])]);
  if (maybe(0.3)) headers.push(['X-Forwarded-Proto', pick(['https', 'http', 'gopher', '', 'https, http', garbage(10)])]);
  if (maybe(0.2)) headers.push(['X-Forwarded-For', pick(['127.0.0.1', '10.0.0.1, 192.0.2.1', 'not-an-ip', '', '::1'])]);
  if (maybe(0.2)) headers.push(['Forwarded', pick(['for=127.0.0.1;proto=https;host=evil.example', 'for="[::1]"', garbage(30), ''])]);
  const authorization = pick([
    `Bearer ${token}`, `bearer ${token}`, `BEARER   ${token}`, `Bearer\t${token}`, `Bearer ${token} extra`, 'Bearer', 'Bearer ',
    `Basic ${token}`, `Bearer ${garbage(40)}`, `Bearer ${'a'.repeat(5000)}`, garbage(60), 'Bearer ñ', null,
  ]);
  if (authorization !== null) headers.push(['Authorization', authorization]);
  const serviceAccount = pick([account, '', 'DROP TABLE', '../../etc/passwd', 'ünï', 'x'.repeat(500), 'WDC', garbage(20), null]);
  if (serviceAccount !== null) headers.push(['X-Service-Account', serviceAccount]);
  if (maybe(0.1)) headers.push(['X-Pad', 'p'.repeat(17_000)]);
  if (maybe(0.05)) headers.push(['Bad Header', 'x']);

  const method = pick(['GET', 'GET', 'POST', 'POST', 'OPTIONS', 'PUT', 'DELETE']);
  const path = pick(['/v1/me', '/v1/requests', '/v1/requests/1', '/v1/requests/abc/notes', '/v1/events?subject=Fuzz', '/healthz', '/metrics', '/nowhere', '/v1/requests?per_page=abc&sort=foo', '/v1/%E0%A4%A', '/v1/requests?id=1,2,3']);
  const target = maybe(0.05) ? `${path}${path.includes('?') ? '&' : '?'}q=${'a'.repeat(20_000)}` : path;

  let body = Buffer.alloc(0);
  if (method === 'POST' || method === 'PUT') {
    body = Buffer.from(pick(['{}', '{"subject":"Fuzz","note":"ü"}', '{"subject": ', 'subject=Fuzz&impact=low', '', garbage(50), '[1,2,3]', 'null']), 'utf8');
    const contentType = pick(['application/json', 'application/json; charset=klingon', 'application/json; charset=utf-16', 'application/x-www-form-urlencoded', 'text/plain', ';;;', 'multipart/form-data; boundary=x', null]);
    if (contentType !== null) headers.push(['Content-Type', contentType]);
    const encoding = pick([null, null, 'gzip', 'br', 'x-unknown', 'identity', 'gzip, deflate']);
    if (encoding !== null) headers.push(['Content-Encoding', encoding]);
  }
  return { method, target, headers, body, chunked: body.length > 0 && maybe(0.2) };
}

function encode(c: Case): Buffer {
  const lines = [`${c.method} ${c.target} HTTP/1.1`, ...c.headers.map(([name, value]) => `${name}: ${value}`)];
  if (c.chunked) lines.push('Transfer-Encoding: chunked');
  else if (c.body.length > 0 || c.method === 'POST') lines.push(`Content-Length: ${c.body.length}`);
  lines.push('Connection: close', '', '');
  const head = Buffer.from(lines.join('\r\n'), 'utf8');
  if (!c.chunked) return Buffer.concat([head, c.body]);
  return Buffer.concat([head, Buffer.from(`${c.body.length.toString(16)}\r\n`), c.body, Buffer.from('\r\n0\r\n\r\n')]);
}

function problemsOf(reply: RawReply): string[] {
  const problems: string[] = [];
  if (!(reply.status >= 200 && reply.status < 500)) problems.push(`status ${reply.status}`);
  if (reply.status >= 300) {
    let message: unknown;
    try {
      message = (JSON.parse(reply.body) as { message?: unknown }).message;
    } catch {
      problems.push(`body is not JSON: ${JSON.stringify(reply.body.slice(0, 80))}`);
    }
    if (typeof message !== 'string') problems.push('no string message');
  }
  if (reply.headers['x-request-id']) {
    for (const [name, value] of [['x-content-type-options', 'nosniff'], ['x-frame-options', 'DENY'], ['referrer-policy', 'no-referrer']]) {
      if (reply.headers[name!] !== value) problems.push(`${name} is ${reply.headers[name!]}`);
    }
    if (!reply.headers['content-security-policy']?.includes("default-src 'none'")) problems.push('no CSP');
  } else if (![400, 408, 413, 431].includes(reply.status)) {
    problems.push(`status ${reply.status} without X-Request-Id, so not from Express`);
  }
  return problems;
}

describe(`api transport fuzz (seed ${SEED}, ${CASES} requests)`, () => {
  let h: ApiHarness;
  let server: Listening;

  beforeAll(async () => {
    h = await startApiHarness();
    server = await listen(h.app, { port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await server.close();
    await h.drop();
  });

  it('never answers 5xx, always a JSON message on errors, and security headers on every Express answer', async () => {
    const random = seededRandom(SEED).next;
    const cases = Array.from({ length: CASES }, () => generate(random, h.demo.admin.token, h.demo.account));
    const failures: string[] = [];
    const statuses: Record<string, number> = {};
    // A few connections at once keeps the run short; each case is independent of the others.
    for (let start = 0; start < cases.length; start += 8) {
      const batch = cases.slice(start, start + 8);
      const replies = await Promise.all(batch.map((c) => rawRequest(server.port, encode(c))));
      replies.forEach((reply, i) => {
        const problems = problemsOf(reply);
        statuses[reply.status] = (statuses[reply.status] ?? 0) + 1;
        const c = batch[i]!;
        const shown = c.headers.map(([name, value]) => `${name}: ${value.length > 60 ? `${value.slice(0, 60)}…(${value.length})` : value}`);
        if (problems.length) failures.push(`#${start + i} ${c.method} ${c.target.slice(0, 80)} [${shown.join(' | ')}] → ${problems.join('; ')}`);
      });
    }
    expect(failures).toEqual([]);
    // The generator reaches every layer: the parser (431), body parsing (415), access (401/403), routes.
    expect(Object.keys(statuses)).toEqual(expect.arrayContaining(['200', '204', '400', '401', '403', '404', '415', '431']));
  }, 30_000);
});
