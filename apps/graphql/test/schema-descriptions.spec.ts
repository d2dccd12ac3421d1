import { GENEROUS_GRAPHQL_LIMITS, startGraphqlHarness, type GraphqlHarness } from './support/graphql-harness.js';

// Every description introspection serves: of types, fields, their arguments, input fields and enum values.
const DESCRIPTIONS = `{ __schema { description types { name description
  fields(includeDeprecated: true) { name description args { name description } }
  inputFields { name description } enumValues(includeDeprecated: true) { name description } } } }`;

describe('GraphQL schema descriptions — what a client reads by introspection', () => {
  let g: GraphqlHarness;
  beforeAll(async () => {
    g = await startGraphqlHarness({ limits: GENEROUS_GRAPHQL_LIMITS });
  });
  afterAll(() => g.stop());

  it('cite the README or /v1/openapi.json, never SPEC.md (an internal document)', async () => {
    const reply = await g.post(g.demo.admin.token, DESCRIPTIONS);
    expect(reply.status).toBe(200);
    expect(reply.json().data.__schema.types.length).toBeGreaterThan(10);
    expect(reply.body.match(/.{0,60}SPEC\.md.{0,20}/g) ?? []).toEqual([]);
  });
});
