/**
 * The SQL of a record of the engine (docs/decisions/039), built from its definition: the
 * same statement text for the same record and shape. A record reads as its REST answer
 * does: of one account, each reference `{id, name}` only when it names a record of that same
 * account, each link list as `[{id, name}]` in its order.
 */
import { readNameOf, referenceTarget, type NamedRef, type RecordDefinition, type RecordLinked, type RecordView } from '@tessera/domain';
import type { Knex } from 'knex';
import type { Database } from '../database.js';

const fieldsOf = (def: RecordDefinition) => Object.entries(def.fields.fields);

/** SQL: the name a reference to `target` shows, of its row `alias` (registry.ts `nameColumn`). */
function nameOf(target: string, alias: string): string {
  const column = referenceTarget(target).nameColumn;
  return column === null ? 'null::text' : `${alias}.${column ?? 'name'}`;
}

/** SQL: the row `alias` of a referenced record is of the record's account (`t`), or of its directory account for people. */
function sameAccount(target: string, alias: string): string {
  return referenceTarget(target).directory
    ? `(${alias}.account_id = t.account_id or ${alias}.account_id = (select a.directory_account_id from accounts a where a.id = t.account_id))`
    : `${alias}.account_id = t.account_id`;
}

/** Public field name → SQL column, for REST filters and sorting (a reference by its id). */
export function collectionColumns(def: RecordDefinition): Record<string, string> {
  return Object.fromEntries(fieldsOf(def).filter(([, field]) => field.type !== 'references').map(([name, field]) => [name, `t.${field.column ?? name}`]));
}

/**
 * The record's rows of one account (and of its directory account: define-record.ts `directory`), with every read field
 * (references as `<read>_ref_id` / `_ref_name`; values of the account: `accountValues`).
 */
export function recordViews(db: Database, def: RecordDefinition, account: string): Knex.QueryBuilder {
  const query = db(`${def.table} as t`);
  if (def.directory) query.whereRaw('(t.account_id = ? or t.account_id = (select a.directory_account_id from accounts a where a.id = ?))', [account, account]);
  else query.where('t.account_id', account);
  fieldsOf(def).forEach(([name, field], i) => {
    const read = readNameOf(name, field);
    if (read === null) return;
    const values = def.accountValues[name];
    if (def.directory?.field === name) {
      query.select(db.raw(`(select json_build_object('id', a.id, 'name', a.name) from accounts a where a.id = t.account_id) as ??`, [read]));
    } else if (values) {
      query.select(db.raw(`array(select v.${values.value} from ${values.table} v where v.${values.self} = t.id and v.account_id = ? order by v.${values.value})::text[] as ??`, [account, read]));
    } else if (field.type === 'reference') {
      const alias = `j${i}`;
      query
        .leftJoin(`${referenceTarget(field.target).table} as ${alias}`, (j) => j.on(`${alias}.id`, `t.${field.column ?? name}`).andOn(db.raw(sameAccount(field.target, alias))))
        .select(`${alias}.id as ${read}_ref_id`, db.raw(`${nameOf(field.target, alias)} as ??`, [`${read}_ref_name`]));
    } else if (field.type === 'references') {
      const link = def.links[name]!;
      const order = link.position === 'self' ? 'l.position' : 'o.id';
      query.select(db.raw(`coalesce((select json_agg(json_build_object('id', o.id, 'name', ${nameOf(field.target, 'o')}) order by ${order})
        from ${link.table} l join ${referenceTarget(field.target).table} o on o.id = l.${link.other} and ${sameAccount(field.target, 'o')}
        where l.${link.self} = t.id), '[]'::json) as ${read}`));
    } else query.select(`t.${field.column ?? name} as ${read}`);
  });
  return query;
}

/**
 * Keeps the records one of the record's predefined filters selects (define-record.ts collectionViews):
 * of a record with `current` (RecordCurrent), on the database clock, active from `from`, before
 * `until` (none: no end), unless `unless`; of one with `predefined`, those having all the values
 * of any one of its sets. `all` or none keeps every record. The definition names the columns; the
 * statement text is one per view.
 */
