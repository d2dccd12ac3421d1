import request from 'supertest';
import { pino } from 'pino';
import { createHttpApp, finishHttpApp } from './create-http-app.js';

/** One log line per answered request, at the level its status calls for; nothing built for a level that is off. */
function appLoggingAt(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino({ level }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  const app = createHttpApp({ service: 'test-service', logger });
  app.get('/ok', (_req, res) => void res.json({ ok: true }));
  app.get('/missing', (_req, res) => void res.status(404).json({ message: 'Not Found' }));
  app.get('/unavailable', (_req, res) => void res.status(503).set('Retry-After', '5').json({ message: 'Service Unavailable' }));
  app.get('/broken', (_req, res) => void res.status(500).json({ message: 'Internal Server Error' }));
  finishHttpApp(app, logger);
  return { app, lines };
}

describe('request log', () => {
  it('logs a 200 at info with the request id, method, URL, peer, status and response time', async () => {
    const { app, lines } = appLoggingAt('info');

    const res = await request(app).get('/ok?x=1').set('Authorization', 'Bearer tsr_pat_secret').expect(200);

    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'request completed',
        req: { id: res.headers['x-request-id'], method: 'GET', url: '/ok?x=1', remoteAddress: expect.any(String), remotePort: expect.any(Number) },
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
    ]);
    expect(JSON.stringify(lines)).not.toContain('tsr_pat_secret');
  });

  it('logs a 4xx at warn and nothing for a 2xx when the level is warn', async () => {
    const { app, lines } = appLoggingAt('warn');

    await request(app).get('/ok').expect(200);
    await request(app).get('/missing').expect(404);

    expect(lines.map((line) => [line['level'], line['msg'], (line['res'] as { statusCode: number }).statusCode])).toEqual([[40, 'request completed', 404]]);
  });

  it('logs a 503 (a call turned away during an outage) at warn and a 500 at error', async () => {
    const { app, lines } = appLoggingAt('info');

    await request(app).get('/unavailable').expect(503);
    await request(app).get('/broken').expect(500);

    expect(lines.map((line) => [line['level'], (line['res'] as { statusCode: number }).statusCode])).toEqual([[40, 503], [50, 500]]);
  });

  it('logs nothing for /healthz and /metrics', async () => {
    const { app, lines } = appLoggingAt('info');

    await request(app).get('/healthz').expect(200);

    expect(lines).toEqual([]);
  });
});
