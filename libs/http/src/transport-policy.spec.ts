import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import request from 'supertest';
import { unauthorized } from '@tessera/domain';
import { createHttpApp, finishHttpApp, type HttpAppOptions } from './create-http-app.js';
import { createLogger } from './logger.js';

const logger = createLogger({ name: 't', level: 'silent' });

function appWith(options: Partial<HttpAppOptions> = {}): Express {
  const app = createHttpApp({ service: 'test', logger, ...options });
  app.get('/ok', (_req, res) => res.json({ ok: true }));
  app.get('/whoami', (req, res) => res.json({ ip: req.ip, protocol: req.protocol, host: req.host }));
  app.get('/private', () => {
    throw unauthorized('Token expired');
  });
  return finishHttpApp(app, logger);
}

/** Serves `app` on 127.0.0.1 but makes every connection look as if it came from `peer`, as through a network. */
async function servedAsFrom(app: Express, peer: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer(app);
  server.on('connection', (socket) => Object.defineProperty(socket, 'remoteAddress', { value: peer }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

const directivesOf = (csp: string | undefined) => (csp ?? '').split(';').map((part) => part.trim()).filter(Boolean).sort();

describe('security headers', () => {
  const app = appWith();

  it.each([
    ['a 200', '/ok', 200],
    ['a 401', '/private', 401],
    ['a 404', '/nowhere', 404],
    ['/healthz', '/healthz', 200],
  ])('are on %s answer, without HSTS unless asked for', async (_case, path, status) => {
    const res = await request(app).get(path).expect(status);
    expect(res.headers).toMatchObject(SECURITY_HEADERS);
    expect(directivesOf(res.headers['content-security-policy'])).toEqual(["default-src 'none'", "frame-ancestors 'none'"]);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('include Strict-Transport-Security when the app is created with hsts (the HTTPS-only app)', async () => {
    const res = await request(appWith({ hsts: true })).get('/ok').expect(200);
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}; includeSubDomains$/);
  });
});

describe('CORS', () => {
  const cors = { allowMethods: ['GET', 'POST'], allowHeaders: ['Authorization', 'Content-Type'], exposeHeaders: ['Link', 'X-Request-Id'] };

  it('sends no CORS headers from an app created without a CORS policy', async () => {
    const res = await request(appWith()).get('/ok').set('Origin', 'https://app.example').expect(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('allows any origin without credentials and exposes the listed headers', async () => {
    const res = await request(appWith({ cors })).get('/ok').set('Origin', 'https://app.example').expect(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(res.headers['access-control-expose-headers']).toBe('Link, X-Request-Id');
  });

  it('answers a preflight OPTIONS with 204, the allowed methods and headers, before any route runs', async () => {
    const res = await request(appWith({ cors }))
      .options('/private')
      .set('Origin', 'https://app.example')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'authorization, content-type')
      .expect(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-methods']).toBe('GET, POST');
    expect(res.headers['access-control-allow-headers']).toBe('Authorization, Content-Type');
    expect(Number(res.headers['access-control-max-age'])).toBeGreaterThan(0);
  });
});

describe('GET /metrics', () => {
  it('answers 401 JSON without the METRICS_TOKEN bearer when one is configured, and 200 with it', async () => {
    const app = appWith({ metricsToken: 'metrics-secret-0123456789' });
    const denied = await request(app).get('/metrics').expect(401);
    expect(denied.body.message).toBe('Unauthorized');
    expect(denied.headers['www-authenticate']).toBe('Bearer');
    await request(app).get('/metrics').set('Authorization', 'Bearer wrong-secret-0123456789').expect(401);
    const res = await request(app).get('/metrics').set('Authorization', 'bearer metrics-secret-0123456789').expect(200);
    expect(res.text).toContain('http_request_duration_seconds');
  });

  it('answers a loopback peer without a token when no METRICS_TOKEN is configured', async () => {
    await request(appWith()).get('/metrics').expect(200);
  });

  it('answers 403 JSON to a peer that is not loopback when no METRICS_TOKEN is configured, whatever X-Forwarded-For says', async () => {
    const served = await servedAsFrom(appWith({ trustProxy: ['203.0.113.0/24'] }), '203.0.113.7');
    try {
      const res = await request(served.url).get('/metrics').set('X-Forwarded-For', '127.0.0.1').expect(403);
      expect(res.body.message).toBe('Forbidden');
    } finally {
      await served.close();
    }
  });
});

describe('trust proxy', () => {
  it('ignores X-Forwarded-* from the peer by default, loopback included', async () => {
    const res = await request(appWith())
      .get('/whoami')
      .set('X-Forwarded-For', '198.51.100.1')
      .set('X-Forwarded-Proto', 'https')
      .set('X-Forwarded-Host', 'evil.example')
      .expect(200);
    expect(res.body.protocol).toBe('http');
    expect(res.body.ip).not.toBe('198.51.100.1');
    expect(res.body.host).not.toBe('evil.example');
  });

  it('believes X-Forwarded-* only from a configured proxy address', async () => {
    const app = appWith({ trustProxy: ['203.0.113.0/24'] });
    for (const [peer, believed] of [['203.0.113.7', true], ['198.51.100.9', false]] as const) {
      const served = await servedAsFrom(app, peer);
      try {
        const res = await request(served.url).get('/whoami').set('X-Forwarded-For', '192.0.2.44').set('X-Forwarded-Proto', 'https').expect(200);
        expect(res.body).toMatchObject(believed ? { ip: '192.0.2.44', protocol: 'https' } : { ip: peer, protocol: 'http' });
      } finally {
        await served.close();
      }
    }
  });

  it('counts hops when given a number', async () => {
    const served = await servedAsFrom(appWith({ trustProxy: 1 }), '203.0.113.7');
    try {
      const res = await request(served.url).get('/whoami').set('X-Forwarded-For', '192.0.2.1, 192.0.2.44').expect(200);
      expect(res.body.ip).toBe('192.0.2.44');
    } finally {
      await served.close();
    }
  });
});
