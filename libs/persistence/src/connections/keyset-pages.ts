/**
 * Keyset (cursor) pages in one statement, for one list or for many parents at once:
 *   base    — the scoped, filtered rows: id, order key, parent, position in the order;
 *   ranked  — the rows past the cursor, numbered per parent from the cursor on;
 *   totals  — the row count of each parent (totalCount ignores the cursor);
 * then each parent's first `size + 1` rows, each with its node columns looked up by id. The extra row
 * says whether another page follows; the position says whether one comes before.
 * Lists of values are bound as one array parameter, so a query's text depends only on its
 * shape (filter fields, order, cursors given) and runs as a prepared statement.
 * The cursor holds the key as Postgres prints it (full precision for timestamps) and
 * the id, which breaks ties, so the order is total and stable.
 */
import { refusedCursor, type CursorKey, type DomainError, type NodeFilter, type PageRequest, type StoredPage } from '@tessera/domain';
import type { Knex } from 'knex';
import type { Database } from '../database.js';
import { prepared } from '../prepared.js';

export interface KeysetSpec {
  /** The scoped rows, filters applied, no columns. */
  scoped: Knex.QueryBuilder;
  /** The node columns, joined by `id` to the rows of the page. */
  nodes: Knex.QueryBuilder;
  id: string;
  /** Order and filter fields → column (`lower:` columns compare case-insensitively). */
  columns: Readonly<Record<string, string>>;
  /** The parent column for pages under many parents; null for one list. */
  parent: string | null;
}

/** `lower:col` → lower("col"), else the quoted column. */
function expression(db: Database, column: string): Knex.Raw {
  return column.startsWith('lower:') ? db.raw('lower(??)', [column.slice('lower:'.length)]) : db.raw('??', [column]);
}

export function applyNodeFilter(db: Database, query: Knex.QueryBuilder, filter: NodeFilter, columns: Readonly<Record<string, string>>): void {
  for (const [field, value] of Object.entries(filter)) {
    const column = columns[field];
    if (!column) throw new Error(`No column for filter field ${field}`);
    if (value === undefined) continue;
    if (typeof value === 'boolean') query.whereRaw('? = ?', [expression(db, column), value]);
    else if (column.startsWith('lower:')) query.whereRaw('? = any(?)', [expression(db, column), value.map((v) => String(v).toLowerCase())]);
    else query.whereRaw('?? = any(?)', [column, [...value] as never]);
  }
}

interface PageRow extends Record<string, unknown> {
  __group: number;
  __total: number;
  __position: number | null;
  __key_text: string | null;
  __id: number | null;
}

export async function keysetPages<T>(db: Database, spec: KeysetSpec, request: PageRequest): Promise<Map<number, StoredPage<T>>> {
  const column = spec.columns[request.order.field];
  if (!column) throw new Error(`No column for order field ${request.order.field}`);
  const key = expression(db, column);
  const dir = request.order.direction === 'ASC' ? 'asc' : 'desc';
  const base = spec.scoped.clone().clearSelect().clearOrder().select(
    db.raw('?? as "__id"', [spec.id]),
    db.raw('? as "__key"', [key]),
    spec.parent ? db.raw('?? as "__parent"', [spec.parent]) : db.raw('0 as "__parent"'),
    spec.parent
      ? db.raw(`row_number() over (partition by ?? order by ? ${dir}, ?? ${dir}) as "__position"`, [spec.parent, key, spec.id])
      : db.raw(`row_number() over (order by ? ${dir}, ?? ${dir}) as "__position"`, [key, spec.id]),
  );
  const ranked = db.from('base').select('*', db.raw(`row_number() over (partition by "__parent" order by "__position" ${request.forward ? 'asc' : 'desc'}) as "__rank"`));
  const past = (cursor: CursorKey, after: boolean) => {
    const greater = (request.order.direction === 'ASC') === after;
    ranked.whereRaw(`("__key", "__id") ${greater ? '>' : '<'} (?, ?)`, [cursor.key, cursor.id]);
  };
  if (request.after) past(request.after, true);
  if (request.before) past(request.before, false);
  const totals = db.from('base').select('__parent').count({ __total: '*' }).groupBy('__parent');
  const rows = (await prepared(db
    .with('base', base)
    .with('ranked', ranked)
    .with('totals', totals)
    .from('totals')
    .leftJoin('ranked as page', (join) => join.on('page.__parent', 'totals.__parent').andOn('page.__rank', '<=', db.raw('?', [request.size + 1])))
    // Lateral, by id, and fenced by `limit 1` (ids are unique) so the planner cannot flatten it
    // into a join: the node columns (and the reference-name subqueries of requests) are read for
    // the rows of the page alone, by primary key. Flattened, a table without statistics yet
    // (a new account, a fresh database) was scanned once per row of the page.
    .joinRaw('left join lateral ? as "node" on true', [db.raw('?', [spec.nodes.clone().whereRaw('?? = "page"."__id"', [spec.id]).limit(1)])])
    .select('totals.__parent as __group', 'totals.__total', 'page.__position', db.raw('page."__key"::text as "__key_text"'), 'page.__id', 'node.*')
    .orderBy([{ column: 'totals.__parent' }, { column: 'page.__position' }])).catch((error: unknown) => {
    throw unreadableCursorKey(error, request) ?? error;
  })) as PageRow[];
  return toPages<T>(rows, request);
}

