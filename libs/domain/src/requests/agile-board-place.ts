/**
 * Issue 32 item 4 (docs/decisions/045): where on an agile board a change leaves a request.
 * - `agile_board_id` names a board of the account; `agile_board_column_id` a column of the
 *   board the request is on once changed (as given, else as stored), or a 422 naming it;
 * - put on another board without a column, the request goes to that board's first column;
 * - taken off its board, it leaves its column too; a column needs a board.
 */
import type { FieldError } from '../errors/domain-error.js';
import type { AgileBoardView } from '../agile-boards/agile-board.js';
import type { RequestRecord } from './request-record.js';

type Place = Pick<RequestRecord, 'agile_board_id' | 'agile_board_column_id'>;
type Given = { agile_board_id?: number | null; agile_board_column_id?: number | null };

/** The place's fields that change, with the problems of those given; `findBoard` looks a board up in the account. */
export async function agileBoardPlace(
  stored: Place | null,
  given: Given,
  findBoard: (id: number) => Promise<AgileBoardView | null>,
): Promise<{ changes: Partial<Place>; errors: FieldError[] }> {
  if (given.agile_board_id === undefined && given.agile_board_column_id === undefined) return { changes: {}, errors: [] };
  const before: Place = stored ?? { agile_board_id: null, agile_board_column_id: null };
  const boardId = given.agile_board_id !== undefined ? given.agile_board_id : before.agile_board_id;
  const columnGiven = given.agile_board_column_id !== undefined;
  const after: Place = { agile_board_id: boardId, agile_board_column_id: null };
  if (boardId === null) {
    if (columnGiven && given.agile_board_column_id !== null) return { changes: {}, errors: [['agile_board_column_id', 'Agile board column id needs an agile board']] };
  } else {
    const board = await findBoard(boardId);
    if (!board) return { changes: {}, errors: [['agile_board_id', 'Agile board id does not match any record']] };
    const columnId = columnGiven ? given.agile_board_column_id! : boardId === before.agile_board_id ? before.agile_board_column_id : (board.columns[0]?.id ?? null);
    if (columnId !== null && !board.columns.some((column) => column.id === columnId)) {
      return { changes: {}, errors: [['agile_board_column_id', `Agile board column id ${columnId} is not a column of the agile board ${board.id} (${board.name})`]] };
    }
    after.agile_board_column_id = columnId;
  }
  const changes: Partial<Place> = {};
  if (after.agile_board_id !== before.agile_board_id) changes.agile_board_id = after.agile_board_id;
  if (after.agile_board_column_id !== before.agile_board_column_id) changes.agile_board_column_id = after.agile_board_column_id;
  return { changes, errors: [] };
}
