/** Default addresses of ARCHITECTURE.md "Running it"; each port can be moved by env. */
export interface AppAddress {
  app: 'api' | 'auth' | 'graphql' | 'webhook-worker';
  port: number;
  healthUrl: string;
  publicUrl: string;
}

const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

export function appAddresses(): AppAddress[] {
  const api = port('API_PORT', 3000);
  const auth = port('AUTH_PORT', 3001);
  const graphql = port('GRAPHQL_PORT', 3002);
  const worker = port('WORKER_PORT', 3003);
  return [
    { app: 'api', port: api, healthUrl: `http://localhost:${api}/healthz`, publicUrl: `http://localhost:${api}/v1` },
    { app: 'auth', port: auth, healthUrl: `http://localhost:${auth}/healthz`, publicUrl: `http://localhost:${auth}` },
    { app: 'graphql', port: graphql, healthUrl: `https://localhost:${graphql}/healthz`, publicUrl: `https://localhost:${graphql}/` },
    { app: 'webhook-worker', port: worker, healthUrl: `http://localhost:${worker}/healthz`, publicUrl: `http://localhost:${worker}` },
  ];
}
