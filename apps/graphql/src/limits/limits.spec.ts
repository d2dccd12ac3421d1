/**
 * The limits on a small schema built here, whose connections follow the convention the real
 * schema uses (a return type named `…Connection`, `first`/`last`): the rules do not depend on
 * which connections the served schema has.
 */
import { buildSchema, getIntrospectionQuery, GraphQLError, parse, specifiedRules, validate } from 'graphql';
import { DEFAULT_GRAPHQL_LIMITS } from './graphql-limits.js';
import { weighOperation } from './query-weight.js';
import { limitValidationRules } from './validation-rules.js';

const schema = buildSchema(/* GraphQL */ `
  type Query {
    people(first: Int, last: Int, after: String): PersonConnection!
    person: Person
  }
  type Mutation {
    personCreate(name: String!): Person
    personDelete(id: ID!): Boolean
  }
  type PersonConnection {
    nodes: [Person!]!
    totalCount: Int!
  }
  type TeamConnection {
    nodes: [Team!]!
  }
  type Person {
    name: String!
    friend: Person
    teams(first: Int, last: Int): TeamConnection!
  }
  type Team {
    name: String!
    members(first: Int, last: Int): PersonConnection!
  }
`);

const rules = limitValidationRules(DEFAULT_GRAPHQL_LIMITS);
const messagesOf = (query: string): string[] => validate(schema, parse(query), [...specifiedRules, ...rules]).map((error) => error.message);

function weigh(query: string, variables: Record<string, unknown> = {}, maxNodes = DEFAULT_GRAPHQL_LIMITS.maxNodes) {
  return weighOperation({ schema, document: parse(query), operationName: undefined, variables, maxPageSize: 100, maxNodes, maxSelections: 10_000 });
}

