import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { createLogger, listen, type Listening } from '@tessera/http';
import { seedDemoData, type DemoSeedResult } from '@tessera/persistence';
import { createTestDatabase, personalAccessTokenWith, type TestDatabase } from '@tessera/persistence/testing';
import { createGraphqlApp, type GraphqlDependencies } from '../../src/app.js';
import { DEFAULT_GRAPHQL_LIMITS, type GraphqlLimits } from '../../src/limits/graphql-limits.js';
import { loadTls } from '../../src/tls.js';

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** The body as JSON, loosely typed like supertest's `res.body`: tests read whatever shape they expect. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json(): any;
}

export interface GraphqlHarness {
  test: TestDatabase;
  demo: DemoSeedResult;
  /** The listener's base URL (https://127.0.0.1:<port>), for clients other than `call`: a browser, graphql-request. */
  url: string;
  /** A real HTTPS call to the listening app; the self-signed certificate is accepted. */
  call(path: string, options?: { method?: string; headers?: Record<string, string>; body?: string }): Promise<Reply>;
  /** POST `{query}` with a token and the demo account header. */
  post(token: string, query: string): Promise<Reply>;
  /** The `data` of `query` run as the demo administrator, loosely typed as `json()`; throws on any answer but 200 without errors. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data(query: string, variables?: Record<string, unknown>): Promise<any>;
  /** A personal access token for a seeded person with these scopes. */
  tokenWith(scopes: string[], email?: string): Promise<string>;
  stop(): Promise<void>;
}

/** The limits of SPEC.md, for the tests of the limits themselves. */
export const SPEC_GRAPHQL_LIMITS: GraphqlLimits = DEFAULT_GRAPHQL_LIMITS;

/**
 * The harness default: the validation limits of SPEC.md, quotas no test run reaches, so that
 * tests calling many times in a row are not refused. Quota tests pass their own.
 */
export const GENEROUS_GRAPHQL_LIMITS: GraphqlLimits = {
  ...DEFAULT_GRAPHQL_LIMITS,
  requestWindows: [
    { points: 1_000_000, durationSeconds: 3600 },
    { points: 1_000_000, durationSeconds: 2 },
  ],
  costPoints: 100_000_000,
  maxCallsInFlight: 1_000,
};

export interface GraphqlHarnessOptions {
  /** Default GENEROUS_GRAPHQL_LIMITS. */
  limits?: GraphqlLimits;
  /** Passed to createGraphqlApp as they are (quotaCounter, transport, tls...). */
  app?: Omit<GraphqlDependencies, 'db' | 'logger' | 'limits'>;
}

/** One HTTP(S) call to 127.0.0.1:`port`; a self-signed certificate is accepted. */
export function callListener(port: number, secure: boolean): GraphqlHarness['call'] {
  return (path, options = {}) =>
    new Promise((resolve, reject) => {
      const request = secure ? httpsRequest : httpRequest;
      const req = request(
        { host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: options.headers, rejectUnauthorized: false },
        (res) => {
          let body = '';
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body, json: () => JSON.parse(body) }));
        },
      );
      req.on('error', reject);
      req.end(options.body);
    });
}

/**
 * The GraphQL app on its HTTPS-only listener (plain HTTP with `app.tls: 'proxy'`, as main.ts
 * serves it), on a fresh seeded database. NODE_ENV is unset while Apollo is built, as under
 * `npm start`, because Apollo picks several defaults (stack traces in errors, the landing page) from it.
 */
export async function startGraphqlHarness(options: GraphqlHarnessOptions = {}): Promise<GraphqlHarness> {
  const test = await createTestDatabase();
  const demo = await seedDemoData(test.db);
  const nodeEnv = process.env['NODE_ENV'];
  delete process.env['NODE_ENV'];
  const graphql = await createGraphqlApp({
    db: test.db,
    logger: createLogger({ name: 'graphql', level: 'silent' }),
    limits: options.limits ?? GENEROUS_GRAPHQL_LIMITS,
    ...options.app,
  }).finally(() => {
    process.env['NODE_ENV'] = nodeEnv;
  });
  const secure = options.app?.tls !== 'proxy';
  const server: Listening = await listen(graphql.app, { port: 0, host: '127.0.0.1', ...(secure ? { tls: await loadTls(null) } : {}) });
  const call = callListener(server.port, secure);
  return {
    test,
    demo,
    url: `${secure ? 'https' : 'http'}://127.0.0.1:${server.port}`,
    call,
    post: (token, query) =>
      call('/', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-service-account': demo.account },
        body: JSON.stringify({ query }),
      }),
    data: async (query, variables = {}) => {
      const reply = await call('/', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${demo.admin.token}`, 'x-service-account': demo.account },
        body: JSON.stringify({ query, variables }),
      });
      const body = await reply.json();
      if (reply.status !== 200 || body.errors) throw new Error(`${reply.status} ${JSON.stringify(body.errors ?? body)} for ${query}`);
      return body.data;
    },
    tokenWith: (scopes, email = demo.admin.email) => personalAccessTokenWith(test.db, email, scopes),
    stop: async () => {
      await server.close();
      await graphql.stop();
      await test.drop();
    },
  };
}
