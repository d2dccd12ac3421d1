import { isIntrospectionOnly } from './introspection-only.js';

describe('isIntrospectionOnly — what GET may carry', () => {
  it.each([
    ['__schema', '{ __schema { types { name } } }'],
    ['__type and __typename', 'query Q { __typename __type(name: "Person") { name } }'],
    ['a fragment of introspection fields', 'query { ...I } fragment I on Query { __schema { queryType { name } } }'],
    ['an inline fragment of introspection fields', '{ ... on Query { __typename } }'],
  ])('accepts %s', (_case, query) => {
    expect(isIntrospectionOnly(query)).toBe(true);
  });

  it.each([
    ['a data field', '{ me { id } }'],
    ['a data field beside introspection', '{ __typename me { id } }'],
    ['a data field through a fragment', 'query { ...F } fragment F on Query { me { id } }'],
    ['a mutation', 'mutation { __typename }'],
    ['a second operation that reads data', 'query A { __typename } query B { me { id } }'],
    ['no query', undefined],
    ['a repeated query parameter', ['{ __typename }', '{ me { id } }']],
    ['text that is not GraphQL', '{ __schema '],
  ])('refuses %s', (_case, query) => {
    expect(isIntrospectionOnly(query)).toBe(false);
  });
});
