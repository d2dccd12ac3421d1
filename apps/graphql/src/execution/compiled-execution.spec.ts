import { ApolloServer } from '@apollo/server';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { execute, GraphQLError, parse, type GraphQLFormattedError } from 'graphql';
import { compiledExecution } from './compiled-execution.js';

class Refused extends Error {}

const schema = makeExecutableSchema({
  typeDefs: /* GraphQL */ `
    type Query { person(id: Int!): Person, people(first: Int!): [Person!]!, broken: Person! }
    type Person { id: Int!, name: String, secret: String }
    type Mutation { rename(name: String!): Person! }
  `,
  resolvers: {
    Query: {
      person: (_: unknown, { id }: { id: number }) => (id > 0 ? { id, name: `person ${id}` } : null),
      people: async (_: unknown, { first }: { first: number }) => Array.from({ length: first }, (_, i) => ({ id: i + 1, name: `person ${i + 1}` })),
      broken: () => null,
    },
    Person: {
      secret: () => {
        throw new Refused('not yours');
      },
    },
    Mutation: { rename: (_: unknown, { name }: { name: string }) => ({ id: 1, name }) },
  },
});

async function serve(maxEntries = 10, maxBytes = 1_000_000) {
  const seen: unknown[] = [];
  const execution = compiledExecution(schema, { maxEntries, maxBytes });
  const server = new ApolloServer({
    gateway: execution.gateway,
    formatError: (formatted: GraphQLFormattedError, error: unknown) => {
      seen.push(error);
      return formatted;
    },
  });
  await server.start();
  const run = async (query: string, variables?: Record<string, unknown>) => {
    const response = await server.executeOperation({ query, variables });
    if (response.body.kind !== 'single') throw new Error('expected a single result');
    return { status: response.http.status ?? 200, ...response.body.singleResult };
  };
  return { execution, server, run, seen };
}

describe('queries compiled once per document', () => {
  it('answers what graphql-js answers, compiling each operation once', async () => {
    const { execution, server, run } = await serve();
    const query = '{ people(first: 3) { id name } person(id: 2) { name } missing: person(id: 0) { id } }';
    const expected = await execute({ schema, document: parse(query) });
    expect(await run(query)).toEqual({ status: 200, data: expected.data });
    expect(await run(query)).toEqual({ status: 200, data: expected.data });
    expect(execution.compiled).toBe(1);
    await run('query Two { person(id: 1) { id } }');
    expect(execution.compiled).toBe(2);
    await server.stop();
  });

  it('keeps at most its bound of operations', async () => {
    const { execution, server, run } = await serve(2);
    for (const id of [1, 2, 3, 4]) await run(`{ person(id: ${id}) { id } }`);
    expect(execution.compiled).toBe(2);
    await server.stop();
  });

  it('keeps at most its bound of bytes, counting the text each compiled document keeps alive', async () => {
    const { execution, server, run } = await serve(10, 8_000);
    for (const id of [1, 2, 3]) await run(`{ person(id: ${id}) { id } } # ${'x'.repeat(3_000)}`);
    expect(execution.compiled).toBe(2);
    await server.stop();
  });

  it("gives a resolver's error its path and locations, with the thrown error under it as graphql-js does", async () => {
    const { server, run, seen } = await serve();
    const answer = await run('{ person(id: 1) {\n  id\n  secret } }');
    expect(answer.data).toEqual({ person: { id: 1, secret: null } });
    expect(answer.errors).toEqual([{ message: 'not yours', path: ['person', 'secret'], locations: [{ line: 3, column: 3 }], extensions: { code: 'INTERNAL_SERVER_ERROR' } }]);
    const error = seen[0] as GraphQLError;
    expect(error).toBeInstanceOf(GraphQLError);
    expect(error.originalError).toBeInstanceOf(Refused);
    await server.stop();
  });

  it('propagates a null of a non-null field as graphql-js does', async () => {
    const { server, run } = await serve();
    const answer = await run('{ broken { id } }');
    expect(answer.data).toBeNull();
    expect(answer.errors?.map((e) => [e.message, e.path])).toEqual([['Cannot return null for non-nullable field Query.broken.', ['broken']]]);
    await server.stop();
  });

  it("refuses a bad variable with graphql-js's error: BAD_USER_INPUT, HTTP 400, nothing run", async () => {
    const { server, run } = await serve();
    const answer = await run('query ($n: Int!) { people(first: $n) { id } }', { n: 'three' });
    expect(answer.status).toBe(400);
    expect(answer.errors).toEqual([expect.objectContaining({ message: 'Variable "$n" got invalid value "three"; Int cannot represent non-integer value: "three"', extensions: { code: 'BAD_USER_INPUT' } })]);
    expect((await run('query ($n: Int!) { people(first: $n) { id } }', { n: 2 })).data).toEqual({ people: [{ id: 1 }, { id: 2 }] });
    await server.stop();
  });

  it('runs a mutation on graphql-js', async () => {
    const { server, run } = await serve();
    expect(await run('mutation { rename(name: "Ada") { id name } }')).toEqual({ status: 200, data: { rename: { id: 1, name: 'Ada' } } });
    await server.stop();
  });

  it('answers introspection', async () => {
    const { server, run } = await serve();
    expect((await run('{ __type(name: "Person") { fields { name } } }')).data).toEqual({ __type: { fields: [{ name: 'id' }, { name: 'name' }, { name: 'secret' }] } });
    await server.stop();
  });
});
