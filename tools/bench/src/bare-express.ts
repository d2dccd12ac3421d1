/**
 * The baseline of the GET /v1/me benchmark: a bare Express 5 server whose one
 * handler answers the JSON body that the real api gave for the same call
 * (BENCH_ME_BODY), with no middleware at all. Run by the bench as a child
 * process: PORT and HOST from the environment; SIGTERM exits cleanly.
 */
import express from 'express';

const body: unknown = JSON.parse(process.env['BENCH_ME_BODY'] ?? 'null');
const app = express();
app.get('/v1/me', (_req, res) => {
  res.json(body);
});
app.get('/healthz', (_req, res) => {
  res.json({ status: 'ok' });
});

const server = app.listen(Number(process.env['PORT']), process.env['HOST'] ?? '127.0.0.1');
process.once('SIGTERM', () => {
  server.close();
  process.exit(0);
});
