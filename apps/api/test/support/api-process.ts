/**
 * apps/api as `npm start` runs it: its main.ts in a process of its own (apps
 * never import apps), on a test database. Resolves once it listens and its
 * access cache hears changes (its log says both).
 */
import { findFreePort } from '@tessera/persistence';
import { startAppProcess, type AppProcess } from '@tessera/http/testing';

export interface ApiProcess extends AppProcess {
  port: number;
  url: string;
}

export async function startApiProcess(databaseUrl: string, env: Record<string, string> = {}): Promise<ApiProcess> {
  const port = await findFreePort();
  const api = await startAppProcess({
    app: 'api',
    env: {
      DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info',
      RATE_LIMIT_PER_HOUR: '1000000', RATE_LIMIT_PER_2_SECONDS: '1000000', ...env,
    },
    readyWhen: ['"access changes: listening"', '"listening"'],
  });
  return { ...api, port, url: `http://127.0.0.1:${port}` };
}
