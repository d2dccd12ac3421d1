/**
 * Issue 18, GraphQL: crafted IDs in every place the schema takes one, and write-only tokens on
 * every mutation. The ID places are read from the served schema (root arguments, input fields,
 * lists of either), so a new ID argument is fuzzed without touching this file; cursors of every
 * connection get crafted keys too. Whatever comes in: never a 5xx, never INTERNAL_SERVER_ERROR,
 * and a token without request:Read never sees a request from a mutation.
 */
import { buildSchema, getNamedType, isInputObjectType, isListType, isNonNullType, type GraphQLInputType, type GraphQLSchema } from 'graphql';
import { encodeCursor, NODE_KINDS } from '@tessera/domain';
import { typeDefs } from '../src/schema.js';
import { startGraphqlHarness, type GraphqlHarness, type Reply } from './support/graphql-harness.js';
import { postVars } from './support/reads-fixtures.js';

const NUMBERS = ['2147483648', '9007199254740993', '99999999999999999999999999999999', '-1', '0', '1e30', 'abc', '2147483647'];
const RAW = ['', 'x', '!!!', 'A'.repeat(300), '2147483648', Buffer.from('tessera/Request').toString('base64url')];
const crafted = (type: string, number: string) => Buffer.from(`tessera/${type}/${number}`, 'utf8').toString('base64url');

/** Where an ID goes: a root field, its argument, and the path inside the argument's value ('[]' for a list item). */
interface IdPlace {
  root: 'Query' | 'Mutation';
  field: string;
  argument: string;
  argumentType: string;
  path: string[];
}

function idPlaces(schema: GraphQLSchema): IdPlace[] {
  const places: IdPlace[] = [];
  const walk = (type: GraphQLInputType, path: string[], place: Omit<IdPlace, 'path'>, depth: number): void => {
    const inner = isNonNullType(type) ? type.ofType : type;
    if (isListType(inner)) return walk(inner.ofType, [...path, '[]'], place, depth);
    const named = getNamedType(inner);
    if (named.name === 'ID') places.push({ ...place, path });
    else if (isInputObjectType(named) && depth < 4) {
      for (const field of Object.values(named.getFields())) walk(field.type, [...path, field.name], place, depth + 1);
    }
  };
  for (const root of ['Query', 'Mutation'] as const) {
    const type = root === 'Query' ? schema.getQueryType()! : schema.getMutationType()!;
    for (const field of Object.values(type.getFields())) {
      for (const argument of field.args) walk(argument.type, [], { root, field: field.name, argument: argument.name, argumentType: String(argument.type) }, 0);
    }
  }
  return places;
}

/** The argument's value with `id` at `path`, and what the input needs besides (a request to change, a note's text). */
function valueAt(path: string[], id: string, required: Record<string, unknown>): unknown {
  if (path.length === 0) return id;
  const [head, ...rest] = path;
  if (head === '[]') return [valueAt(rest, id, {})];
  return { ...required, [head!]: valueAt(rest, id, {}) };
}

function problemsOf(reply: Reply): string[] {
  if (reply.status >= 500) return [`status ${reply.status}`];
  const errors = (reply.json() as { errors?: Array<{ extensions?: { code?: string } }> }).errors ?? [];
  return errors.some((error) => error.extensions?.code === 'INTERNAL_SERVER_ERROR') ? ['INTERNAL_SERVER_ERROR'] : [];
}