function refusal(run: () => unknown): GraphQLError {
  try {
    run();
  } catch (error) {
    if (error instanceof GraphQLError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('pagination rule — first/last on every connection, 1..100', () => {
  it('refuses a connection without first or last, naming the field', () => {
    expect(messagesOf('{ people { totalCount } }')).toEqual([
      'You must provide a `first` or `last` value to properly paginate the `people` connection.',
    ]);
  });

  it('refuses a nested connection without first or last, inside a fragment too', () => {
    expect(messagesOf('{ people(first: 5) { nodes { ...P } } } fragment P on Person { teams { nodes { name } } }')).toEqual([
      'You must provide a `first` or `last` value to properly paginate the `teams` connection.',
    ]);
  });

  it('refuses 101 records, and 0 or a negative count', () => {
    expect(messagesOf('{ people(first: 101) { totalCount } }')).toEqual(['Requesting 101 records on the `people` connection exceeds the `first` limit of 100 records.']);
    expect(messagesOf('{ people(last: 500) { totalCount } }')).toEqual(['Requesting 500 records on the `people` connection exceeds the `last` limit of 100 records.']);
    expect(messagesOf('{ people(first: 0) { totalCount } }')).toEqual(['`first` on the `people` connection cannot be less than 1 (got 0).']);
    expect(messagesOf('{ people(last: -3) { totalCount } }')).toEqual(['`last` on the `people` connection cannot be less than 1 (got -3).']);
  });

  it('refuses first and last together, and first: null', () => {
    expect(messagesOf('{ people(first: 5, last: 5) { totalCount } }')).toEqual(['Passing both `first` and `last` to paginate the `people` connection is not supported.']);
    expect(messagesOf('{ people(first: null) { totalCount } }')).toEqual([
      'You must provide a `first` or `last` value to properly paginate the `people` connection.',
    ]);
  });

  it('accepts 1 and 100, and leaves variables to the check that knows them', () => {
    expect(messagesOf('{ a: people(first: 1) { totalCount } b: people(last: 100) { totalCount } }')).toEqual([]);
    expect(messagesOf('query ($n: Int) { people(first: $n) { totalCount } }')).toEqual([]);
  });
});

describe('depth rule — at most 13 levels (graphql-depth-limit)', () => {
  const chain = (friends: number) => `{ person { ${'friend { '.repeat(friends)}name${' }'.repeat(friends)} } }`;

  it('accepts 13 levels and refuses 14', () => {
    expect(messagesOf(chain(12))).toEqual([]);
    expect(messagesOf(chain(13))).toEqual(['The query exceeds the maximum depth of 13 levels.']);
  });

  it('counts fragments and inline fragments', () => {
    const through = (friends: number) => `{ person { ... on Person { ...F } } } fragment F on Person { ${'friend { '.repeat(friends)}name${' }'.repeat(friends)} }`;
    expect(messagesOf(through(12))).toEqual([]);
    expect(messagesOf(through(13))).toEqual(['The query exceeds the maximum depth of 13 levels.']);
  });

  it('lets the full introspection query through', () => {
    expect(messagesOf(getIntrospectionQuery())).toEqual([]);
  });

  it('leaves unknown and cyclic fragments to graphql-js instead of crashing', () => {
    expect(messagesOf('{ person { ...Missing } }')).toEqual(['Unknown fragment "Missing".']);
    expect(messagesOf('{ person { ...A } } fragment A on Person { friend { ...A } }')).toEqual(['Cannot spread fragment "A" within itself.']);
  });
});

describe('selections once fragments are expanded — bounded before the depth check and the weighing walk them', () => {
  // Ten spreads of the next fragment per level: 10^depth selections from a document of a few hundred characters.
  const bomb = (levels: number) => {
    const spreads = (name: string) => Array.from({ length: 10 }, (_, i) => `f${i}: friend { ...${name} }`).join(' ');
    const fragments = Array.from({ length: levels }, (_, i) => `fragment L${i} on Person { ${i + 1 < levels ? spreads(`L${i + 1}`) : 'name'} }`);
    return `{ person { ...L0 } } ${fragments.join(' ')}`;
  };

  it('refuses, at once, a document whose nested fragments expand to billions of selections', () => {
    const started = Date.now();
    expect(messagesOf(bomb(12))).toEqual([expect.stringMatching(/^The query makes [\d,]+ selections once its fragments are expanded, more than the limit of 10,000\.$/)]);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('counts fields, inline fragments and spreads, and accepts what is within the limit', () => {
    expect(messagesOf(bomb(3))).toEqual([]);
    // person, spread, 10 × (friend, spread, 10 × (friend, spread, name)) = 2 + 10 × (2 + 30) = 322
    const strict = limitValidationRules({ ...DEFAULT_GRAPHQL_LIMITS, maxSelections: 321 });
    expect(validate(schema, parse(bomb(3)), [...specifiedRules, ...strict]).map((error) => error.message)).toEqual([
      'The query makes 322 selections once its fragments are expanded, more than the limit of 321.',
    ]);
  });

  it('bounds the weighing by the same count', () => {
    expect(() => weighOperation({ schema, document: parse(bomb(3)), operationName: undefined, variables: {}, maxPageSize: 100, maxNodes: 500_000, maxSelections: 322 })).not.toThrow();
    expect(refusal(() => weighOperation({ schema, document: parse(bomb(3)), operationName: undefined, variables: {}, maxPageSize: 100, maxNodes: 500_000, maxSelections: 321 })).extensions['code']).toBe(
      'GRAPHQL_VALIDATION_FAILED',
    );
  });
});

describe('one mutation per request', () => {
  it('refuses two mutation fields, also through a fragment', () => {
    expect(messagesOf('mutation { personCreate(name: "a") { name } personDelete(id: "1") }')).toEqual([
      'A request may run only one mutation; this one asks for 2 (personCreate, personDelete).',
    ]);
    expect(messagesOf('mutation { personCreate(name: "a") { name } ...D } fragment D on Mutation { personDelete(id: "1") }')).toEqual([
      'A request may run only one mutation; this one asks for 2 (personCreate, personDelete).',
    ]);
    expect(messagesOf('mutation { a: personDelete(id: "1") b: personDelete(id: "2") }')).toEqual(['A request may run only one mutation; this one asks for 2 (a, b).']);
  });

  it('accepts one mutation, with __typename beside it', () => {
    expect(messagesOf('mutation { __typename personCreate(name: "a") { name } }')).toEqual([]);
  });
});

describe('node count (SPEC.md rule 1) and cost (rule 3), with variables', () => {
  it('counts 100 people with 10 teams each as 1,100 nodes, 101 requests, cost 1', () => {
    expect(weigh('{ people(first: 100) { nodes { teams(first: 10) { nodes { name } } } } }')).toEqual({ nodes: 1100, requests: 101, cost: 1 });
  });

  it("prices GitHub's examples: 50 → 10 is 51 requests (cost 1); 100 → 100 → 100 is 10,101 requests (cost 101)", () => {
    expect(weigh('{ people(first: 50) { nodes { teams(first: 10) { nodes { name } } } } }').requests).toBe(51);
    const deep = weigh('{ people(first: 100) { nodes { teams(first: 100) { nodes { members(first: 100) { totalCount } } } } } }', {}, 10_000_000);
    expect(deep).toEqual({ nodes: 1_010_100, requests: 10_101, cost: 101 });
  });

  it('costs at least 1, and a query without connections 1', () => {
    expect(weigh('{ person { name } }')).toEqual({ nodes: 0, requests: 0, cost: 1 });
    expect(weigh('{ people(first: 1) { totalCount } }').cost).toBe(1);
  });

  // 49 + 4,900 + 490,000 + 50 + 5,000 + last = 499,999 + last
  const around = (last: number) => `
    query ($fifty: Int) {
      x: people(first: 49) { nodes { ...Teams } }
      y: people(first: $fifty) { nodes { ... on Person { teams(first: 100) { nodes { name } } } } }
      z: people(first: ${last}) { totalCount }
    }
    fragment Teams on Person { teams(first: 100) { nodes { members(first: 100) { totalCount } } } }`;

  it('allows exactly 500,000 nodes and refuses 500,001, counting fragments, inline fragments and variables', () => {
    expect(weigh(around(1), { fifty: 50 }).nodes).toBe(500_000);
    const error = refusal(() => weigh(around(2), { fifty: 50 }));
    expect(error.message).toBe('Individual calls cannot request more than 500,000 total nodes.');
    expect(error.extensions['code']).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('checks first/last given by variables once they are known', () => {
    const query = 'query ($n: Int) { people(first: $n) { totalCount } }';
    expect(weigh(query, { n: 7 }).nodes).toBe(7);
    expect(refusal(() => weigh(query, { n: 101 })).message).toBe('Requesting 101 records on the `people` connection exceeds the `first` limit of 100 records.');
    expect(refusal(() => weigh(query, {})).message).toBe('You must provide a `first` or `last` value to properly paginate the `people` connection.');
    expect(refusal(() => weigh(query, { n: 0 })).extensions['code']).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('answers a variable of the wrong type as bad input, not a crash', () => {
    const error = refusal(() => weigh('query ($n: Int) { people(first: $n) { totalCount } }', { n: 'many' }));
    expect(error.extensions['code']).toBe('BAD_USER_INPUT');
    expect(error.message).toContain('$n');
  });

  it('skips what @skip/@include leave out', () => {
    expect(weigh('query ($no: Boolean!) { people(first: 100) @include(if: $no) { totalCount } }', { no: false }).nodes).toBe(0);
  });
});
