/**
 * Issue 20 item 1, on the real api process: PostgreSQL is stopped (fast
 * shutdown) under it and started again. Meanwhile every call is answered
 * `503 {"message":"Service Unavailable","reason":…}` with Retry-After, not a
 * 500; the outage is logged once when it starts and once when it ends, and
 * /metrics shows it. Calls succeed again within 10 s of PostgreSQL's return.
 * The PostgreSQL is this spec's own, so stopping it leaves the shared one alone.
 */
import { startStoppablePostgres, type StoppablePostgres } from '@tessera/persistence/testing';
import { startApiProcess, type ApiProcess } from './support/api-process.js';

const logLines = (api: ApiProcess, message: string) => api.output().split('\n').filter((line) => line.includes(`"msg":"${message}"`)).length;

describe('PostgreSQL stopped and started under the api', () => {
  let pg: StoppablePostgres;
  let api: ApiProcess | undefined;

  beforeAll(async () => {
    pg = await startStoppablePostgres();
    api = await startApiProcess(pg.url);
  }, 120_000);
  afterAll(async () => {
    await api?.stop();
    await pg?.close();
  });

  const call = (pathname: string, method = 'GET') =>
    fetch(`${api!.url}${pathname}`, { method, headers: { authorization: `Bearer ${pg.demo.admin.token}`, 'x-service-account': pg.demo.account } });

  it('answers 503 with Retry-After while it is down, logs the outage once each way, and serves again within 10 s of its return', async () => {
    expect((await call('/v1/me')).status).toBe(200);
    await pg.stop();

    const answers = [];
    for (let i = 0; i < 10; i++) answers.push(await call('/v1/me'), await call('/v1/events?subject=during+the+outage&source=outage', 'POST'));
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(await answer.json()).toEqual({ message: 'Service Unavailable', reason: 'The database is unreachable; try again later' });
    }
    expect((await fetch(`${api!.url}/healthz`)).status).toBe(503);
    expect((await fetch(`${api!.url}/livez`)).status).toBe(200);
    const metrics = await (await fetch(`${api!.url}/metrics`)).text();
    expect(metrics).toMatch(/tessera_dependency_up\{[^}]*dependency="database"[^}]*\} 0/);
    expect(metrics).toMatch(/tessera_unavailable_responses_total\{[^}]*dependency="database"[^}]*\} 20/);

    await pg.start();
    const back = Date.now();
    let status = 0;
    while (status !== 200 && Date.now() - back < 10_000) {
      status = (await call('/v1/me')).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const recoveredMs = Date.now() - back;
    console.log(`database outage: 20 calls answered 503, recovered ${recoveredMs} ms after PostgreSQL's return`);
    expect(status).toBe(200);
    expect(recoveredMs).toBeLessThan(10_000);
    expect((await call('/v1/events?subject=after+the+outage&source=outage', 'POST')).status).toBe(201);

    expect(logLines(api!, 'database unreachable: answering 503 until it is back')).toBe(1);
    expect(logLines(api!, 'database reachable again')).toBe(1);
    expect(logLines(api!, 'unhandled error')).toBe(0);
  }, 90_000);
});
