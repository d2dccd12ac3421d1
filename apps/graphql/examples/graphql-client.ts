/**
 * Calling the Tessera GraphQL API from Node with graphql-request (README "GraphQL").
 *
 *   TESSERA_GRAPHQL_URL=https://localhost:3002/ TESSERA_TOKEN=tsr_pat_… TESSERA_ACCOUNT=wdc \
 *     node --import tsx apps/graphql/examples/graphql-client.ts
 *
 * Every call carries the token as `Authorization: Bearer` and the account as `X-Service-Account`.
 * A development server without TLS files answers with a self-signed certificate made at boot: the
 * example accepts it for a loopback address only (localhost, 127.0.0.1, ::1), and verifies the
 * certificate of every other host as usual.
 */
import { pathToFileURL } from 'node:url';
import { ClientError, GraphQLClient, gql } from 'graphql-request';
import { Agent, fetch as undiciFetch } from 'undici';

export interface ClientSettings {
  url: string;
  token: string;
  account: string;
}

export interface Me {
  id: string;
  name: string;
}

export interface ExampleResult {
  me: Me;
  /** The same person through a query with variables, with its email only when asked for. */
  withEmail: Me & { primaryEmail?: string };
  withoutEmail: Me & { primaryEmail?: string };
  /** X-CostLimit-Remaining of the answer: the cost points left this hour (SPEC.md Limits). */
  costRemaining: string | null;
  /** Every request of the account, page by page (variables `first` and `after`). */
  requests: Array<{ id: string; subject: string }>;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export function settingsFromEnvironment(env: NodeJS.ProcessEnv = process.env): ClientSettings {
  const missing = ['TESSERA_GRAPHQL_URL', 'TESSERA_TOKEN', 'TESSERA_ACCOUNT'].filter((name) => !env[name]);
  if (missing.length > 0) throw new Error(`set ${missing.join(', ')}`);
  return { url: env['TESSERA_GRAPHQL_URL']!, token: env['TESSERA_TOKEN']!, account: env['TESSERA_ACCOUNT']! };
}

/** The self-signed development certificate is accepted for loopback only; any other host is verified. */
function fetchFor(url: URL): typeof fetch | undefined {
  if (!LOOPBACK_HOSTS.has(url.hostname)) return undefined;
  const loopback = new Agent({ connect: { rejectUnauthorized: false } });
  return ((input: Parameters<typeof undiciFetch>[0], init?: Parameters<typeof undiciFetch>[1]) =>
    undiciFetch(input, { ...init, dispatcher: loopback })) as unknown as typeof fetch;
}

export function createTesseraClient({ url, token, account }: ClientSettings): GraphQLClient {
  const endpoint = new URL(url);
  if (endpoint.protocol !== 'https:') throw new Error('the GraphQL API answers over HTTPS only');
  const loopbackFetch = fetchFor(endpoint);
  return new GraphQLClient(endpoint.href, {
    headers: { authorization: `Bearer ${token}`, 'x-service-account': account },
    ...(loopbackFetch ? { fetch: loopbackFetch } : {}),
  });
}

const ME = gql`
  {
    me {
      id
      name
    }
  }
`;

const ME_WITH_EMAIL = gql`
  query MeWithEmail($withEmail: Boolean!) {
    me {
      id
      name
      primaryEmail @include(if: $withEmail)
    }
  }
`;

const REQUESTS_PAGE = gql`
  query RequestsPage($first: Int!, $after: String) {
    requests(first: $first, after: $after) {
      nodes {
        id
        subject
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`;

interface RequestsPage {
  requests: { nodes: Array<{ id: string; subject: string }>; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
}

/** Follows `endCursor` until `hasNextPage` is false; `first` is required on every connection (1..100). */
export async function allRequests(client: GraphQLClient, pageSize = 100): Promise<ExampleResult['requests']> {
  const all: ExampleResult['requests'] = [];
  let after: string | null = null;
  for (;;) {
    const page: RequestsPage = await client.request<RequestsPage, { first: number; after: string | null }>(REQUESTS_PAGE, { first: pageSize, after });
    all.push(...page.requests.nodes);
    if (!page.requests.pageInfo.hasNextPage) return all;
    after = page.requests.pageInfo.endCursor;
  }
}

export async function runExample(settings: ClientSettings, pageSize = 100): Promise<ExampleResult> {
  const client = createTesseraClient(settings);
  const { me } = await client.request<{ me: Me }>(ME);
  const withEmail = await client.request<{ me: ExampleResult['withEmail'] }, { withEmail: boolean }>(ME_WITH_EMAIL, { withEmail: true });
  // rawRequest also gives the answer's headers, here the cost quota left.
  const raw = await client.rawRequest<{ me: ExampleResult['withoutEmail'] }, { withEmail: boolean }>(ME_WITH_EMAIL, { withEmail: false });
  const requests = await allRequests(client, pageSize);
  return { me, withEmail: withEmail.me, withoutEmail: raw.data.me, costRemaining: raw.headers.get('x-costlimit-remaining'), requests };
}

async function main(): Promise<void> {
  try {
    const result = await runExample(settingsFromEnvironment());
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } catch (error) {
    // A GraphQL error (bad token, refused scope, a limit) arrives as a ClientError with the answer's errors.
    const message = error instanceof ClientError ? JSON.stringify(error.response.errors ?? error.response, null, 2) : String(error);
    process.stderr.write(`${message}\n`);
    process.exitCode = 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
