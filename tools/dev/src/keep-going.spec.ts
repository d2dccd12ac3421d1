import { httpStatus } from './testing/http-status.js';
import { launcherRun } from './testing/launcher-run.js';
import { processAlive } from './testing/process-alive.js';

describe('npm start -- --keep-going: kill -9 one app, it comes back, the others never stop', () => {
  const run = launcherRun('tessera-keep-going-');

  const waitFor = async (text: RegExp, from: number, timeoutMs: number) => {
    const began = Date.now();
    while (!text.test(run.output.slice(from)) && run.child.exitCode === null && Date.now() - began < timeoutMs) await new Promise((resolve) => setTimeout(resolve, 200));
    return text.exec(run.output.slice(from));
  };

  it('starts the killed worker again, logs it, and the api answers all along', async () => {
    const child = run.start(['--keep-going']);
    const banner = await waitFor(/Keep going: .*\(pids: api (\d+), auth (\d+), graphql (\d+), webhook-worker (\d+)\)/, 0, 90_000);
    expect(banner).not.toBeNull();
    const [api, auth, graphql, worker] = banner!.slice(1).map(Number) as [number, number, number, number];
    expect(await httpStatus(`http://127.0.0.1:${run.ports['WORKER_PORT']}/healthz`)).toBe(200);

    // The api is asked all along: not one call may fail while the worker is down and back.
    const apiStatuses: number[] = [];
    let polling = true;
    const poller = (async () => {
      while (polling) {
        apiStatuses.push(await httpStatus(`http://127.0.0.1:${run.ports['API_PORT']}/healthz`));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();

    const killedAt = run.output.length;
    process.kill(worker, 'SIGKILL');
    expect(await waitFor(/webhook-worker stopped unexpectedly \(SIGKILL\); starting it again in 1 s/, killedAt, 10_000)).not.toBeNull();
    const back = await waitFor(/webhook-worker is back \(pid (\d+)\)/, killedAt, 90_000);
    expect(back).not.toBeNull();
    const newWorker = Number(back![1]);
    expect(newWorker).not.toBe(worker);
    expect(processAlive(newWorker)).toBe(true);
    expect(await httpStatus(`http://127.0.0.1:${run.ports['WORKER_PORT']}/healthz`)).toBe(200);
    polling = false;
    await poller;

    expect(child.exitCode).toBeNull();
    expect([api, auth, graphql].map(processAlive)).toEqual([true, true, true]);
    expect(apiStatuses.length).toBeGreaterThan(5);
    expect(apiStatuses.filter((code) => code !== 200)).toEqual([]);
    expect(run.output.slice(killedAt)).not.toContain('Stopping Tessera');

    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect([api, auth, graphql, newWorker].map(processAlive)).toEqual([false, false, false, false]);
  });
});
