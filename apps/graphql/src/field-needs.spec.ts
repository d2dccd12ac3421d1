import { buildSchema } from 'graphql';
import { fieldNeedsProblems, reachableObjectTypes, type FieldNeedsMap } from './field-needs.js';

const schema = buildSchema(/* GraphQL */ `
  interface Node {
    id: ID!
  }
  type Team implements Node {
    id: ID!
    name: String!
  }
  type Request implements Node {
    id: ID!
    subject: String!
    team: Team
  }
  type Note {
    text: String!
  }
  union Searchable = Request | Note
  type Query {
    request(id: ID!): Request
    node(id: ID!): Node
    search(text: String!): [Searchable!]!
  }
  type Mutation {
    requestCreate(subject: String!): Request
  }
  type Orphan {
    never: String
  }
`);

const PART: { parent: string } = { parent: 'part of the record above' };
const declared: FieldNeedsMap = {
  'Query.request': { action: 'request:Read' },
  'Query.node': { action: 'request:Read' },
  'Query.search': { action: 'request:Read' },
  'Mutation.requestCreate': { action: 'request:Create', answer: 'request:Read' },
  'Request.id': PART,
  'Request.subject': PART,
  'Request.team': { action: 'team:Read' },
  'Team.id': PART,
  'Team.name': PART,
  'Note.text': PART,
};

const without = (name: string): FieldNeedsMap => Object.fromEntries(Object.entries(declared).filter(([key]) => key !== name));

describe('fieldNeedsProblems — every field says what it needs', () => {
  it('walks the root types and every object type reachable from them: field types, interface implementations, union members', () => {
    expect(reachableObjectTypes(schema).map((type) => type.name).sort()).toEqual(['Mutation', 'Note', 'Query', 'Request', 'Team']);
  });

  it('finds nothing wrong when every reachable field declares an action, its parent or a public reason', () => {
    expect(fieldNeedsProblems(schema, declared)).toEqual([]);
  });

  it.each(['Query.request', 'Mutation.requestCreate', 'Request.team', 'Team.name', 'Note.text'])('names %s when it declares nothing', (name) => {
    expect(fieldNeedsProblems(schema, without(name))).toEqual([`${name} declares nothing it needs`]);
  });

  it('refuses an action the domain does not know, and a wildcard', () => {
    expect(fieldNeedsProblems(schema, { ...declared, 'Request.team': { action: 'squad:Read' } })).toEqual([
      "Request.team has a malformed action 'squad:Read': 'squad' is not a known record type",
    ]);
    expect(fieldNeedsProblems(schema, { ...declared, 'Query.request': { action: 'request:Erase' as 'request:Read' } })).toEqual([
      "Query.request has a malformed action 'request:Erase': 'Erase' is not an operation (Read, Create, Update, Delete or *)",
    ]);
    expect(fieldNeedsProblems(schema, { ...declared, 'Query.request': { action: '*:Read' } })).toEqual([
      "Query.request has a malformed action '*:Read': a field names the one action it performs, without a wildcard",
    ]);
  });

  it('refuses a mutation answering a record without the Read of its answer, and an answer that is not a Read', () => {
    expect(fieldNeedsProblems(schema, { ...declared, 'Mutation.requestCreate': { action: 'request:Create' } })).toEqual([
      'Mutation.requestCreate answers a record but declares no answer (the Read of that record)',
    ]);
    expect(fieldNeedsProblems(schema, { ...declared, 'Mutation.requestCreate': { action: 'request:Create', answer: 'request:Update' as 'request:Read' } })).toEqual([
      "Mutation.requestCreate has a malformed answer action 'request:Update': the answer needs a Read",
    ]);
  });

  it('refuses a root field that relies on a parent, and a reason left blank', () => {
    expect(fieldNeedsProblems(schema, { ...declared, 'Query.request': PART, 'Team.name': { parent: ' ' }, 'Note.text': { public: '' } })).toEqual([
      'Query.request is a root field: it has no parent to be checked by',
      'Team.name relies on its parent without saying why',
      'Note.text is public without saying why',
    ]);
  });

  it('accepts a root field checked by its resolver when it says how, and refuses one that does not', () => {
    expect(fieldNeedsProblems(schema, { ...declared, 'Query.node': { byResolver: 'Read on the type of the node found' } })).toEqual([]);
    expect(fieldNeedsProblems(schema, { ...declared, 'Query.node': { byResolver: '' } })).toEqual(['Query.node is checked by its resolver without saying how']);
  });

  it('names a declaration for a field no reachable type has, so none is left behind by a rename', () => {
    expect(fieldNeedsProblems(schema, { ...declared, 'Request.title': PART, 'Orphan.never': PART })).toEqual([
      'Request.title is declared but no reachable type has that field',
      'Orphan.never is declared but no reachable type has that field',
    ]);
  });
});
