/**
 * The baseline of the GraphQL requests page: a bare Express 5 handler over HTTPS that runs, on
 * every call, the SQL statements the app's reads send for that page (BENCH_PAGE_STATEMENTS,
 * recorded by graphql-page-statements.ts: the root page, then the notes, people and teams
 * together) on a pg Pool of the app's default size, and serialises the same JSON the app
 * answered (BENCH_PAGE_ANSWER). No auth, no quota, no GraphQL, no row-to-field mapping.
 * Run by the bench as a child process: PORT, HOST, TLS_CERT_FILE, TLS_KEY_FILE, DATABASE_URL.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import express from 'express';
import pg from 'pg';
import type { PageStatements } from './graphql-page-statements.js';

const phases = JSON.parse(process.env['BENCH_PAGE_STATEMENTS'] ?? '[]') as PageStatements;
const answer: unknown = JSON.parse(process.env['BENCH_PAGE_ANSWER'] ?? 'null');
const pool = new pg.Pool({ connectionString: process.env['DATABASE_URL'], max: 20 });

const app = express();
app.get('/healthz', (_req, res) => {
  res.json({ status: 'ok' });
});
app.post('/', express.json(), async (_req, res, next) => {
  try {
    for (const phase of phases) await Promise.all(phase.map((statement) => pool.query(statement)));
    res.json(answer);
  } catch (error) {
    next(error);
  }
});

const server = createServer({ cert: readFileSync(process.env['TLS_CERT_FILE']!), key: readFileSync(process.env['TLS_KEY_FILE']!) }, app);
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env['PORT']), process.env['HOST'] ?? '127.0.0.1');
process.once('SIGTERM', () => {
  server.close();
  void pool.end().finally(() => process.exit(0));
});
