/**
 * Issue 20 item 6, "PostgreSQL stopped and started under load", and issue 30
 * item 12, on the real api process: writers keep creating requests (POST
 * /v1/events, each with a subject of its own) and readers keep reading while
 * PostgreSQL goes away for ~3 s — stopped (fast shutdown), refusing new
 * connections, or out of connection slots, the open ones cut — and comes back.
 * Every call is answered — 2xx, or 503 with Retry-After in the documented
 * shape, never a 500 nor a reset —, /readyz and /healthz say 503 while it is
 * away and 200 after, the log has one error line per outage (not one per call
 * turned away), calls succeed again within 10 s of the return, and every
 * write answered 201 is in the database afterwards (0 acknowledged writes lost).
 * `npm run soak` runs it with more clients, longer load and several restarts.
 * The database runs with fsync off (a test database); a fast shutdown still
 * checkpoints, so an acknowledged commit survives it.
 */
import { createDatabase } from '@tessera/persistence';
import { DATABASE_OUTAGES, startStoppablePostgres, type StoppablePostgres } from '@tessera/persistence/testing';
import { alternatesDownUp, outageLog, type LoggedLine } from '@tessera/http/testing';
import { startApiProcess, type ApiProcess } from './support/api-process.js';
import { startLoad, type Answer } from './support/outage-load.js';
import { outageLoad } from './support/proof-settings.js';

const UNAVAILABLE = { message: 'Service Unavailable', reason: 'The database is unreachable; try again later' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PostgreSQL taken away and given back under load — the api process', () => {
  const settings = outageLoad();
  let pg: StoppablePostgres;
  let api: ApiProcess | undefined;

  beforeAll(async () => {
    pg = await startStoppablePostgres({ maxConnections: 60 });
    api = await startApiProcess(pg.url);
  }, 120_000);
  afterAll(async () => {
    await api?.stop();
    await pg?.close();
  });

  it.each(DATABASE_OUTAGES)('answers every call with 2xx or a 503 with Retry-After while it is %s, recovers within 10 s, and loses no acknowledged write', async (fault) => {
    const SOURCE = `outage-load-${DATABASE_OUTAGES.indexOf(fault)}`;
    const logFrom = api!.output().length;
    const probes: Array<{ path: '/readyz' | '/healthz'; status: number; down: boolean }> = [];
    let down = false;
    const probe = async (path: '/readyz' | '/healthz') => probes.push({ path, status: (await fetch(`${api!.url}${path}`)).status, down });
    const load = startLoad(
      { port: api!.port, headers: { authorization: `Bearer ${pg.demo.admin.token}`, 'x-service-account': pg.demo.account } },
      { writers: settings.writers, readers: settings.readers, source: SOURCE },
    );
    const recoveries: number[] = [];
    try {
      await sleep(settings.loadMs);
      for (let restart = 0; restart < settings.restarts; restart++) {
        const giveBack = await pg.fault(fault);
        down = true;
        const downSince = Date.now();
        while (Date.now() - downSince < settings.downMs) {
          await Promise.all([probe('/readyz'), probe('/healthz')]);
          await sleep(250);
        }
        down = false;
        await giveBack();
        const back = Date.now();
        // Recovered: a write and a read both answered 2xx after PostgreSQL's return.
        while (Date.now() - back < 10_000 && !(['write', 'read'] as const).every((kind) => load.answers.some((a) => a.kind === kind && a.at > back && a.status < 300))) await sleep(20);
        recoveries.push(Date.now() - back);
        await sleep(settings.loadMs);
        await Promise.all([probe('/readyz'), probe('/healthz')]);
      }
    } finally {
      await load.stop();
    }

    const check = createDatabase({ url: pg.url, poolMax: 1 });
    const stored: Array<{ id: number; subject: string }> = await check('requests').where({ source: SOURCE }).select('id', 'subject');
    await check.destroy();
    const storedSubjects = new Set(stored.map(({ subject }) => subject));
    const count = (predicate: (a: Answer) => boolean) => load.answers.filter(predicate).length;
    const acknowledged = load.answers.filter((a) => a.kind === 'write' && (a.status === 201 || a.status === 200));
    const lost = acknowledged.filter((a) => !storedSubjects.has(a.key));
    const unavailable = load.answers.filter((a) => a.status === 503);
    const wrong = load.answers.filter((a) => a.status >= 300 && a.status !== 503);
    const badUnavailable = unavailable.filter((a) => !(Number(a.retryAfter) >= 1) || a.body !== JSON.stringify(UNAVAILABLE));
    const figures = {
      fault,
      clients: settings.writers + settings.readers,
      restarts: settings.restarts,
      downMs: settings.downMs,
      requests: load.answers.length + load.failures.length,
      writes: count((a) => a.kind === 'write'),
      reads: count((a) => a.kind === 'read'),
      ok: count((a) => a.status < 300),
      unavailable503: unavailable.length,
      otherStatuses: wrong.length,
      resetOrUnanswered: load.failures.length,
      acknowledgedWrites: acknowledged.length,
      storedAfter503: unavailable.filter((a) => a.kind === 'write' && storedSubjects.has(a.key)).length,
      writesLost: lost.length,
      recoveryMs: recoveries,
    };
    console.log(`PostgreSQL ${fault} under load: ${JSON.stringify(figures)}`);

    expect(load.failures).toEqual([]);
    expect(wrong.map(({ key, status, body }) => ({ key, status, body }))).toEqual([]);
    expect(badUnavailable).toEqual([]);
    // The outage was seen, and served around.
    expect(unavailable.length).toBeGreaterThan(0);
    expect(acknowledged.every((a) => a.status === 201)).toBe(true);
    expect(lost.map(({ key }) => key)).toEqual([]);
    for (const ms of recoveries) expect(ms).toBeLessThan(10_000);
    // The probes told the truth: 503 once the outage was found (the first may come before), 200 after.
    for (const path of ['/readyz', '/healthz'] as const) {
      const whileDown = probes.filter((p) => p.path === path && p.down).map((p) => p.status);
      expect(whileDown.slice(1).every((status) => status === 503)).toBe(true);
      expect(whileDown).toContain(503);
      expect(probes.filter((p) => p.path === path && !p.down).map((p) => p.status)).toEqual(Array(settings.restarts).fill(200));
    }
    // One error line per change of state, the outage's own: no line per call turned away, no unhandled error (a 500
    // that slipped through). A server out of connection slots may let a probe through and refuse the next connect,
    // so an outage may end and begin again: each change is one line, and every outage ends with its return.
    const logged = api!.output().slice(logFrom).split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as LoggedLine);
    const log = outageLog(logged, 'database unreachable: answering 503 until it is back');
    expect(log.otherErrors).toEqual([]);
    expect({ alternates: alternatesDownUp(log.changes), atLeastOnePerOutage: log.changes.length >= 2 * settings.restarts }).toEqual({ alternates: true, atLeastOnePerOutage: true });
  }, 120_000 + settings.restarts * (settings.downMs + settings.loadMs + 15_000));
});
