import { ApolloServer } from '@apollo/server';
import { GraphQLError } from 'graphql';
import { pino } from 'pino';
import { forbidden, notFound, validationFailed } from '@tessera/domain';
import { formatGraphqlError } from './format-error.js';

const typeDefs = /* GraphQL */ `
  type Query {
    plainError: String
    databaseDown: String
    thrownString: String
    forbidden: String
    notFound: String
    invalid: String
    onPurpose: String
    fine: String
  }
`;

const resolvers = {
  Query: {
    plainError: () => {
      throw new Error('ECONNREFUSED 10.0.0.7:5432 at /srv/tessera/libs/persistence/src/database.ts:12');
    },
    databaseDown: async () => {
      throw Object.assign(new Error('relation "people" does not exist'), { code: '42P01' });
    },
    thrownString: () => {
      throw 'a string, not an Error';
    },
    forbidden: () => {
      throw forbidden("This token's scopes do not allow request:Read");
    },
    notFound: () => {
      throw notFound('Request 9 of account acme');
    },
    invalid: () => {
      throw validationFailed([['subject', "Subject can't be blank"]]);
    },
    onPurpose: () => {
      throw new GraphQLError('Individual calls cannot request more than 500,000 total nodes.', { extensions: { code: 'MAX_NODE_LIMIT_EXCEEDED' } });
    },
    fine: () => 'ok',
  },
};

/** Apollo with a test-only schema and the app's formatError; stack traces switched on to show formatError drops them anyway. */
async function start() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  const server = new ApolloServer({ typeDefs, resolvers, formatError: formatGraphqlError(logger), includeStacktraceInErrorResponses: true });
  await server.start();
  const run = async (query: string) => {
    const response = await server.executeOperation({ query });
    if (response.body.kind !== 'single') throw new Error('expected a single result');
    return { status: response.http.status, result: response.body.singleResult, text: JSON.stringify(response.body.singleResult) };
  };
  return { server, run, lines };
}

describe('formatGraphqlError — what a GraphQL client sees of a failure', () => {
  let g: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    g = await start();
  });
  afterAll(() => g.server.stop());

  it.each([
    ['a plain Error naming a host and a file', 'plainError'],
    ['a database error', 'databaseDown'],
    ['a thrown string', 'thrownString'],
  ])('answers %s in a resolver with Internal Server Error, INTERNAL_SERVER_ERROR and an error_id that is in the log', async (_case, field) => {
    const { result, text } = await g.run(`{ ${field} fine }`);
    expect(result.data).toEqual({ [field]: null, fine: 'ok' });
    const [error] = result.errors ?? [];
    expect(error).toEqual({
      message: 'Internal Server Error',
      locations: [{ line: 1, column: 3 }],
      path: [field],
      extensions: { code: 'INTERNAL_SERVER_ERROR', error_id: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    });
    expect(text).not.toMatch(/stacktrace|ECONNREFUSED|10\.0\.0\.7|\/srv\/|relation|a string, not|\.ts:\d+|node_modules/);
    const logged = g.lines.find((line) => line['errorId'] === error?.extensions?.['error_id']);
    expect(logged).toMatchObject({ level: 50, msg: 'unhandled error', graphqlPath: field });
  });

  it('logs the original error, message and stack, under the error_id', async () => {
    const { result } = await g.run('{ plainError }');
    const logged = g.lines.find((line) => line['errorId'] === result.errors?.[0]?.extensions?.['error_id']);
    expect(logged?.['err']).toMatchObject({ message: expect.stringContaining('ECONNREFUSED 10.0.0.7:5432'), stack: expect.stringContaining('format-error.spec.ts') });
  });

  it('answers a domain error thrown in a resolver with its mapped code and message, and no stacktrace', async () => {
    const { result, text } = await g.run('{ forbidden notFound invalid }');
    expect(result.errors).toEqual([
      { message: "This token's scopes do not allow request:Read", locations: [{ line: 1, column: 3 }], path: ['forbidden'], extensions: { code: 'FORBIDDEN' } },
      { message: 'Not Found', locations: [{ line: 1, column: 13 }], path: ['notFound'], extensions: { code: 'NOT_FOUND' } },
      {
        message: 'Validation Failed',
        locations: [{ line: 1, column: 22 }],
        path: ['invalid'],
        extensions: { code: 'BAD_USER_INPUT', errors: [{ path: ['subject'], message: "Subject can't be blank" }] },
      },
    ]);
    expect(text).not.toMatch(/stacktrace|acme/);
  });

  it('keeps a GraphQLError thrown on purpose with its own code, without the stacktrace', async () => {
    const { result } = await g.run('{ onPurpose }');
    expect(result.errors?.[0]).toEqual({
      message: 'Individual calls cannot request more than 500,000 total nodes.',
      locations: [{ line: 1, column: 3 }],
      path: ['onPurpose'],
      extensions: { code: 'MAX_NODE_LIMIT_EXCEEDED' },
    });
  });

  it('keeps the messages of GraphQL parse and validation errors, which help the client fix its query', async () => {
    const invalid = await g.run('{ nosuchfield }');
    expect(invalid.status).toBe(400);
    expect(invalid.result.errors?.[0]).toMatchObject({ message: 'Cannot query field "nosuchfield" on type "Query".', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } });
    expect(invalid.text).not.toContain('stacktrace');
    const unparsable = await g.run('{ fine');
    expect(unparsable.result.errors?.[0]?.extensions).toEqual({ code: 'GRAPHQL_PARSE_FAILED' });
    expect(unparsable.result.errors?.[0]?.message).toMatch(/^Syntax Error/);
  });
});
