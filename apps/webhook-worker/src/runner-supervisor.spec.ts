import { pino } from 'pino';
import type { JobRunner } from '@tessera/persistence';
import { superviseJobRunner } from './runner-supervisor.js';

/**
 * The supervisor's promise under an outage, told apart from whether a real runner happens to stop
 * in one (an idle graphile-worker pool may ride a restart out: postgres-restart.spec.ts): one line
 * when a runner stops, one when a new one runs, however many starts fail between, and /healthz
 * failing from the stop until the new runner runs.
 */
function fakeRunner(processId: string): JobRunner & { fail(error: Error): void } {
  let fail: (error: Error) => void = () => undefined;
  const done = new Promise<void>((_resolve, reject) => (fail = reject));
  return {
    processId,
    done,
    fail: (error) => fail(error),
    identity: () => ({ processId, queueWorkerIds: [] }),
    lastHeartbeatAt: () => Date.now(),
    stop: async () => undefined,
  };
}

describe('superviseJobRunner', () => {
  it('logs a stop once and the return once, however many starts fail between, and its check fails meanwhile', async () => {
    const lines: Array<{ level: number; msg: string }> = [];
    const logger = pino({ level: 'debug' }, { write: (line: string) => void lines.push(JSON.parse(line) as { level: number; msg: string }) });
    const first = fakeRunner('first');
    const second = fakeRunner('second');
    let starts = 0;
    const released: Array<string | undefined> = [];
    const supervised = await superviseJobRunner({
      staleAfterMs: 60_000,
      logger,
      start: async (releaseFirst) => {
        starts += 1;
        if (starts === 1) return first;
        released.push(releaseFirst?.processId);
        if (starts < 5) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
        return second;
      },
    });
    await expect(supervised.check()).resolves.toBeUndefined();

    first.fail(new Error('Connection terminated unexpectedly'));
    await new Promise((resolve) => setImmediate(resolve));
    await expect(supervised.check()).rejects.toThrow('no job runner is running');

    const deadline = Date.now() + 15_000;
    while (starts < 5 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => setImmediate(resolve));
    await expect(supervised.check()).resolves.toBeUndefined();
    await supervised.stop();

    const said = (msg: string) => lines.filter((line) => line.msg === msg);
    expect(said('job runner stopped on its own; restarting it')).toHaveLength(1);
    expect(said('job runner running again')).toHaveLength(1);
    expect(said('job runner could not start yet')).toHaveLength(3);
    // Every replacement frees what the stopped runner still held before it claims a job.
    expect(released).toEqual(['first', 'first', 'first', 'first']);
  }, 20_000);
});
