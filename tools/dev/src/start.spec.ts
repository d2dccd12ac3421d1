import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { httpStatus } from './testing/http-status.js';
import { launcherRun } from './testing/launcher-run.js';

describe('npm start — every app up, then Ctrl-C stops everything', () => {
  const run = launcherRun('tessera-start-');

  it('serves /healthz of all four apps and /v1/me for the seeded admin, and exits 0 on SIGINT', async () => {
    const credentialsFile = path.join(run.dir, 'demo-credentials.json');
    const child = run.start([], { DEMO_CREDENTIALS_FILE: credentialsFile });
    const began = Date.now();
    while (!run.output.includes('Tessera is up') && child.exitCode === null && Date.now() - began < 90_000) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(run.output).toContain('Tessera is up');
    expect(run.output).toContain(credentialsFile);
    expect(run.output).toContain('Webhooks: demo mode lets deliveries reach 127.0.0.0/8,::1/128');

    const credentials = JSON.parse(await readFile(credentialsFile, 'utf8'));
    expect(await httpStatus(`http://127.0.0.1:${run.ports['API_PORT']}/healthz`)).toBe(200);
    expect(await httpStatus(`http://127.0.0.1:${run.ports['AUTH_PORT']}/healthz`)).toBe(200);
    expect(await httpStatus(`http://127.0.0.1:${run.ports['WORKER_PORT']}/healthz`)).toBe(200);
    expect(await httpStatus(`http://127.0.0.1:${run.ports['API_PORT']}/v1/me`, { authorization: `Bearer ${credentials.admin.token}`, 'x-service-account': credentials.account })).toBe(200);
    // GraphQL speaks HTTPS only: plain HTTP gets the 400 that says so.
    expect(await httpStatus(`http://127.0.0.1:${run.ports['GRAPHQL_PORT']}/healthz`)).toBe(400);

    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGINT');
    expect({ code: await exited, output: run.output.slice(-600) }).toEqual({ code: 0, output: expect.stringContaining('Stopped.') });
    expect(run.output).toContain('Stopped.');
    for (const port of Object.values(run.ports)) expect(await httpStatus(`http://127.0.0.1:${port}/healthz`)).toBe(0);
  });
});
