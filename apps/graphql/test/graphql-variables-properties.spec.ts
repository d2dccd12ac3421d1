/**
 * Issue 20 item 6, property-based over GraphQL variables: for every root
 * field, an operation that takes each of its arguments as a variable of the
 * declared type, and fast-check variables from those types (input objects
 * field by field), hostile values mixed in — wrong types, huge and unicode
 * strings, nulls, extra fields (named after Object.prototype members too),
 * bad ids, text PostgreSQL cannot store (NULs, lone UTF-16 surrogates).
 * Whatever arrives: never a 5xx, a JSON
 * answer, and every error with an extensions.code. Seeded: a failure names the
 * seed and the shrunk variables (SOAK_SEED replays it).
 */
import fc from 'fast-check';
import { getNamedType, isEnumType, isInputObjectType, isListType, isNonNullType, isScalarType, type GraphQLInputType, type GraphQLSchema } from 'graphql';
import { servedSchema } from './support/served-schema.js';
import { startGraphqlHarness, type GraphqlHarness } from './support/graphql-harness.js';

const INPUTS = 3_000;
const factor = Number(process.env['SOAK_INPUTS_FACTOR'] ?? 1);
const seed = process.env['SOAK_SEED'] ? Number(process.env['SOAK_SEED']) : Date.now() ^ (Math.random() * 0x7fffffff);

/** A NUL or a lone surrogate, alone or among other text (issue 30 item 9). */
const unstorable: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('\u0000', 't\ud800', '\udc00', 'a\udbff\udbffb'),
  fc.tuple(fc.string({ maxLength: 20 }), fc.integer({ min: 0xd800, max: 0xdfff })).map(([text, unit]) => `${text}${String.fromCharCode(unit)}`),
);
/** Keys of an input object, now and then a prototype member's name (issue 30 item 7). */
const key: fc.Arbitrary<string> = fc.oneof(fc.string({ minLength: 1, maxLength: 10 }), fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'));

const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom('', 'UmVxdWVzdDox', 'UmVxdWVzdDo5OTk5OTk5OTk5OTk5', 'Tm9wZTox', '!!!', '\u0000', 'a\u202Eb', -1, 2 ** 31, Number.MAX_SAFE_INTEGER),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  unstorable,
  fc.string({ minLength: 5_000, maxLength: 60_000 }),
  fc.array(fc.oneof(fc.string(), fc.integer()), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string(), { maxKeys: 3 }),
);

/** A value of the declared input type, now and then a hostile one in its place. */
function valueOf(type: GraphQLInputType, depth = 0): fc.Arbitrary<unknown> {
  const inner = isNonNullType(type) ? type.ofType : type;
  let declared: fc.Arbitrary<unknown>;
  if (depth > 3) declared = hostile;
  else if (isListType(inner)) declared = fc.array(valueOf(inner.ofType, depth + 1), { maxLength: 4 });
  else if (isEnumType(inner)) declared = fc.constantFrom(...inner.getValues().map((value) => value.name));
  else if (isInputObjectType(inner)) {
    const fields = Object.fromEntries(Object.values(inner.getFields()).map((field) => [field.name, valueOf(field.type, depth + 1)]));
    declared = fc.tuple(fc.record(fields, { requiredKeys: [] }), fc.option(fc.dictionary(key, hostile, { maxKeys: 2 }), { freq: 5 }))
      .map(([values, extra]) => ({ ...extra, ...values }));
  } else if (isScalarType(inner) && inner.name === 'Int') declared = fc.integer({ min: -5, max: 200 });
  else if (isScalarType(inner) && inner.name === 'Boolean') declared = fc.boolean();
  else if (isScalarType(inner) && inner.name === 'ID') declared = fc.oneof(fc.integer({ min: 1, max: 40 }).map((id) => Buffer.from(`Request:${id}`).toString('base64')), fc.string({ maxLength: 30 }));
  else declared = fc.oneof({ weight: 6, arbitrary: fc.string({ maxLength: 40 }) }, { weight: 1, arbitrary: unstorable });
  return fc.oneof({ weight: 4, arbitrary: declared }, { weight: 1, arbitrary: hostile });
}

describe('GraphQL variables — generated input (fast-check)', () => {
  let h: GraphqlHarness;
  let schema: GraphQLSchema;

  beforeAll(async () => {
    h = await startGraphqlHarness();
    schema = await servedSchema();
    console.log(`GraphQL variables properties: seed ${seed} (SOAK_SEED=${seed} replays this run)`);
  }, 60_000);
  afterAll(() => h?.stop());

  it('answers every generated variable set without a 5xx, each error with extensions.code', async () => {
    const roots = [schema.getQueryType()!, schema.getMutationType()!].flatMap((type) =>
      Object.values(type.getFields()).map((field) => ({ field, operation: type === schema.getQueryType() ? 'query' : 'mutation' })),
    ).filter(({ field }) => field.args.length > 0);
    const perField = Math.ceil((INPUTS * factor) / roots.length);
    const counts: string[] = [];
    const statuses = new Map<number, number>();
    let total = 0;
    for (const { field, operation } of roots) {
      const declarations = field.args.map((arg) => `$${arg.name}: ${arg.type.toString()}`).join(', ');
      const selection = isScalarType(getNamedType(field.type)) ? '' : ' { __typename }';
      const query = `${operation} Generated(${declarations}) { ${field.name}(${field.args.map((arg) => `${arg.name}: $${arg.name}`).join(', ')})${selection} }`;
      const variables = fc.record(Object.fromEntries(field.args.map((arg) => [arg.name, valueOf(arg.type)])), { requiredKeys: [] });
      let runs = 0;
      await fc.assert(
        fc.asyncProperty(variables, async (values) => {
          runs += 1;
          const reply = await h.call('/', {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${h.demo.admin.token}`, 'x-service-account': h.demo.account },
            body: JSON.stringify({ query, variables: values }),
          });
          statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
          if (reply.status >= 500) throw new Error(`${field.name}: ${reply.status} ${reply.body.slice(0, 500)}`);
          if (reply.status === 413) return;
          const body = reply.json();
          const codeless = (body.errors ?? []).filter((error: { extensions?: { code?: unknown } }) => typeof error.extensions?.code !== 'string');
          if (codeless.length > 0) throw new Error(`${field.name}: errors without extensions.code ${JSON.stringify(codeless).slice(0, 500)}`);
          if (!body.errors && !body.data) throw new Error(`${field.name}: neither data nor errors: ${reply.body.slice(0, 300)}`);
        }),
        { seed, numRuns: perField, endOnFailure: false },
      );
      total += runs;
      counts.push(`${operation}.${field.name} ${runs}`);
    }
    console.log(`GraphQL variables properties: ${total} generated variable sets over ${roots.length} root fields (${perField} each), answered ${JSON.stringify(Object.fromEntries(statuses))}: ${counts.join(', ')}`);
    expect(total).toBeGreaterThanOrEqual(perField * roots.length);
  }, 300_000 * Math.max(1, factor));
});
