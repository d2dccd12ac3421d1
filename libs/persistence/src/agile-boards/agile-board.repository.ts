/** Agile boards of one account and their ordered columns (docs/decisions/045). */
import type { AccountId, AgileBoardColumnInput, AgileBoardRepository, AgileBoardView } from '@tessera/domain';
import type { Database } from '../database.js';

const COLUMNS = `coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name) order by c.position)
  from agile_board_columns c where c.agile_board_id = b.id), '[]') as columns`;

function boards(db: Database, account: AccountId) {
  return db('agile_boards as b').where('b.account_id', account).select('b.id', 'b.account_id', 'b.name', 'b.created_at', 'b.updated_at', db.raw(COLUMNS));
}

async function findBoard(db: Database, account: AccountId, id: number, lock: 'update' | 'share' | null): Promise<AgileBoardView | null> {
  // Locked first, then read: under read committed the read sees the columns as the lock holder committed them.
  if (lock === 'update') await db('agile_boards').where({ account_id: account, id }).forUpdate().select('id');
  if (lock === 'share') await db('agile_boards').where({ account_id: account, id }).forShare().select('id');
  return ((await boards(db, account).where('b.id', id).first()) as AgileBoardView | undefined) ?? null;
}

async function replaceColumns(db: Database, account: AccountId, boardId: number, columns: readonly AgileBoardColumnInput[]): Promise<void> {
  const kept = columns.flatMap((column) => (column.id === undefined ? [] : [column.id]));
  await db('agile_board_columns').where({ account_id: account, agile_board_id: boardId }).whereNotIn('id', kept).delete();
  // Positions first moved out of the way, so no two columns share one while they are renumbered.
  await db('agile_board_columns').where({ account_id: account, agile_board_id: boardId }).update({ position: db.raw('position + ?', [columns.length + 1]) });
  for (const [position, column] of columns.entries()) {
    if (column.id === undefined) await db('agile_board_columns').insert({ account_id: account, agile_board_id: boardId, name: column.name, position });
    else await db('agile_board_columns').where({ account_id: account, agile_board_id: boardId, id: column.id }).update({ name: column.name, position });
  }
  await db('agile_boards').where({ account_id: account, id: boardId }).update({ updated_at: db.fn.now() });
}

export function agileBoardRepository(db: Database): AgileBoardRepository {
  return {
    list: async (account) => (await boards(db, account).orderBy('b.id')) as AgileBoardView[],
    find: (account, id) => findBoard(db, account, id, null),
    findForUpdate: (account, id) => findBoard(db, account, id, 'update'),
    findForShare: (account, id) => findBoard(db, account, id, 'share'),
    insert: async (account, name) => {
      const [row] = await db('agile_boards').insert({ account_id: account, name }).returning('id');
      return (row as { id: number }).id;
    },
    rename: async (account, id, name) => {
      await db('agile_boards').where({ account_id: account, id }).update({ name, updated_at: db.fn.now() });
    },
    replaceColumns: (account, boardId, columns) => replaceColumns(db, account, boardId, columns),
    columnsInUse: async (account, columnIds) =>
      (await db('requests').where('account_id', account).whereIn('agile_board_column_id', columnIds).distinct('agile_board_column_id').orderBy('agile_board_column_id'))
        .map((row: { agile_board_column_id: number }) => row.agile_board_column_id),
  };
}
