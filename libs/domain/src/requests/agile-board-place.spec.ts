import { WDC } from './create-request.fixtures.js';
import type { AgileBoardView } from '../agile-boards/agile-board.js';
import { agileBoardPlace } from './agile-board-place.js';

const board = (id: number, columns: number[]): AgileBoardView => ({
  id, account_id: WDC, name: `Board ${id}`, columns: columns.map((column) => ({ id: column, name: `Column ${column}` })), created_at: new Date(), updated_at: new Date(),
});
const boards = new Map([[1, board(1, [11, 12])], [2, board(2, [21, 22])], [3, board(3, [])]]);
const find = async (id: number) => boards.get(id) ?? null;
const on = (agile_board_id: number | null, agile_board_column_id: number | null) => ({ agile_board_id, agile_board_column_id });

describe('where on an agile board a change leaves a request', () => {
  it('changes nothing when neither field is given', async () => {
    expect(await agileBoardPlace(on(1, 11), {}, find)).toEqual({ changes: {}, errors: [] });
  });

  it('puts a request on another board in its first column, or in none when the board has none', async () => {
    expect((await agileBoardPlace(on(null, null), { agile_board_id: 2 }, find)).changes).toEqual({ agile_board_id: 2, agile_board_column_id: 21 });
    expect((await agileBoardPlace(on(1, 12), { agile_board_id: 2 }, find)).changes).toEqual({ agile_board_id: 2, agile_board_column_id: 21 });
    expect((await agileBoardPlace(on(1, 12), { agile_board_id: 3 }, find)).changes).toEqual({ agile_board_id: 3, agile_board_column_id: null });
  });

  it('keeps the column when the board given is the one stored, and moves it to a column given of its board', async () => {
    expect((await agileBoardPlace(on(1, 12), { agile_board_id: 1 }, find)).changes).toEqual({});
    expect((await agileBoardPlace(on(1, 11), { agile_board_column_id: 12 }, find)).changes).toEqual({ agile_board_column_id: 12 });
    expect((await agileBoardPlace(on(1, 11), { agile_board_column_id: null }, find)).changes).toEqual({ agile_board_column_id: null });
  });

  it('takes it off its board and out of its column together', async () => {
    expect((await agileBoardPlace(on(1, 11), { agile_board_id: null }, find)).changes).toEqual({ agile_board_id: null, agile_board_column_id: null });
  });

  it('names the field of a board that is not there, a column of another board, and a column without a board', async () => {
    expect((await agileBoardPlace(on(null, null), { agile_board_id: 9 }, find)).errors).toEqual([['agile_board_id', 'Agile board id does not match any record']]);
    expect((await agileBoardPlace(on(1, 11), { agile_board_column_id: 21 }, find)).errors).toEqual([['agile_board_column_id', 'Agile board column id 21 is not a column of the agile board 1 (Board 1)']]);
    expect((await agileBoardPlace(on(1, 11), { agile_board_id: 2, agile_board_column_id: 12 }, find)).errors[0]![0]).toBe('agile_board_column_id');
    expect((await agileBoardPlace(null, { agile_board_column_id: 11 }, find)).errors).toEqual([['agile_board_column_id', 'Agile board column id needs an agile board']]);
  });
});
