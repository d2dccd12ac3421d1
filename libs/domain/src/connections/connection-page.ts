/**
 * Cursor (keyset) pages of GraphQL connections (SPEC.md "Limits": first or last on every
 * connection, 1..100; REFERENCE.md GraphQL: `after`/`before`, a filter and an order).
 * A page request is validated here once, so every store and transport reads the same
 * rules; a cursor is opaque to clients and names the order it was taken in, so a cursor
 * of another order is refused instead of silently skipping rows.
 */
import { validationFailed, type DomainError } from '../errors/domain-error.js';
import { MAX_RECORD_ID } from '../node-id.js';

export const MAX_PAGE_SIZE = 100;

export type OrderDirection = 'ASC' | 'DESC';

export interface ConnectionOrder<F extends string = string> {
  field: F;
  direction: OrderDirection;
}

/** The arguments of a connection field as a client sends them. */
export interface PageArgs {
  first?: number | null;
  last?: number | null;
  after?: string | null;
  before?: string | null;
}

/** A position in an order: the order field's value (as text, full precision) and the id breaking ties. */
export interface CursorKey {
  key: string;
  id: number;
}

/** A validated page request: which way, how many, from where, in which order. */
export interface PageRequest<F extends string = string> {
  forward: boolean;
  size: number;
  after: CursorKey | null;
  before: CursorKey | null;
  order: ConnectionOrder<F>;
}

export interface Edge<T> {
  cursor: string;
  node: T;
}

export interface PageInfo {
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  startCursor: string | null;
  endCursor: string | null;
}

export interface Connection<T> {
  nodes: T[];
  edges: Edge<T>[];
  pageInfo: PageInfo;
  totalCount: number;
}

/** What a store answers for one page: the rows with their cursor keys, and the facts around them. */
export interface StoredPage<T> {
  rows: Array<{ node: T; key: CursorKey }>;
  totalCount: number;
  hasNextPage: boolean;
  hasPreviousPage: boolean;
}

export function encodeCursor(order: ConnectionOrder, key: CursorKey): string {
  return Buffer.from(JSON.stringify([order.field, order.direction, key.key, key.id]), 'utf8').toString('base64url');
}

/** The refusal of a cursor this connection did not give: here, or by the store when its key does not read as the order's type. */
export function refusedCursor(argument: 'after' | 'before'): DomainError {
  return validationFailed([[argument, `'${argument}' is not a cursor of this connection and order`]]);
}

function decodeCursor(argument: 'after' | 'before', cursor: string, order: ConnectionOrder): CursorKey {
  const invalid = refusedCursor(argument);
  if (!/^[A-Za-z0-9_-]{1,1000}$/.test(cursor)) throw invalid;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid;
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) throw invalid;
  const [field, direction, key, id] = parsed as unknown[];
  if (field !== order.field || direction !== order.direction) throw invalid;
  if (typeof key !== 'string' || key.length > 500 || typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > MAX_RECORD_ID) throw invalid;
  return { key, id };
}

function checkSize(argument: 'first' | 'last', value: number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (!Number.isInteger(value) || value < 1 || value > MAX_PAGE_SIZE) {
    throw validationFailed([[argument, `'${argument}' must be an integer from 1 to ${MAX_PAGE_SIZE}`]]);
  }
  return value;
}

/**
 * The page a client asked for, or a validation error: exactly one of first/last (1..100),
 * cursors of this order, an order field the connection offers.
 */
export function pageRequest<F extends string>(args: PageArgs, order: ConnectionOrder<string> | null | undefined, orderFields: readonly F[], defaultOrder: ConnectionOrder<F>): PageRequest<F> {
  const first = checkSize('first', args.first);
  const last = checkSize('last', args.last);
  if (first === null && last === null) throw validationFailed([['first', "A connection needs 'first' or 'last'"]]);
  if (first !== null && last !== null) throw validationFailed([['last', "Give 'first' or 'last', not both"]]);
  const chosen = order ?? defaultOrder;
  if (!orderFields.includes(chosen.field as F)) throw validationFailed([['order', `Ordering is not allowed on field '${chosen.field}'`]]);
  if (chosen.direction !== 'ASC' && chosen.direction !== 'DESC') throw validationFailed([['order', "The direction is 'ASC' or 'DESC'"]]);
  const validOrder = { field: chosen.field as F, direction: chosen.direction };
  return {
    forward: first !== null,
    size: (first ?? last)!,
    after: args.after ? decodeCursor('after', args.after, validOrder) : null,
    before: args.before ? decodeCursor('before', args.before, validOrder) : null,
    order: validOrder,
  };
}

/**
 * The client's view of a stored page: edges and nodes in order. Cursors (of edges and pageInfo)
 * are encoded when read, so a page whose cursors nobody asks for (most nested pages) encodes none.
 */
export function toConnection<T>(page: StoredPage<T>, order: ConnectionOrder): Connection<T> {
  const first = page.rows[0];
  const last = page.rows.at(-1);
  let edges: Edge<T>[] | null = null;
  return {
    nodes: page.rows.map((row) => row.node),
    // Made when asked for, once: a page of nested connections asked for `nodes` alone builds none.
    get edges() {
      return (edges ??= page.rows.map(({ node, key }) => new PageEdge(node, order, key)));
    },
    pageInfo: {
      hasNextPage: page.hasNextPage,
      hasPreviousPage: page.hasPreviousPage,
      get startCursor() {
        return first ? encodeCursor(order, first.key) : null;
      },
      get endCursor() {
        return last ? encodeCursor(order, last.key) : null;
      },
    },
    totalCount: page.totalCount,
  };
}

/** An edge whose cursor is encoded when read (a class: an object literal with a getter is slow to make, one per row). */
class PageEdge<T> implements Edge<T> {
  readonly #order: ConnectionOrder;
  readonly #key: CursorKey;

  constructor(
    readonly node: T,
    order: ConnectionOrder,
    key: CursorKey,
  ) {
    this.#order = order;
    this.#key = key;
  }

  get cursor(): string {
    return encodeCursor(this.#order, this.#key);
  }
}