/** SQLSTATEs of a text that does not read as the order column's type: not an integer, out of its range, not a timestamp. */
const UNREADABLE_KEY = new Set(['22P02', '22003', '22007', '22008']);

/**
 * A cursor's key is compared as the order column's type; the cursor is the only text of the
 * statement that meets a typed column, so such a failure means the cursor is not one this
 * connection gave (issue 18: `99999999999` as an id key reached the client as a 500).
 */
function unreadableCursorKey(error: unknown, request: PageRequest): DomainError | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !UNREADABLE_KEY.has(code)) return null;
  if (request.after) return refusedCursor('after');
  return request.before ? refusedCursor('before') : null;
}

function toPages<T>(rows: PageRow[], request: PageRequest): Map<number, StoredPage<T>> {
  // Each parent's rows and total, in one pass (a page of 100 parents has 600 rows).
  const groups = new Map<number, { total: number; group: PageRow[] }>();
  for (const row of rows) {
    let entry = groups.get(row.__group);
    if (!entry) groups.set(row.__group, (entry = { total: Number(row.__total), group: [] }));
    if (row.__id !== null) entry.group.push(row);
  }
  const pages = new Map<number, StoredPage<T>>();
  const nodeOf = rows[0] ? nodeCopier<T>(rows[0]) : restCopy<T>;
  for (const [parent, { total, group }] of groups) {
    const more = group.length > request.size;
    // Backward pages read from the cursor towards the start: the extra row is the first one.
    const page = more ? (request.forward ? group.slice(0, request.size) : group.slice(1)) : group;
    const cursorGiven = (request.forward ? request.after : request.before) !== null;
    const first = page[0];
    const last = page.at(-1);
    pages.set(parent, {
      rows: page.map((row) => ({ node: nodeOf(row), key: { key: row.__key_text!, id: row.__id! } })),
      totalCount: total,
      hasNextPage: request.forward ? more : last ? last.__position! < total : cursorGiven && total > 0,
      hasPreviousPage: request.forward ? (first ? first.__position! > 1 : cursorGiven && total > 0) : more,
    });
  }
  return pages;
}

/** The columns of the page itself, selected beside the node's (`node.*`). */
const PAGE_COLUMNS = new Set(['__group', '__total', '__position', '__key_text', '__id']);

function restCopy<T>(row: PageRow): T {
  const { __group, __total, __position, __key_text, __id, ...node } = row;
  return node as T;
}

/** Row shapes (one per statement shape: a few dozen) whose copier is kept. */
const MAX_ROW_SHAPES = 256;
const copiers = new Map<string, (row: PageRow) => unknown>();

/**
 * The node of a row without the page's columns, by a function made once per row shape that reads
 * each of the node's columns by name. A rest pattern with excluded keys takes V8's slow path, and a
 * loop of keyed copies turns megamorphic across the shapes of several tables: the page profile of
 * issue 23 had either at 3-5 % of a 100-request page (600 rows). The names are those of our own
 * statements' columns, written as JSON string literals; a `__proto__` column keeps the rest pattern.
 */
function nodeCopier<T>(sample: PageRow): (row: PageRow) => T {
  const columns = Object.keys(sample).filter((column) => !PAGE_COLUMNS.has(column));
  if (columns.includes('__proto__')) return restCopy<T>;
  const key = columns.join('\u0000');
  let copier = copiers.get(key);
  if (!copier) {
    copier = new Function('row', `return { ${columns.map((column) => `${JSON.stringify(column)}: row[${JSON.stringify(column)}]`).join(', ')} };`) as (row: PageRow) => unknown;
    if (copiers.size < MAX_ROW_SHAPES) copiers.set(key, copier);
  }
  return copier as (row: PageRow) => T;
}
