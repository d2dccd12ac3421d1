/**
 * Issue 20 item 6, the access matrix over GraphQL: every root field of the
 * served schema × the eight callers of the access principals of @tessera/persistence/testing, the
 * expected answer derived from the field's declared needs (FIELD_NEEDS): 401
 * UNAUTHORIZED for a token that is missing, malformed, expired or revoked; 403
 * FORBIDDEN for another account's token; FORBIDDEN on the field naming the
 * action the caller's scopes refuse; otherwise the field is not refused by its
 * guard. Never a 5xx, and every error carries extensions.code. A new root field
 * is in the schema, so in the matrix; one without needs fails here.
 */
import { getNamedType, isEnumType, isInputObjectType, isListType, isNonNullType, isScalarType, type GraphQLArgument, type GraphQLInputType, type GraphQLSchema } from 'graphql';
import { evaluateScopes, type ScopeOperation } from '@tessera/domain';
import { FIELD_NEEDS } from '../src/schema.js';
import { accessPrincipals, mintToken, type Principal } from '@tessera/persistence/testing';
import { servedSchema } from './support/served-schema.js';
import { startGraphqlHarness, type GraphqlHarness, type Reply } from './support/graphql-harness.js';

/** A literal for a required input: the least a query needs to be valid, so the guard and not validation answers. */
function literalOf(type: GraphQLInputType): string {
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) return `[${literalOf(inner.ofType)}]`;
  if (isEnumType(inner)) return inner.getValues()[0]!.name;
  if (isInputObjectType(inner)) {
    const fields = Object.values(inner.getFields()).filter((field) => isNonNullType(field.type));
    return `{${fields.map((field) => `${field.name}: ${literalOf(field.type)}`).join(', ')}}`;
  }
  if (isScalarType(inner)) return { Int: '1', Float: '1', Boolean: 'true', ID: '"UmVxdWVzdDo5OTk5OTk5"' }[inner.name] ?? '"access matrix"';
  throw new Error(`no literal for ${String(type)}`);
}

/** The required arguments, and `first` of a connection (its validation demands `first` or `last`). */
const argumentsOf = (args: readonly GraphQLArgument[]) => {
  const given = args.filter((arg) => (isNonNullType(arg.type) && arg.defaultValue === undefined) || arg.name === 'first');
  return given.length === 0 ? '' : `(${given.map((arg) => `${arg.name}: ${literalOf(arg.type)}`).join(', ')})`;
};

type Expected = { status: 401 | 403 } | { forbidden: string } | { through: true };

function expectedFor(field: string, principal: Principal, account: string): Expected {
  if (principal.unauthenticated) return { status: 401 };
  if (principal.foreign) return { status: 403 };
  const needs = FIELD_NEEDS[field];
  if (!needs || !('action' in needs)) return { through: true };
  for (const action of [needs.action, needs.answer]) {
    if (!action) continue;
    const [recordType, operation] = [action.slice(0, action.lastIndexOf(':')), action.slice(action.lastIndexOf(':') + 1) as ScopeOperation];
    const decision = evaluateScopes(principal.scopes(needs.action), { recordType, operation }, { accountId: account, roles: principal.roles });
    if (!decision.allowed) return { forbidden: `This token's scopes ${decision.because === 'denied' ? 'deny' : 'do not allow'} ${action}` };
  }
  return { through: true };
}

describe('The access matrix — every GraphQL root field × every kind of caller', () => {
  let h: GraphqlHarness;
  let schema: GraphQLSchema;
  let principals: Principal[];
  let adminId: number;

  beforeAll(async () => {
    h = await startGraphqlHarness();
    schema = await servedSchema();
    ({ principals, adminId } = await accessPrincipals(h.test.db, h.demo));
  }, 60_000);
  afterAll(() => h?.stop());

  it('answers each root field as its needs declare, never with a 5xx or an error without a code', async () => {
    const roots = [schema.getQueryType()!, schema.getMutationType()!].flatMap((type) =>
      Object.values(type.getFields()).map((field) => ({ name: `${type.name}.${field.name}`, field, operation: type === schema.getQueryType() ? 'query' : 'mutation' })),
    );
    const mismatches: string[] = [];
    const tally = { 401: 0, 403: 0, forbidden: 0, through: 0 };
    for (const root of roots) {
      if (!FIELD_NEEDS[root.name]) mismatches.push(`${root.name} declares no needs`);
      const selection = getNamedType(root.field.type).toString() === 'Boolean' || isScalarType(getNamedType(root.field.type)) ? '' : ' { __typename }';
      const query = `${root.operation} { ${root.field.name}${argumentsOf(root.field.args)}${selection} }`;
      for (const principal of principals) {
        const expected = expectedFor(root.name, principal, h.demo.account);
        tally['through' in expected ? 'through' : 'forbidden' in expected ? 'forbidden' : expected.status] += 1;
        const needs = FIELD_NEEDS[root.name];
        const authorization = principal.name === 'scope denied'
          ? `Bearer ${await mintToken(h.test.db, adminId, principal.scopeLines(needs && 'action' in needs ? needs.action : undefined))}`
          : principal.authorization;
        const reply: Reply = await h.call('/', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-service-account': h.demo.account, ...(authorization ? { authorization } : {}) },
          body: JSON.stringify({ query }),
        });
        const where = `${root.name} as ${principal.name}`;
        const body = reply.json();
        const errors: Array<{ message: string; path?: string[]; extensions?: { code?: string } }> = body.errors ?? [];
        if (reply.status >= 500) mismatches.push(`${where}: ${reply.status} ${reply.body.slice(0, 300)}`);
        const codeless = errors.filter((error) => typeof error.extensions?.code !== 'string');
        if (codeless.length > 0) mismatches.push(`${where}: errors without extensions.code ${JSON.stringify(codeless)}`);
        const refusals = errors.filter((error) => error.extensions?.code === 'FORBIDDEN' && error.path?.[0] === root.field.name);
        if ('status' in expected) {
          const code = expected.status === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN';
          if (reply.status !== expected.status || errors[0]?.extensions?.code !== code) mismatches.push(`${where}: expected ${expected.status} ${code}, got ${reply.status} ${reply.body.slice(0, 300)}`);
        } else if (reply.status !== 200) {
          mismatches.push(`${where}: expected 200, got ${reply.status} ${reply.body.slice(0, 300)}`);
        } else if ('forbidden' in expected) {
          if (!refusals.some((error) => error.message === expected.forbidden)) mismatches.push(`${where}: expected FORBIDDEN "${expected.forbidden}", got ${reply.status} ${reply.body.slice(0, 300)}`);
        } else if (refusals.some((error) => /^This token's scopes/.test(error.message))) {
          mismatches.push(`${where}: expected through its guard, got ${reply.status} ${reply.body.slice(0, 300)}`);
        }
      }
    }
    console.log(`access matrix (GraphQL): ${roots.length} root fields × ${principals.length} callers = ${roots.length * principals.length} calls ` +
      `(expected ${tally[401]} × 401, ${tally[403]} × 403, ${tally.forbidden} × FORBIDDEN on the field, ${tally.through} through), ${mismatches.length} mismatches`);
    expect(mismatches).toEqual([]);
    expect(Object.values(tally).every((count) => count > 5)).toBe(true);
  }, 120_000);
});
