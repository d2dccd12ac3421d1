/**
 * The minimal durable pipeline the worker is compared with must keep the
 * guarantees it stands for: every delivery sent and recorded once with its
 * attempt, signed as the worker signs an hs256 policy's, a failed attempt
 * retried, on a real PostgreSQL.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { jwtVerify } from 'jose';
import pg from 'pg';
import { Pool } from 'undici';
import { startEmbeddedPostgres, type RunningPostgres } from '@tessera/persistence';
import { commitPipelineEvents, createPipelineSchema, dropPipelineSchema, PIPELINE_SCHEMA } from './minimal-pipeline-schema.js';
import { pipelineWebhooks, runMinimalPipeline, type PipelineWebhook } from './minimal-pipeline.js';

interface Received {
  path: string;
  body: string;
  headers: http.IncomingHttpHeaders;
}

/** A receiver that answers `status(delivery id, time seen)` and keeps every request. */
async function receiver(status: (id: string, seen: number) => number): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const seen = new Map<string, number>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const id = String(req.headers['x-tessera-delivery']);
      const count = (seen.get(id) ?? 0) + 1;
      seen.set(id, count);
      received.push({ path: req.url ?? '', body, headers: req.headers });
      res.writeHead(status(id, count)).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

const MESSAGE = JSON.stringify({ event: 'request.create', account: 'https://tessera.test/accounts/a1', payload: { subject: 'disk full' } });
const ISSUER = 'https://tessera.test/accounts/a1';

describe('the minimal durable pipeline of the deliveries benchmark', () => {
  let dir: string;
  let server: RunningPostgres;
  let db: pg.Pool;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'tessera-pipeline-'));
    server = await startEmbeddedPostgres({ dataDir: dir, port: 0, persistent: false });
    db = new pg.Pool({ connectionString: server.adminUrl, max: 4 });
  }, 60_000);
  afterAll(async () => {
    await db?.end();
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });
  afterEach(() => dropPipelineSchema(db));

  async function run(sink: { url: string }, webhooks: Map<number, PipelineWebhook>, events: number, failed: string[]) {
    await createPipelineSchema(db, [...webhooks.keys()].map((id) => ({ id, event: 'request.create' })));
    await commitPipelineEvents(db, 'request.create', MESSAGE, events);
    const pool = new Pool(sink.url, { connections: 4 });
    try {
      return await runMinimalPipeline({ db, http: pool, webhooks, issuer: ISSUER, userAgent: 'Tessera-Webhooks/bench', inFlight: 4, onFailedAttempt: (reason) => failed.push(reason) }, events * webhooks.size);
    } finally {
      await pool.close();
    }
  }

  const count = async (table: string, where = 'true') => Number((await db.query<{ n: string }>(`select count(*) as n from ${PIPELINE_SCHEMA}.${table} where ${where}`)).rows[0]!.n);

  it('fans every event out to each webhook, sends each delivery once signed with two HMACs, and leaves the log and attempts behind an empty queue', async () => {
    const sink = await receiver(() => 204);
    const webhooks = pipelineWebhooks([1, 2, 3], (id) => `/pipeline/${id}`);
    const failed: string[] = [];
    try {
      const result = await run(sink, webhooks, 50, failed);
      expect(result.attempts).toBe(150);
      expect(failed).toEqual([]);
      expect(new Set(sink.received.map((r) => r.headers['x-tessera-delivery'])).size).toBe(150);
      expect(sink.received).toHaveLength(150);
      for (const request of sink.received.slice(0, 6)) {
        const webhook = webhooks.get(Number(request.path.split('/')[2]))!;
        const { payload } = await jwtVerify((JSON.parse(request.body) as { jwt: string }).jwt, webhook.secret, { algorithms: ['HS256'], issuer: ISSUER });
        expect(payload).toMatchObject({ data: JSON.parse(MESSAGE), jti: request.headers['webhook-id'], sub: String(webhook.id) });
        const signed = `${String(request.headers['webhook-id'])}.${String(request.headers['webhook-timestamp'])}.${request.body}`;
        expect(request.headers['webhook-signature']).toBe(`v1,${createHmac('sha256', webhook.secret).update(signed).digest('base64')}`);
      }
      expect({ queue: await count('queue'), log: await count('deliveries'), attempts: await count('attempts', 'status_code = 204'), events: await count('events') }).toEqual({ queue: 0, log: 150, attempts: 150, events: 50 });
    } finally {
      await sink.close();
    }
  }, 30_000);

  it('retries a delivery whose attempt was answered 503, appending both attempts', async () => {
    const sink = await receiver((_, seen) => (seen === 1 ? 503 : 204));
    const failed: string[] = [];
    try {
      const result = await run(sink, pipelineWebhooks([7], (id) => `/pipeline/${id}`), 5, failed);
      expect(result.attempts).toBe(10);
      expect(failed).toEqual(Array.from({ length: 5 }, () => 'minimal pipeline: HTTP 503'));
      const { rows } = await db.query<{ attempt: number; status_code: number }>(`select attempt, status_code from ${PIPELINE_SCHEMA}.attempts order by attempt, status_code`);
      expect(rows.map((r) => `${r.attempt}:${r.status_code}`)).toEqual([...Array.from({ length: 5 }, () => '1:503'), ...Array.from({ length: 5 }, () => '2:204')]);
      expect(await count('queue')).toBe(0);
    } finally {
      await sink.close();
    }
  }, 30_000);
});
