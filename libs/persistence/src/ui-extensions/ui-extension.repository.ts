/**
 * UI extensions of one account, each read with its active and its
 * being_prepared version in one statement (two left joins: a unique index
 * allows one of each per extension). The name is unique per account (the
 * store says so: `name-taken`).
 */
import { trustedAccountId, type NameTaken, type UiExtensionRecord, type UiExtensionRepository, type UiExtensionVersionRecord } from '@tessera/domain';
import type { Knex } from 'knex';
import type { Database } from '../database.js';
import { fetchPage } from '../collections/collection.js';
import { isUniqueViolation } from './unique-violation.js';

const VERSION_COLUMNS = [
  'id', 'account_id', 'ui_extension_id', 'version_nr', 'name', 'status', 'activated_at', 'archived_at', 'html', 'css', 'javascript',
  'form_definition', 'compiled_css', 'phrases', 'created_at', 'updated_at',
];
const EXTENSION_COLUMNS = ['id', 'account_id', 'name', 'title', 'description', 'category', 'disabled', 'created_at', 'updated_at'];
const COLUMNS = [
  ...EXTENSION_COLUMNS.map((column) => `e.${column}`),
  ...VERSION_COLUMNS.map((column) => `a.${column} as a_${column}`),
  ...VERSION_COLUMNS.map((column) => `p.${column} as p_${column}`),
];

/** Public field name → SQL column, for filters and sorting. */
export const UI_EXTENSION_COLUMNS: Readonly<Record<string, string>> = {
  id: 'e.id', name: 'e.name', title: 'e.title', category: 'e.category', disabled: 'e.disabled', created_at: 'e.created_at', updated_at: 'e.updated_at',
};

type Row = Record<string, unknown>;

function versionOf(row: Row, prefix: string): UiExtensionVersionRecord | null {
  if (prefix && row[`${prefix}id`] === null) return null;
  const version = Object.fromEntries(VERSION_COLUMNS.map((column) => [column, row[`${prefix}${column}`]])) as unknown as UiExtensionVersionRecord;
  return { ...version, account_id: trustedAccountId(String(version.account_id)) };
}

function toRecord(row: Row): UiExtensionRecord {
  const extension = Object.fromEntries(EXTENSION_COLUMNS.map((column) => [column, row[column]])) as unknown as UiExtensionRecord;
  return {
    ...extension,
    account_id: trustedAccountId(String(extension.account_id)),
    active_version: versionOf(row, 'a_'),
    prepared_version: versionOf(row, 'p_'),
  };
}

async function written(write: Knex.QueryBuilder): Promise<{ id: number } | NameTaken> {
  try {
    const [row] = await write.returning('id');
    return { id: row.id as number };
  } catch (error) {
    if (isUniqueViolation(error, 'ui_extensions_account_id_name_as_read_unique')) return 'name-taken';
    throw error;
  }
}

export function uiExtensionRepository(db: Database): UiExtensionRepository {
  const base = (account: string): Knex.QueryBuilder =>
    db({ e: 'ui_extensions' })
      .leftJoin({ a: 'ui_extension_versions' }, (on) => on.on('a.ui_extension_id', 'e.id').andOnVal('a.status', 'active'))
      .leftJoin({ p: 'ui_extension_versions' }, (on) => on.on('p.ui_extension_id', 'e.id').andOnVal('p.status', 'being_prepared'))
      .where('e.account_id', account);
  const find = async (account: string, id: number, forUpdate: boolean): Promise<UiExtensionRecord | null> => {
    const query = base(account).andWhere('e.id', id).first(COLUMNS);
    if (forUpdate) query.forUpdate('e');
    const row = (await query) as Row | undefined;
    return row ? toRecord(row) : null;
  };
  return {
    find: (account, id) => find(account, id, false),
    findForUpdate: (account, id) => find(account, id, true),
    async list(account, query) {
      const page = await fetchPage<Row>(base(account).select(COLUMNS), query, UI_EXTENSION_COLUMNS);
      return { rows: page.rows.map(toRecord), total: page.total };
    },
    insert: (account, fields) => written(db('ui_extensions').insert({ account_id: account, ...fields })),
    update: (account, id, changes) => written(db('ui_extensions').where({ account_id: account, id }).update({ ...changes, updated_at: db.fn.now() })),
    async lastVersionNr(account, extensionId) {
      const row = await db('ui_extension_versions').where({ account_id: account, ui_extension_id: extensionId }).max({ nr: 'version_nr' }).first();
      return Number(row?.nr ?? 0);
    },
    async insertVersion(account, extensionId, version) {
      const [row] = await db('ui_extension_versions')
        .insert({ account_id: account, ui_extension_id: extensionId, ...version, phrases: JSON.stringify(version.phrases) })
        .returning(VERSION_COLUMNS);
      return versionOf(row, '') as UiExtensionVersionRecord;
    },
    async updateVersion(account, versionId, changes) {
      const { phrases, ...rest } = changes;
      await db('ui_extension_versions')
        .where({ account_id: account, id: versionId })
        .update({ ...rest, ...(phrases ? { phrases: JSON.stringify(phrases) } : {}), updated_at: db.fn.now() });
    },
    async findVersion(account, extensionId, versionId) {
      const row = await db('ui_extension_versions').where({ account_id: account, ui_extension_id: extensionId, id: versionId }).first(VERSION_COLUMNS);
      return row ? versionOf(row, '') : null;
    },
    async versionAuditLines(account, versionId) {
      const rows = await db({ l: 'audit_lines' })
        .leftJoin({ p: 'people' }, 'p.id', 'l.person_id')
        .where({ 'l.account_id': account, 'l.record_type': 'UiExtensionVersion', 'l.record_id': versionId })
        .orderBy('l.id')
        .select('l.id', 'l.action', 'l.changes', 'l.person_id', 'p.name as person_name', 'l.source', 'l.created_at');
      return rows.map(({ person_id, person_name, ...line }) => ({ ...line, person: person_id === null ? null : { id: person_id, name: person_name } }));
    },
  };
}
