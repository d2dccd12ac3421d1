/** The one store of every record of the engine (docs/decisions/039); its SQL is record-sql.ts. */
import { storedFields, type NoteView, type RecordDefinition, type RecordRow, type RecordStore } from '@tessera/domain';
import type { Database } from '../database.js';
import { fetchPage } from '../collections/collection.js';
import { NOTE_COLUMNS } from '../requests/request-views.js';
import { collectionColumns, insertLinks, recordNotes, recordViews, toRecordView, whereView, whereLinked } from './record-sql.js';
import { whereReadable } from './record-readers-sql.js';

/** A field's stored column (its declaration's `column`, default its name). */
const columnOf = (def: RecordDefinition, name: string) => def.fields.fields[name]?.column ?? name;
const toColumns = (def: RecordDefinition, row: RecordRow) => Object.fromEntries(Object.entries(row).map(([name, value]) => [columnOf(def, name), value]));

/** A unique constraint refused the write: the record's unique field in the account. */
const isTaken = (error: unknown) => (error as { code?: string }).code === '23505';

/** Runs a write in a savepoint: a taken unique value leaves the transaction usable for the answer. */
async function unlessTaken(db: Database, write: (trx: Database) => Promise<unknown>): Promise<boolean> {
  try {
    await db.transaction((trx) => write(trx));
    return true;
  } catch (error) {
    if (isTaken(error)) return false;
    throw error;
  }
}

export function recordStore(db: Database): RecordStore {
  return {
    async page(def, account, query, view, linked, reader) {
      const views = whereReadable(whereLinked(whereView(recordViews(db, def, account), def, view), def, account, linked), def, reader);
      const page = await fetchPage<Record<string, unknown>>(views, query, collectionColumns(def));
      return { rows: page.rows.map((row) => toRecordView(def, row)), total: page.total };
    },
    async find(def, account, id, reader) {
      const row = (await whereReadable(recordViews(db, def, account), def, reader).where('t.id', id).first()) as Record<string, unknown> | undefined;
      return row ? toRecordView(def, row) : null;
    },
    async findForUpdate(def, account, id) {
      const row = await db(def.table).where({ account_id: account, id }).forUpdate().first(storedFields(def).map((name) => `${columnOf(def, name)} as ${name}`));
      return (row as RecordRow | undefined) ?? null;
    },
    async insert(def, account, row) {
      let id: number | null = null;
      const done = await unlessTaken(db, async (trx) => {
        [{ id }] = await trx(def.table).insert({ account_id: account, ...toColumns(def, row) }).returning('id');
      });
      return done ? id : null;
    },
    update: (def, id, changes) => unlessTaken(db, (trx) => trx(def.table).where({ id }).update({ ...toColumns(def, changes), updated_at: db.fn.now() })),
    async insertNote(def, account, id, personId, text) {
      const [{ id: noteId }] = await db('notes').insert({ account_id: account, record_type: def.node, record_id: id, person_id: personId, text, internal: false }).returning('id');
      return noteId as number;
    },
    notesPage: (def, account, id, query) => fetchPage<NoteView>(recordNotes(db, def, account, id), query, NOTE_COLUMNS),
    async delete(def, id) {
      await db(def.table).where({ id }).delete();
    },
    async missingIds(table, accounts, ids) {
      const found = new Set<number>(await db(table).whereRaw('account_id = any(?) and id = any(?::int[])', [[...accounts], [...ids]]).pluck('id'));
      return ids.filter((id) => !found.has(id));
    },
    async missingNames(table, account, column, names) {
      if (names.length === 0) return [];
      const found = new Set<string>(await db(table).where({ account_id: account }).whereIn(column, [...names]).pluck(column));
      return names.filter((name) => !found.has(name));
    },
    async idWith(def, account, field, value, exceptId) {
      // Compared as the unique indexes compare: as a person reads it (migration 23), or in lower case (people's e-mails).
      const compare = def.uniqueness.compare === 'lower' ? 'lower(??) = lower(?)' : 'name_as_read(??) = name_as_read(?)';
      const query = db(def.table).whereRaw(compare, [columnOf(def, field), value]);
      if (def.uniqueness.across === 'account') query.where({ account_id: account });
      if (exceptId !== undefined) query.whereNot('id', exceptId);
      const row = await query.first('id');
      return row ? (row.id as number) : null;
    },
    async isSelfOrBelow(def, field, id, candidate) {
      const column = columnOf(def, field);
      const { rows } = await db.raw<{ rows: unknown[] }>(
        `with recursive below(id) as (select ?::int union select t.id from ${def.table} t join below b on t.${column} = b.id)
         select 1 from below where id = ? limit 1`,
        [id, candidate],
      );
      return rows.length > 0;
    },
    async columnValue(table, id, column) {
      const row = await db(table).where({ id }).first(`${column} as value`);
      return (row as { value?: unknown } | undefined)?.value ?? null;
    },
    async inTeam(teamId, personId) {
      return (await db('team_memberships').where({ team_id: teamId, person_id: personId }).first('person_id')) !== undefined;
    },
    async sameValue(column, tableA, a, tableB, b) {
      const { rows } = await db.raw<{ rows: Array<{ same: boolean }> }>(
        'select (select ?? from ?? where id = ?) is not distinct from (select ?? from ?? where id = ?) as same',
        [column, tableA, a, column, tableB, b],
      );
      return rows[0]!.same;
    },
    async rowsWhere(def, account, field, value) {
      const columns = ['id', ...storedFields(def).map((name) => `${columnOf(def, name)} as ${name}`)];
      return (await db(def.table).where({ account_id: account, [columnOf(def, field)]: value }).orderBy('id').select(columns)) as Array<RecordRow & { id: number }>;
    },
    async linkPairs(def, field, ids) {
      const link = def.links[field]!;
      const rows = await db(link.table).whereRaw('?? = any(?::int[])', [link.self, [...ids]]).orderBy([link.self, link.other]).select(`${link.self} as self`, `${link.other} as other`);
      return rows.map((row: { self: number; other: number }) => [row.self, row.other] as [number, number]);
    },
    linkIds(def, field, id) {
      const link = def.links[field]!;
      return db(link.table).where({ [link.self]: id }).orderBy(link.position === 'self' ? 'position' : link.other).pluck(link.other);
    },
    async replaceLinks(def, field, id, ids) {
      const link = def.links[field]!;
      const kept = db(link.table).where({ [link.self]: id });
      // A list whose position is the other record's keeps the links it still holds, in their place there.
      await (link.position === 'other' ? kept.whereNotIn(link.other, [...ids]) : kept).delete();
      if (ids.length > 0) await insertLinks(db, def, field, id, ids);
    },
    accountValues(def, field, account, id) {
      const values = def.accountValues[field]!;
      return db(values.table).where({ account_id: account, [values.self]: id }).orderBy(values.value).pluck(values.value);
    },
    async replaceAccountValues(def, field, account, id, list) {
      const values = def.accountValues[field]!;
      await db(values.table).where({ account_id: account, [values.self]: id }).delete();
      if (list.length > 0) await db(values.table).insert(list.map((value) => ({ account_id: account, [values.self]: id, [values.value]: value })));
    },
  };
}
