/**
 * Hot statements compiled by Knex once per shape, then run as named prepared
 * statements with only their values bound. Building the request view's query
 * (fifteen name subqueries) and compiling it cost the api more than the
 * statement costs PostgreSQL: in the events intake's CPU profile, building and
 * compiling its statements was about a sixth of the api's time.
 *
 * A statement is written once, as a Knex query built from named values. The
 * first call of each shape builds it with a placeholder for every value that
 * is not null, compiles it, and keeps the SQL text and where each value goes;
 * later calls of that shape bind their values and run it. The shape is the
 * `variant` the caller names, the value names and which values are null, so a
 * query may branch on those (`whereNull` when a value is null, another
 * variant) and on nothing else. Values are bound as they are: arrays and
 * objects go in as one value each (serialise JSON before); an undefined value
 * is left out.
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { queryOnConnection } from './connection-query.js';
import type { Database } from './database.js';

type Values = Record<string, unknown>;

interface Shape {
  /** The SQL with numbered parameters ($1, $2, …), as the driver takes it. */
  text: string;
  /** Per binding: the name of a value, or a constant the query itself bound. */
  slots: Array<{ value: string } | { constant: unknown }>;
  name: string;
}

export interface ShapedStatement<V extends Values> {
  /** The rows of the statement for these values, on `db` (the pool or a transaction). */
  rows<R = Record<string, unknown>>(db: Database, variant: string, values: V): Promise<R[]>;
  /** How many shapes were compiled so far; for tests. */
  readonly shapes: number;
}

const PLACEHOLDER = '\u0000tessera-value:';

export function shapedStatement<V extends Values>(build: (db: Database, values: V, variant: string) => Knex.QueryBuilder): ShapedStatement<V> {
  const shapes = new Map<string, Shape>();
  return {
    async rows<R>(db: Database, variant: string, given: V): Promise<R[]> {
      // An undefined value is left out, as Knex leaves out an undefined column (its default applies).
      const values = withoutUndefined(given);
      const key = shapeKey(variant, values);
      let shape = shapes.get(key);
      if (!shape) {
        shape = compile(db, build, variant, values);
        shapes.set(key, shape);
      }
      const bindings = shape.slots.map((slot) => ('value' in slot ? values[slot.value] : slot.constant));
      const result = await queryOnConnection(db, { name: shape.name, text: shape.text, values: bindings });
      return result.rows as R[];
    },
    get shapes() {
      return shapes.size;
    },
  };
}

function withoutUndefined<V extends Values>(values: V): V {
  for (const name in values) if (values[name] === undefined) return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as V;
  return values;
}

function shapeKey(variant: string, values: Values): string {
  let key = variant;
  for (const name of Object.keys(values).sort()) key += `|${name}${values[name] === null ? '=' : ''}`;
  return key;
}

function compile<V extends Values>(db: Database, build: (db: Database, values: V, variant: string) => Knex.QueryBuilder, variant: string, values: V): Shape {
  const placeholders = Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, value === null ? null : `${PLACEHOLDER}${name}`]),
  ) as V;
  const compiled = build(db, placeholders, variant).toSQL();
  const slots = compiled.bindings.map((binding) =>
    typeof binding === 'string' && binding.startsWith(PLACEHOLDER) ? { value: binding.slice(PLACEHOLDER.length) } : { constant: binding },
  );
  // Knex numbers its `?` placeholders; a `?` the text held as an operator would be numbered too and misread.
  const questionMarks = compiled.sql.split('?').length - 1;
  if (questionMarks !== slots.length) throw new Error(`statement shape ${variant}: ${questionMarks} placeholders for ${slots.length} values`);
  const text = (db.client as unknown as { positionBindings(sql: string): string }).positionBindings(compiled.sql);
  return { text, slots, name: `tessera_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}` };
}