export function whereView(query: Knex.QueryBuilder, def: RecordDefinition, view: string | undefined, alias = 't'): Knex.QueryBuilder {
  if (view === undefined || view === 'all') return query;
  const column = (name: string) => `${alias}.${def.fields.fields[name]!.column ?? name}`;
  if (def.current !== null) {
    const { from, until, unless } = def.current;
    const active = `not ${column(unless)} and ${column(from)} <= now() and (${column(until)} is null or ${column(until)} > now())`;
    return query.whereRaw(view === 'active' ? active : `not (${active})`);
  }
  const filter = def.predefined[view];
  if (!filter) throw new Error(`${def.noun} has no predefined filter ${view}`);
  return query.where((any) => {
    for (const values of filter.any) any.orWhere((each) => void Object.entries(values).forEach(([name, value]) => each.where(column(name), value as string | number | boolean)));
  });
}

export function toRecordView(def: RecordDefinition, row: Record<string, unknown>): RecordView {
  const view: Record<string, unknown> = {};
  for (const [name, field] of fieldsOf(def)) {
    const read = readNameOf(name, field);
    if (read === null) continue;
    if (field.type !== 'reference') view[read] = row[read];
    else view[read] = row[`${read}_ref_id`] === null || row[`${read}_ref_id`] === undefined ? null : ({ id: row[`${read}_ref_id`], name: row[`${read}_ref_name`] } as NamedRef);
  }
  return view as RecordView;
}

/** Keeps the records whose link list `field` holds the record `linked.id` (or, with `owner`, those that record's list holds), among the links of the account. */
export function whereLinked(query: Knex.QueryBuilder, def: RecordDefinition, account: string, linked: RecordLinked | undefined): Knex.QueryBuilder {
  if (linked === undefined) return query;
  if (linked.owner) {
    const held = linked.owner.links[linked.field]!;
    return query.whereRaw(`exists (select 1 from ${held.table} l where l.${held.self} = ? and l.${held.other} = t.id and l.account_id = ?)`, [linked.id, account]);
  }
  const link = def.links[linked.field]!;
  return query.whereRaw(`exists (select 1 from ${link.table} l where l.${link.self} = t.id and l.${link.other} = ? and l.account_id = ?)`, [linked.id, account]);
}

/** Links `ids` to the record: in their order when the position is its own, each after the other record's links when it is the other's. */
export async function insertLinks(db: Database, def: RecordDefinition, field: string, id: number, ids: readonly number[]): Promise<void> {
  const link = def.links[field]!;
  const declared = def.fields.fields[field]!;
  if (link.position !== 'other') {
    // A link is of its owner's account, taken from the owner's row in the same statement.
    const [position, value] = link.position === 'self' ? [', position', ', l.position'] : ['', ''];
    await db.raw(
      `insert into ${link.table} (account_id, ${link.self}, ${link.other}${position})
       select t.account_id, t.id, l.id${value} from ${def.table} t, unnest(?::int[]) with ordinality as l(id, position) where t.id = ?`,
      [[...ids], id],
    );
    return;
  }
  if (declared.type !== 'references') throw new Error(`${field} is not a list`);
  await db.raw(
    `insert into ${link.table} (account_id, ${link.self}, ${link.other}, position)
     select o.account_id, ?, o.id, coalesce((select max(l.position) from ${link.table} l where l.${link.other} = o.id), 0) + 1
       from ${referenceTarget(declared.target).table} o
      where o.id = any(?::int[])
     on conflict (${link.other}, ${link.self}) do nothing`,
    [id, [...ids]],
  );
}

/** The notes of one record of the engine, as a request's notes read (request-views.ts listNoteViews). */
export function recordNotes(db: Database, def: RecordDefinition, account: string, id: number): Knex.QueryBuilder {
  return db('notes as n')
    .join('people as p', 'p.id', 'n.person_id')
    .where({ 'n.account_id': account, 'n.record_type': def.node, 'n.record_id': id })
    .select('n.id', 'n.text', 'n.internal', 'n.person_id', 'p.name as person_name', 'n.created_at');
}
