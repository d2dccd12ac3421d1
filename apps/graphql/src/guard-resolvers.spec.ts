import { ApolloServer } from '@apollo/server';
import { pino } from 'pino';
import { tokenScopes, trustedAccountId, unauthorized, type AccessContext } from '@tessera/domain';
import type { FieldNeedsMap } from './field-needs.js';
import { formatGraphqlError } from './format-error.js';
import { guardResolvers } from './guard-resolvers.js';

type Caller = Pick<AccessContext, 'scopes' | 'account' | 'roles'>;
interface TestContext {
  caller: Caller | null;
}

const typeDefs = /* GraphQL */ `
  type Team {
    name: String!
  }
  type Request {
    subject: String!
    team: Team
  }
  type Query {
    request: Request
    version: String!
  }
`;

const needs: FieldNeedsMap = {
  'Query.request': { action: 'request:Read' },
  'Query.version': { public: 'names no record of any account' },
  'Request.subject': { parent: 'part of the request' },
  'Request.team': { action: 'team:Read' },
  'Team.name': { parent: 'part of the team' },
};

const resolved: string[] = [];
const resolvers = {
  Query: {
    request: () => {
      resolved.push('request');
      // `team` has no resolver of its own: the default one reads it, behind the guard.
      return { subject: 'Disk full', team: { name: 'Operations' } };
    },
    version: () => '1',
  },
};

const callerOf = (context: TestContext): Caller => {
  if (!context.caller) throw unauthorized('no caller');
  return context.caller;
};

async function start() {
  const server = new ApolloServer<TestContext>({
    typeDefs,
    resolvers: guardResolvers<TestContext>({ typeDefs, resolvers, needs, callerOf }),
    formatError: formatGraphqlError(pino({ level: 'silent' })),
  });
  await server.start();
  const run = async (query: string, scopes: string[] | null, roles: Caller['roles'] = ['agent']) => {
    const caller = scopes && { scopes: tokenScopes(scopes), account: { id: trustedAccountId('wdc'), name: 'WDC', directoryAccountId: null }, roles };
    const response = await server.executeOperation({ query }, { contextValue: { caller } });
    if (response.body.kind !== 'single') throw new Error('expected a single result');
    return response.body.singleResult;
  };
  return { server, run };
}

describe('guardResolvers — each field checks its declared action before it runs', () => {
  let g: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    g = await start();
  });
  beforeEach(() => {
    resolved.length = 0;
  });
  afterAll(() => g.server.stop());

  it('runs the resolver of a field whose action the scopes allow', async () => {
    expect(await g.run('{ request { subject team { name } } }', ['request:Read', 'team:Read'])).toEqual({
      data: { request: { subject: 'Disk full', team: { name: 'Operations' } } },
    });
  });

  it('refuses a field whose action nothing allows with FORBIDDEN naming it, without running its resolver', async () => {
    const result = await g.run('{ request { subject } version }', ['team:Read']);
    expect(result.data).toEqual({ request: null, version: '1' });
    expect(result.errors).toEqual([
      { message: "This token's scopes do not allow request:Read", locations: [{ line: 1, column: 3 }], path: ['request'], extensions: { code: 'FORBIDDEN' } },
    ]);
    expect(resolved).toEqual([]);
  });

  it('refuses a nested field served by the default resolver, and only that field', async () => {
    const result = await g.run('{ request { subject team { name } } }', ['request:Read']);
    expect(result.data).toEqual({ request: { subject: 'Disk full', team: null } });
    expect(result.errors?.map((error) => [error.path, error.message])).toEqual([[['request', 'team'], "This token's scopes do not allow team:Read"]]);
  });

  it('says a deny scope refused the field when one applies over an allow', async () => {
    const result = await g.run('{ request { subject } }', ['*:*', 'deny request:Read']);
    expect(result.errors?.[0]).toMatchObject({ message: "This token's scopes deny request:Read", extensions: { code: 'FORBIDDEN' } });
  });

  it('evaluates conditions against the call: its account and the caller roles', async () => {
    expect((await g.run('{ request { subject } }', ['allow request:Read if account = widget'])).errors?.[0]?.extensions?.['code']).toBe('FORBIDDEN');
    expect((await g.run('{ request { subject } }', ['allow request:Read if role = administrator'])).errors?.[0]?.extensions?.['code']).toBe('FORBIDDEN');
    expect((await g.run('{ request { subject } }', ['allow request:Read if account = wdc and role = administrator'], ['administrator'])).data).toEqual({
      request: { subject: 'Disk full' },
    });
  });

  it('lets a public field through without asking who calls', async () => {
    expect(await g.run('{ version }', null)).toEqual({ data: { version: '1' } });
  });

  it('refuses to build when a field declares nothing', () => {
    const { 'Request.team': _dropped, ...rest } = needs;
    expect(() => guardResolvers<TestContext>({ typeDefs, resolvers, needs: rest, callerOf })).toThrow(
      'The GraphQL schema does not say what its fields need:\n  - Request.team declares nothing it needs',
    );
  });
});
