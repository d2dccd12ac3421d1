/**
 * apps/graphql as it is deployed: its main.ts in a process of its own (apps never import apps),
 * with NODE_ENV=production unless told otherwise, on a test database, serving HTTPS on a
 * self-signed certificate. Resolves once it listens.
 */
import { findFreePort } from '@tessera/persistence';
import { startAppProcess, type AppProcess } from '@tessera/http/testing';

export interface GraphqlProcess extends AppProcess {
  port: number;
}

export async function startGraphqlProcess(databaseUrl: string, env: Record<string, string> = {}): Promise<GraphqlProcess> {
  const port = await findFreePort();
  const graphql = await startAppProcess({
    app: 'graphql',
    env: {
      NODE_ENV: 'production', DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info',
      GRAPHQL_RATE_LIMIT_PER_HOUR: '1000000', GRAPHQL_RATE_LIMIT_PER_2_SECONDS: '1000000', GRAPHQL_COST_POINTS_PER_HOUR: '1000000',
      GRAPHQL_MAX_CALLS_IN_FLIGHT: '1000', ...env,
    },
    readyWhen: ['"listening"'],
  });
  return { ...graphql, port };
}
