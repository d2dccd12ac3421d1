/**
 * Issue 30 item 5, on the real process: short queries padded with a 900 KB comment, sent as
 * automatic persisted queries and as plain queries, are not kept whole. The process runs with a
 * 192 MB heap and is sent 360 MB of them: every text kept by a store bounded only by its number
 * of entries (the persisted queries, Apollo's document store weighing a document without its
 * text, the compiled queries) would exhaust it.
 */
import { createHash } from 'node:crypto';
import { Agent, request } from 'node:https';
import { seededTestDatabase } from '@tessera/persistence/testing';
import { startGraphqlProcess } from './support/graphql-process.js';

const DOCUMENTS = 400;
const BYTES = 900_000;

describe('graphql process memory under padded documents', () => {
  const seeded = seededTestDatabase();

  it('answers 400 padded documents of 900 KB within a 192 MB heap, refusing their registration and running them as plain queries', async () => {
    const graphql = await startGraphqlProcess(seeded.test.url, { NODE_OPTIONS: '--max-old-space-size=192' });
    const agent = new Agent({ keepAlive: true, maxSockets: 2 });
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${seeded.demo.admin.token}`, 'x-service-account': seeded.demo.account };
    const post = (body: string) =>
      new Promise<{ status: number; code: string | undefined }>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port: graphql.port, path: '/', method: 'POST', agent, rejectUnauthorized: false, headers }, (res) => {
          let text = '';
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, code: JSON.parse(text).errors?.[0]?.extensions?.code }));
        });
        req.on('error', reject);
        req.end(body);
      });
    const answers: Record<string, number> = {};
    try {
      for (let i = 0; i < DOCUMENTS; i++) {
        const head = `{ me { name } } # ${i} `;
        const query = head + 'x'.repeat(BYTES - head.length);
        const persisted = i % 2 === 0;
        const hash = createHash('sha256').update(query).digest('hex');
        const answer = await post(JSON.stringify(persisted ? { query, extensions: { persistedQuery: { version: 1, sha256Hash: hash } } } : { query }));
        const key = `${persisted ? 'persisted' : 'plain'} ${answer.status} ${answer.code ?? 'ok'}`;
        answers[key] = (answers[key] ?? 0) + 1;
      }
    } finally {
      agent.destroy();
    }
    expect(answers).toEqual({ 'persisted 400 PERSISTED_QUERY_TOO_LARGE': DOCUMENTS / 2, 'plain 200 ok': DOCUMENTS / 2 });
    expect(await graphql.stop()).toBe(0);
  }, 300_000);
});
