/**
 * Issue 20 item 1 and issue 30 item 12 on the GraphQL app: while PostgreSQL is
 * stopped, refusing connections or out of connection slots (or the configured
 * database does not exist), a call is answered 503 with Retry-After (the
 * first, which finds the outage, as a GraphQL error SERVICE_UNAVAILABLE; the
 * rest at once, before any work), the outage is logged once each way, never
 * as an unhandled error, and calls are answered again within 10 s of the return.
 */
import { pino } from 'pino';
import { createDatabase, type Database } from '@tessera/persistence';
import { DATABASE_OUTAGES, startStoppablePostgres, type DatabaseFault, type StoppablePostgres } from '@tessera/persistence/testing';
import { alternatesDownUp, outageLog } from '@tessera/http/testing';
import { listen, type Listening } from '@tessera/http';
import { createGraphqlApp } from '../src/app.js';
import { loadTls } from '../src/tls.js';
import { callListener, GENEROUS_GRAPHQL_LIMITS, type GraphqlHarness } from './support/graphql-harness.js';

describe('PostgreSQL taken away from under the GraphQL app and given back', () => {
  let pg: StoppablePostgres;
  let db: Database;
  let server: Listening;
  let stopApollo: () => Promise<void>;
  let call: GraphqlHarness['call'];
  const lines: string[] = [];

  beforeAll(async () => {
    pg = await startStoppablePostgres({ maxConnections: 40 });
    db = createDatabase({ url: pg.url, poolMax: 4 });
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const graphql = await createGraphqlApp({ db, logger, limits: GENEROUS_GRAPHQL_LIMITS });
    stopApollo = graphql.stop;
    server = await listen(graphql.app, { port: 0, host: '127.0.0.1', tls: await loadTls(null) });
    call = callListener(server.port, true);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await stopApollo?.();
    await db?.destroy();
    await pg?.close();
  });

  const me = () =>
    call('/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${pg.demo.admin.token}`, 'x-service-account': pg.demo.account },
      body: JSON.stringify({ query: '{ me { id name } }' }),
    });

  const outage = async (fault: DatabaseFault, expectedLog: string) => {
    expect((await me()).status).toBe(200);
    const from = lines.length;
    const giveBack = await pg.fault(fault);

    const first = await me();
    expect(first.status).toBe(503);
    expect(first.headers['retry-after']).toBe('5');
    expect(first.json().errors[0].extensions).toMatchObject({ code: 'SERVICE_UNAVAILABLE', retryAfter: 5 });
    for (let i = 0; i < 5; i++) {
      const later = await me();
      expect(later.status).toBe(503);
      expect(later.headers['retry-after']).toBe('5');
      expect(later.json()).toEqual({ message: 'Service Unavailable', reason: 'The database is unreachable; try again later' });
    }

    await giveBack();
    const back = Date.now();
    let status = 0;
    while (status !== 200 && Date.now() - back < 10_000) {
      status = (await me()).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(200);
    expect(Date.now() - back).toBeLessThan(10_000);
    const since = lines.slice(from).map((line) => JSON.parse(line) as { level: number; msg: string });
    // One error line, the outage's: never an unhandled error per call.
    expect(since.filter((line) => line.level >= 50).map((line) => line.msg)).toEqual([expectedLog]);
    expect(since.filter((line) => line.msg === 'database reachable again')).toHaveLength(1);
  };

  it.each(DATABASE_OUTAGES)('answers 503 with Retry-After while it is %s, logs it once each way, and answers again within 10 s of the return', async (fault) => {
    await outage(fault, 'database unreachable: answering 503 until it is back');
  }, 60_000);

  it.each(DATABASE_OUTAGES)('under load, answers every call 200 or 503 with Retry-After while it is %s, and recovers by itself', async (fault) => {
    const from = lines.length;
    const answers: Array<{ status: number; retryAfter: unknown; at: number }> = [];
    let running = true;
    const client = async () => {
      while (running) {
        const answer = await me();
        answers.push({ status: answer.status, retryAfter: answer.headers['retry-after'], at: Date.now() });
        if (answer.status === 503) await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const clients = Array.from({ length: 6 }, client);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const giveBack = await pg.fault(fault);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await giveBack();
    const back = Date.now();
    while (!answers.some((answer) => answer.at > back && answer.status === 200) && Date.now() - back < 10_000) await new Promise((resolve) => setTimeout(resolve, 50));
    running = false;
    await Promise.all(clients);

    expect(answers.filter((answer) => !(answer.status === 200 || (answer.status === 503 && answer.retryAfter === '5')))).toEqual([]);
    expect(answers.some((answer) => answer.status === 503)).toBe(true);
    expect(answers.some((answer) => answer.at > back && answer.status === 200)).toBe(true);
    const since = lines.slice(from).map((line) => JSON.parse(line) as { level: number; msg: string });
    // Once per change of state, never per call: a server out of connection slots may let a probe through
    // and refuse the next connect, so the outage may end and begin again, each change one line.
    const log = outageLog(since, 'database unreachable: answering 503 until it is back');
    expect(log.otherErrors).toEqual([]);
    expect({ changes: log.changes, alternates: alternatesDownUp(log.changes) }).toEqual({ changes: log.changes, alternates: true });
  }, 60_000);

  it('answers 503 while the configured database does not exist, and logs that once as a fault of configuration', async () => {
    await outage('misconfigured', 'database refuses the configured connection: answering 503 until it is fixed');
  }, 60_000);
});
