/** The two kinds of server the benchmarks start: the real api, and the bare Express baseline. */
import { findFreePort } from '@tessera/persistence';
import type { Entries } from './runtime.js';
import { startServer, type ServerProcess } from './server-process.js';

export interface ApiLaunch {
  entries: Entries;
  databaseUrl: string;
  logLevel: string;
  /** Write a .cpuprofile of this api process into `dir` under `name`. */
  cpuProfile: { dir: string; name: string } | null;
}

export async function startApi(launch: ApiLaunch): Promise<ServerProcess> {
  const port = await findFreePort();
  const profile = launch.cpuProfile ? ['--cpu-prof', `--cpu-prof-dir=${launch.cpuProfile.dir}`, `--cpu-prof-name=${launch.cpuProfile.name}`] : [];
  return startServer({
    name: 'api',
    args: [...profile, ...launch.entries.api],
    env: {
      ...process.env,
      ...launch.entries.env,
      DATABASE_URL: launch.databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: launch.logLevel,
      // The rate-limit windows are consumed on every call as usual, only never exhausted.
      RATE_LIMIT_PER_HOUR: '100000000',
      RATE_LIMIT_PER_2_SECONDS: '100000000',
      // The api's own default pool (DATABASE_POOL_MAX=20) unless BENCH_API_POOL_MAX says otherwise.
      DATABASE_POOL_MAX: process.env['BENCH_API_POOL_MAX'] ?? '20',
    },
    origin: `http://127.0.0.1:${port}`,
    readyPath: '/healthz',
  });
}

export async function startBareExpress(entries: Entries, body: string): Promise<ServerProcess> {
  const port = await findFreePort();
  return startServer({
    name: 'bare Express server',
    args: entries.bareExpress,
    env: { ...process.env, ...entries.env, PORT: String(port), HOST: '127.0.0.1', BENCH_ME_BODY: body },
    origin: `http://127.0.0.1:${port}`,
    readyPath: '/healthz',
  });
}
