/**
 * Issue 30 item 3: SIGTERM while delivery outcomes cannot be recorded (the
 * database stopped after the sends went out). The worker used to wait 15 s for
 * them against a SHUTDOWN_GRACE_MS of 10 s and then log "shut down cleanly",
 * cut 0. It ends within its grace and says which outcomes were left unrecorded.
 */
import { findFreePort } from '@tessera/persistence';
import { startOwnPostgres, type OwnPostgres } from './support/own-postgres.js';
import { waitFor } from './support/wait-for.js';
import { submitTestEvent } from './support/webhook-fixtures.js';
import { spawnWorkerProcess, type WorkerProcess } from './support/worker-process.js';

const GRACE_MS = 3_000;

describe('SIGTERM while delivery outcomes cannot be recorded', () => {
  let pg: OwnPostgres;
  let worker: WorkerProcess | undefined;

  beforeAll(async () => {
    pg = await startOwnPostgres('tessera_shutdown_unrecorded');
  }, 60_000);
  afterAll(async () => {
    await worker?.kill();
    await pg?.close();
  });

  it('exits within its grace and names the outcomes it left unrecorded', async () => {
    const { test, access, sink, webhookId } = pg;
    const httpPort = await findFreePort();
    worker = spawnWorkerProcess({
      DATABASE_URL: test.url, HOST: '127.0.0.1', PORT: String(httpPort), LOG_LEVEL: 'info', SMTP_URL: '', SHUTDOWN_GRACE_MS: String(GRACE_MS),
      WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8,::1/128',
    });
    await waitFor('the worker to be healthy', async () => (await fetch(`http://127.0.0.1:${httpPort}/healthz`).catch(() => undefined))?.status === 200, 20_000);

    let answer = () => undefined as void;
    sink.respond({ status: 200, until: new Promise<void>((resolve) => (answer = resolve)) });
    for (let i = 0; i < 3; i++) await submitTestEvent(test, access, { subject: `Held ${i}` });
    await waitFor('three sends held at the receiver', async () => sink.requests.filter((r) => r.path === `/hook/${webhookId}`).length >= 3, 15_000);
    const held = sink.requests.filter((r) => r.path === `/hook/${webhookId}`).map((r) => r.headers['webhook-id'] as string);

    await pg.stop();
    answer();
    // The answers are in; their outcomes wait for a database that is away.
    await waitFor('the recorder to fail', async () => worker!.output().includes('cannot record delivery outcomes; retrying'), 10_000);

    const signalledAt = Date.now();
    worker.child.kill('SIGTERM');
    const ended = await worker.exited;
    const tookMs = Date.now() - signalledAt;

    // In the order they were logged: the lanes' loggers and the process's reach stdout through buffers of their own, and at
    // exit a line logged earlier can be written after a later one (stable sort: lines of one millisecond keep their order).
    const lines = worker.output().split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>)
      .sort((a, b) => Number(a['time']) - Number(b['time']));
    expect(ended).toBe(0);
    // Within the grace, with room for a loaded machine: it used to take the dispatcher's own 15 s.
    expect(tookMs).toBeLessThan(GRACE_MS + 3_000);
    expect(lines.filter((line) => line['msg'] === 'shut down cleanly')).toEqual([]);
    const left = lines.find((line) => line['msg'] === 'delivery outcomes left unrecorded at shutdown; their leases expire and they are sent again');
    expect(left).toMatchObject({ level: 40, unrecorded: held.length });
    expect([...(left!['deliveryIds'] as string[])].sort()).toEqual([...held].sort());
    const last = lines.at(-1)!;
    expect(last).toMatchObject({ level: 40, msg: 'shutdown grace ran out: work still in flight was cut', cut: 0, unfinished: { unrecordedOutcomes: held.length } });
  }, 90_000);
});
