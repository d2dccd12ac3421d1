import { DomainError } from '../errors/domain-error.js';
import { encodeCursor, pageRequest, toConnection, type ConnectionOrder } from './connection-page.js';

const FIELDS = ['id', 'name', 'createdAt'] as const;
const BY_ID: ConnectionOrder<'id'> = { field: 'id', direction: 'ASC' };
const request = (args: Parameters<typeof pageRequest>[0], order: ConnectionOrder | null = null) => pageRequest(args, order, FIELDS, BY_ID);

function validationOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError && error.code === 'VALIDATION_FAILED') return error.errors.map(([field, message]) => `${field}: ${message}`);
    throw error;
  }
  throw new Error('no validation error');
}

describe('pageRequest', () => {
  it('reads first/after forward and last/before backward, with the default order', () => {
    const cursor = encodeCursor(BY_ID, { key: '7', id: 7 });
    expect(request({ first: 10, after: cursor })).toEqual({ forward: true, size: 10, after: { key: '7', id: 7 }, before: null, order: BY_ID });
    expect(request({ last: 3, before: cursor })).toEqual({ forward: false, size: 3, after: null, before: { key: '7', id: 7 }, order: BY_ID });
  });

  it.each([
    [{}, "first: A connection needs 'first' or 'last'"],
    [{ first: 0 }, "first: 'first' must be an integer from 1 to 100"],
    [{ last: 101 }, "last: 'last' must be an integer from 1 to 100"],
    [{ first: 1.5 }, "first: 'first' must be an integer from 1 to 100"],
    [{ first: 5, last: 5 }, "last: Give 'first' or 'last', not both"],
    [{ first: 5, after: 'garbage!' }, "after: 'after' is not a cursor of this connection and order"],
    [{ first: 5, before: Buffer.from('{"a":1}').toString('base64url') }, "before: 'before' is not a cursor of this connection and order"],
    [{ first: 5, after: Buffer.from('not json').toString('base64url') }, "after: 'after' is not a cursor of this connection and order"],
    [{ first: 5, after: encodeCursor({ field: 'name', direction: 'ASC' }, { key: 'a', id: 1 }) }, "after: 'after' is not a cursor of this connection and order"],
    [{ first: 5, after: encodeCursor(BY_ID, { key: '1', id: -1 }) }, "after: 'after' is not a cursor of this connection and order"],
    [{ first: 5, after: encodeCursor(BY_ID, { key: '1', id: 2_147_483_648 }) }, "after: 'after' is not a cursor of this connection and order"],
  ])('refuses %j with a validation error', (args, message) => {
    expect(validationOf(() => request(args))).toEqual([message]);
  });

  it('refuses an order field the connection does not offer and a bad direction', () => {
    expect(validationOf(() => request({ first: 1 }, { field: 'password', direction: 'ASC' }))).toEqual(["order: Ordering is not allowed on field 'password'"]);
    expect(validationOf(() => request({ first: 1 }, { field: 'name', direction: 'UP' as 'ASC' }))).toEqual(["order: The direction is 'ASC' or 'DESC'"]);
  });

  it('takes back a cursor it made, for the same order only', () => {
    const order: ConnectionOrder = { field: 'createdAt', direction: 'DESC' };
    const cursor = encodeCursor(order, { key: '2026-01-01 00:00:00.123456+00', id: 42 });
    expect(request({ first: 1, after: cursor }, order).after).toEqual({ key: '2026-01-01 00:00:00.123456+00', id: 42 });
    expect(validationOf(() => request({ first: 1, after: cursor }, { field: 'createdAt', direction: 'ASC' }))).toHaveLength(1);
  });
});

describe('toConnection', () => {
  it('gives nodes and edges in order, cursors of each row and the page info', () => {
    const connection = toConnection(
      { rows: [{ node: { id: 1 }, key: { key: '1', id: 1 } }, { node: { id: 2 }, key: { key: '2', id: 2 } }], totalCount: 5, hasNextPage: true, hasPreviousPage: false },
      BY_ID,
    );
    expect(connection.nodes).toEqual([{ id: 1 }, { id: 2 }]);
    expect(connection.edges.map((edge) => request({ first: 1, after: edge.cursor }).after)).toEqual([{ key: '1', id: 1 }, { key: '2', id: 2 }]);
    expect(connection.pageInfo).toEqual({ hasNextPage: true, hasPreviousPage: false, startCursor: connection.edges[0]!.cursor, endCursor: connection.edges[1]!.cursor });
    expect(connection.totalCount).toBe(5);
    expect(toConnection({ rows: [], totalCount: 0, hasNextPage: false, hasPreviousPage: false }, BY_ID).pageInfo).toEqual({
      hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null,
    });
  });
});
