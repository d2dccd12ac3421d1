/**
 * Issue 22, as a new user meets it: on a fresh database and a started stack, the
 * administration command makes an account, its first administrator and a token; that
 * token creates a team, a person, a configuration item and a service instance over REST
 * and reads them over GraphQL; a webhook subscribed to `person.create` receives the new
 * person. No SQL anywhere: only `tessera`, REST, GraphQL and a receiver.
 */
import { createServer, type Server } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Agent, request } from 'undici';
import { createTestDatabase, type TestDatabase } from '@tessera/persistence/testing';
import { workspaceRoot } from './paths.js';
import { runTessera } from './testing/run-tessera.js';
import { startStack, type StartedStack } from './testing/started-stack.js';

interface Received {
  path: string;
  body: Record<string, unknown>;
}

describe('onboarding without SQL: tessera, then REST, GraphQL and a webhook', () => {
  let test: TestDatabase;
  let dataDir: string;
  let stack: StartedStack;
  let receiver: Server;
  /** The client's connections (the dev certificate trusted), closed after. */
  let client: Agent;
  const received: Received[] = [];

  beforeAll(async () => {
    test = await createTestDatabase();
    dataDir = await mkdtemp(path.join(tmpdir(), 'tessera-onboarding-'));
    stack = await startStack({ cwd: workspaceRoot, env: { DATABASE_URL: test.url, TESSERA_DATA_DIR: dataDir, LOG_LEVEL: 'warn' } });
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push({ path: req.url ?? '', body: JSON.parse(body) as Record<string, unknown> });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    client = new Agent({ connect: { ca: await readFile(path.join(dataDir, 'tls', 'localhost.crt')) } });
  }, 150_000);

  afterAll(async () => {
    await client?.close();
    await new Promise((resolve) => receiver?.close(resolve));
    await stack?.stop();
    await test?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('creates an account, its administrator and a token; the token writes every record, reads them over GraphQL, and person.create arrives', async () => {
    const env = { DATABASE_URL: test.url, TESSERA_DATA_DIR: dataDir };
    const tessera = async (...args: string[]) => {
      const run = await runTessera(args, env);
      // stderr says what was made; a failure shows it beside the arguments.
      expect({ args, code: run.code, stderr: run.stderr }).toEqual({ args, code: 0, stderr: expect.not.stringMatching(/error|refused/i) });
      return run.stdout.trim();
    };
    expect(await tessera('account', 'create', 'northwind', '--name', 'Northwind Traders')).toBe('northwind');
    const adminId = await tessera('person', 'create', '--account', 'northwind', '--name', 'Ada Admin', '--email', 'ada@northwind.example', '--admin');
    const token = await tessera('token', 'create', '--person', 'ada@northwind.example', '--expires-in', '30d');
    expect(adminId).toMatch(/^\d+$/);

    const headers = { authorization: `Bearer ${token}`, 'x-service-account': 'northwind', 'content-type': 'application/json' };
    const rest = async (method: 'GET' | 'POST', route: string, body?: unknown) => {
      const answer = await request(`http://localhost:${stack.ports.API_PORT}/v1${route}`, { method, headers, dispatcher: client, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: answer.statusCode, body: (await answer.body.json()) as Record<string, unknown> };
    };
    const created = async (route: string, body: unknown, status = 201) => {
      const answer = await rest('POST', route, body);
      expect({ route, status: answer.status, body: answer.body }).toEqual({ route, status, body: expect.objectContaining({ id: expect.any(Number) }) });
      return answer.body as { id: number; nodeID: string };
    };

    const me = await rest('GET', '/me');
    expect(me).toMatchObject({ status: 200, body: { id: Number(adminId), name: 'Ada Admin', roles: ['administrator'] } });

    // The Webhooks API answers a creation with 200 (REFERENCE.md), the records' APIs with 201.
    const hook = await created('/webhooks', { event: 'person.create', uri: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/people` }, 200);
    const team = await created('/teams', { name: 'Service Desk', manager_id: Number(adminId) });
    const person = await created('/people', { name: 'Grace Agent', primary_email: 'grace@northwind.example', roles: ['agent'], team_ids: [team.id] });
    const ci = await created('/cis', { name: 'Core switch 01', support_team_id: team.id });
    const instance = await created('/service_instances', { name: 'Network Production', first_line_team_id: team.id, configuration_item_ids: [ci.id] });

    const graphql = await request(`https://localhost:${stack.ports.GRAPHQL_PORT}/`, {
      method: 'POST',
      headers,
      dispatcher: client,
      body: JSON.stringify({
        query: `query($ids: [ID!]!) { nodes(ids: $ids) {
          ... on Team { name manager { name } members(first: 5) { nodes { name } } }
          ... on Person { name primaryEmail }
          ... on ConfigurationItem { name status supportTeam { name } }
          ... on ServiceInstance { name firstLineTeam { name } }
        } }`,
        variables: { ids: [team.nodeID, person.nodeID, ci.nodeID, instance.nodeID] },
      }),
    });
    const read = (await graphql.body.json()) as { data?: { nodes: unknown[] }; errors?: unknown };
    expect({ status: graphql.statusCode, errors: read.errors }).toEqual({ status: 200, errors: undefined });
    expect(read.data!.nodes).toEqual([
      { name: 'Service Desk', manager: { name: 'Ada Admin' }, members: { nodes: [{ name: 'Grace Agent' }] } },
      { name: 'Grace Agent', primaryEmail: 'grace@northwind.example' },
      { name: 'Core switch 01', status: 'in_production', supportTeam: { name: 'Service Desk' } },
      { name: 'Network Production', firstLineTeam: { name: 'Service Desk' } },
    ]);

    const began = Date.now();
    while (!received.some((r) => r.body['object_id'] === person.id) && Date.now() - began < 20_000) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toEqual([
      {
        path: '/people',
        body: expect.objectContaining({ webhook_id: hook.id, account_id: 'northwind', event: 'person.create', object_id: person.id, object_nodeID: person.nodeID }),
      },
    ]);
  }, 120_000);
});
