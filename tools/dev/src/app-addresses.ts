/** The four apps, each under apps/<name>. */
export const APPS = ['api', 'auth', 'graphql', 'webhook-worker'] as const;
export type AppName = (typeof APPS)[number];

/** Default addresses of ARCHITECTURE.md "Running it"; each port can be moved by env. */
export interface AppAddress {
  app: AppName;
  port: number;
  healthUrl: string;
  publicUrl: string;
}

const port = (name: string, fallback: number, override?: string) => Number(override ?? process.env[name] ?? fallback);

/** `only.PORT` (`nx serve <app>`: one app, so the plain variable of the configuration table) moves every app's port. */
export function appAddresses(only: { PORT?: string | undefined } = {}): AppAddress[] {
  const api = port('API_PORT', 3000, only.PORT);
  const auth = port('AUTH_PORT', 3001, only.PORT);
  const graphql = port('GRAPHQL_PORT', 3002, only.PORT);
  const worker = port('WORKER_PORT', 3003, only.PORT);
  return [
    { app: 'api', port: api, healthUrl: `http://localhost:${api}/healthz`, publicUrl: `http://localhost:${api}/v1` },
    { app: 'auth', port: auth, healthUrl: `http://localhost:${auth}/healthz`, publicUrl: `http://localhost:${auth}` },
    { app: 'graphql', port: graphql, healthUrl: `https://localhost:${graphql}/healthz`, publicUrl: `https://localhost:${graphql}/` },
    { app: 'webhook-worker', port: worker, healthUrl: `http://localhost:${worker}/healthz`, publicUrl: `http://localhost:${worker}` },
  ];
}
