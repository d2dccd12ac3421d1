/**
 * The OAuth benchmark's server, a child process (oauth.bench.ts): the auth
 * app's own oidc-provider configuration (createOAuthProvider) on a loopback
 * port, with the artifact store OAUTH_BENCH_STORE names:
 * - `postgres`: the store the auth app runs with (createOAuthAdapter);
 * - `memory`: oidc-provider's in-memory adapter, in a store large enough that
 *   nothing of the run is evicted (its default keeps 1000 entries).
 * Everything else is the same: clients from oauth_applications, the checks the
 * auth app's adapter adds, one PostgreSQL database.
 *
 * It mints authorization codes on request through the provider's own models
 * (one Grant and one AuthorizationCode each, as after a consent), so the
 * measured calls are the code → token exchanges alone.
 *
 * The provider module is loaded by path at run time: the bench (scope:tools)
 * does not import an app's code, it runs it, as it runs the api's main.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createLogger } from '@tessera/http';
import { createDatabase } from '@tessera/persistence';
import { workspaceRoot } from './runtime.js';

export type OAuthBenchStore = 'postgres' | 'memory';

export interface MintRequest {
  count: number;
  accountId: string;
  clientId: string;
  redirectUri: string;
  scope: string;
}

/* The few members of oidc-provider this process uses (it has no compile-time view of the app's module). */
interface ProviderModels {
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  Client: { find(id: string): Promise<unknown> };
  Grant: new (input: { accountId: string; clientId: string }) => { addOIDCScope(scope: string): void; save(): Promise<string> };
  AuthorizationCode: new (input: Record<string, unknown>) => { save(): Promise<string> };
}
type CreateOAuthProvider = (config: { issuer: string; cookieKeys: string[] }, dependencies: Record<string, unknown>) => ProviderModels;
type CreateAuthServices = (db: unknown, options: { store?: unknown }) => unknown;

const PROVIDER_MODULE = 'apps/auth/src/provider/create-oauth-provider.ts';
/** The auth app's composition root, which builds the provider's adapter on the chosen store. */
const SERVICES_MODULE = 'apps/auth/src/services.ts';

async function memoryStore(): Promise<new (model: string) => unknown> {
  const load = (file: string) => import(file) as Promise<{ default: new (...args: unknown[]) => unknown }>;
  const { default: MemoryAdapter } = await load('oidc-provider/lib/adapters/memory_adapter.js');
  const { default: LRU } = await load('oidc-provider/lib/helpers/lru.js');
  const store = new LRU({ maxSize: 10_000_000 });
  return class BenchMemoryAdapter extends (MemoryAdapter as new (model: string, store: unknown) => object) {
    constructor(model: string) {
      super(model, store);
    }
  };
}

async function main(): Promise<void> {
  const storeName = process.env['OAUTH_BENCH_STORE'] as OAuthBenchStore;
  const db = createDatabase({ url: process.env['DATABASE_URL']!, poolMax: Number(process.env['OAUTH_BENCH_POOL_MAX'] ?? 10) });
  const logger = createLogger({ name: 'auth-bench', level: process.env['LOG_LEVEL'] ?? 'warn' });
  const { createOAuthProvider } = (await import(pathToFileURL(path.join(workspaceRoot, PROVIDER_MODULE)).href)) as { createOAuthProvider: CreateOAuthProvider };
  const { createAuthServices } = (await import(pathToFileURL(path.join(workspaceRoot, SERVICES_MODULE)).href)) as { createAuthServices: CreateAuthServices };

  // Listening first: the issuer names the port.
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const store = storeName === 'memory' ? await memoryStore() : undefined;
  const services = createAuthServices(db, store ? { store } : {});
  const provider = createOAuthProvider({ issuer, cookieKeys: ['bench-cookie-key-bench-cookie-key'] }, { services, logger });
  server.on('request', provider.callback());

  async function mint({ count, accountId, clientId, redirectUri, scope }: MintRequest): Promise<string[]> {
    const client = await provider.Client.find(clientId);
    if (!client) throw new Error(`no enabled OAuth application ${clientId}`);
    const codes: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const grant = new provider.Grant({ accountId, clientId });
      grant.addOIDCScope(scope);
      const grantId = await grant.save();
      codes.push(await new provider.AuthorizationCode({ accountId, client, grantId, scope, redirectUri }).save());
    }
    return codes;
  }

  process.on('message', (message: { id: number; op: 'mint' | 'close' } & Partial<MintRequest>) => {
    const reply = (result: unknown, error?: string) => process.send!({ id: message.id, result, error });
    if (message.op === 'mint') {
      mint(message as MintRequest).then((codes) => reply(codes), (error: unknown) => reply(null, error instanceof Error ? error.stack : String(error)));
    } else {
      server.close();
      server.closeAllConnections();
      void db.destroy().then(() => {
        reply(null);
        process.disconnect();
      });
    }
  });
  process.send!({ ready: issuer });
}

main().catch((error: unknown) => {
  process.stderr.write(`oauth bench server failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