describe('GraphQL fuzz: crafted IDs everywhere the schema takes one, and write-only tokens', () => {
  let g: GraphqlHarness;
  let requestId: string;
  beforeAll(async () => {
    g = await startGraphqlHarness();
    const created = await postVars(g, g.demo.admin.token, 'mutation { requestCreate(input: { subject: "Fuzzed" }) { request { id } } }', {});
    requestId = created.json().data.requestCreate.request.id;
  });
  afterAll(() => g.stop());

  async function runAll(calls: Array<{ name: string; token: string; query: string; variables: Record<string, unknown> }>): Promise<string[]> {
    const failures: string[] = [];
    for (let start = 0; start < calls.length; start += 16) {
      const batch = calls.slice(start, start + 16);
      const replies = await Promise.all(batch.map((c) => postVars(g, c.token, c.query, c.variables)));
      replies.forEach((reply, i) => {
        const problems = problemsOf(reply);
        if (problems.length > 0) failures.push(`${batch[i]!.name} → ${problems.join('; ')}`);
      });
    }
    return failures;
  }

  it('finds the ID places of the schema: node, nodes, the request filters and every mutation input', () => {
    const names = idPlaces(buildSchema(typeDefs)).map((p) => `${p.field}.${[p.argument, ...p.path].join('.')}`);
    expect(names).toEqual(expect.arrayContaining([
      'node.id', 'nodes.ids.[]', 'requests.filter.team.values.[]', 'requests.filter.member.values.[]', 'requestUpdate.input.id',
      'requestUpdate.input.memberId', 'noteCreate.input.requestId', 'requestCreate.input.serviceInstanceId', 'requestCreate.input.requestedForId',
    ]));
  });

  it('never answers 5xx or INTERNAL_SERVER_ERROR to a crafted ID in any ID place', async () => {
    // Every type with every number where the type is the question (node, nodes); elsewhere every type past the largest id, and a few types with every number.
    const everyType = [...NODE_KINDS, 'Nope'];
    const allIds = [...everyType.flatMap((type) => NUMBERS.map((number) => crafted(type, number))), ...RAW];
    const someIds = [...new Set([...everyType.flatMap((type) => NUMBERS.slice(0, 2).map((number) => crafted(type, number))), ...['Request', 'Person', 'Team'].flatMap((type) => NUMBERS.map((number) => crafted(type, number))), ...RAW])];
    const calls = idPlaces(buildSchema(typeDefs)).flatMap((place) => {
      const ids = ['node', 'nodes'].includes(place.field) ? allIds : someIds;
      const required: Record<string, unknown> = place.argument === 'input' ? { requestUpdate: { id: requestId }, noteCreate: { requestId, text: 'fuzz' } }[place.field] ?? {} : {};
      const connection = place.root === 'Query' && !['node', 'nodes'].includes(place.field);
      const query = `${place.root === 'Mutation' ? 'mutation' : 'query'}($v: ${place.argumentType}) { ${place.field}(${place.argument}: $v${connection ? ', first: 5' : ''}) { __typename } }`;
      return ids.map((id) => ({ name: `${place.field}.${[place.argument, ...place.path].join('.')} = ${id.slice(0, 40)}`, token: g.demo.admin.token, query, variables: { v: valueAt(place.path, id, required) } }));
    });
    expect(await runAll(calls)).toEqual([]);
    // The places and the types grow with every record of the engine: the calls grow with their product.
  }, 300_000);

  it('never answers 5xx to a crafted cursor on a root or nested connection', async () => {
    const cursors = [
      encodeCursor({ field: 'id', direction: 'ASC' }, { key: '2147483648', id: 2147483648 }),
      encodeCursor({ field: 'id', direction: 'ASC' }, { key: '99999999999', id: 1 }),
      encodeCursor({ field: 'id', direction: 'ASC' }, { key: '-1', id: 1 }),
      encodeCursor({ field: 'id', direction: 'ASC' }, { key: 'abc', id: 1 }),
      encodeCursor({ field: 'createdAt', direction: 'ASC' }, { key: 'not a time', id: 1 }),
      encodeCursor({ field: 'createdAt', direction: 'ASC' }, { key: '99999-99-99 99:99:99', id: 1 }),
      encodeCursor({ field: 'id', direction: 'ASC' }, { key: 'abc', id: Number.MAX_SAFE_INTEGER }),
      encodeCursor({ field: 'id', direction: 'DESC' }, { key: '1e30', id: 2147483647 }),
      Buffer.from('["id","ASC","1",1e30]').toString('base64url'),
    ];
    const shapes = [
      (c: string) => `{ requests(first: 5, after: "${c}") { totalCount } }`,
      (c: string) => `{ people(last: 5, before: "${c}") { totalCount } }`,
      (c: string) => `{ requests(first: 5, after: "${c}", order: { field: CREATED_AT, direction: ASC }) { totalCount } }`,
      (c: string) => `{ teams(first: 5, after: "${c}") { nodes { members(first: 5, after: "${c}") { totalCount } } } }`,
      (c: string) => `{ node(id: "${requestId}") { ... on Request { notes(first: 5, after: "${c}") { totalCount } } } }`,
    ];
    const calls = shapes.flatMap((shape, i) => cursors.map((cursor) => ({ name: `shape ${i} cursor ${cursor}`, token: g.demo.admin.token, query: shape(cursor), variables: {} })));
    expect(await runAll(calls)).toEqual([]);
  });

  it('refuses every mutation to write-only tokens with FORBIDDEN, never 5xx, never showing a request', async () => {
    const tokens = await Promise.all([['request:Create'], ['request:Update'], ['request:Create', 'request:Update'], ['*:*', 'deny request:Read']].map((scopes) => g.tokenWith(scopes)));
    const inputs: Record<string, Array<Record<string, unknown>>> = {
      requestCreate: [{ subject: 'Secret' }, { subject: '' }, { subject: 'x', memberId: crafted('Person', '2147483648') }],
      requestUpdate: [{ id: requestId }, { id: requestId, subject: 'Changed' }, { id: crafted('Request', '9007199254740993') }, { id: 'x' }],
      noteCreate: [{ requestId, text: 'hi' }, { requestId: crafted('Request', '0'), text: 'hi' }],
    };
    const types: Record<string, string> = { requestCreate: 'RequestCreateInput', requestUpdate: 'RequestUpdateInput', noteCreate: 'NoteCreateInput' };
    const failures: string[] = [];
    for (const [mutation, list] of Object.entries(inputs)) {
      for (const input of list) {
        for (const token of tokens) {
          const reply = await postVars(g, token, `mutation($v: ${types[mutation]}!) { ${mutation}(input: $v) { request { id subject } errors { message } } }`, { v: input });
          const body = reply.json();
          const name = `${mutation} ${JSON.stringify(input).slice(0, 60)}`;
          if (reply.status >= 500 || problemsOf(reply).length > 0) failures.push(`${name} → ${reply.status}`);
          else if (body.data?.[mutation] || body.errors?.[0]?.extensions?.code !== 'FORBIDDEN') failures.push(`${name} → ${JSON.stringify(body).slice(0, 200)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 60_000);
});
