/**
 * The agile board JSON of `/v1/agile_boards` and the bodies of its writes (docs/decisions/045);
 * agile-board.presenter.ts writes the answer. Bodies check shapes and lengths; the use cases
 * check what only the board can tell (column ids of this board, columns holding requests).
 */
import { z } from 'zod';
import { AGILE_BOARD_COLUMNS_MAX, AGILE_BOARD_NAME_MAX, type AgileBoardInput } from '@tessera/domain';
import { writeInput, type RouteInput } from '@tessera/http';

const MAX_ID = 2_147_483_647;
const nodeId = z.string().describe('Global node ID: URL-safe base64 of `tessera/<Type>/<id>`');
const name = (what: string) => z.string().trim().min(1, `${what} can't be blank`).max(AGILE_BOARD_NAME_MAX, `${what} is too long (maximum is ${AGILE_BOARD_NAME_MAX} characters)`);

export const agileBoardIdParams = z.object({
  id: z.string().regex(/^[1-9]\d{0,9}$/).transform(Number).pipe(z.int().max(MAX_ID)).describe('The agile board id; anything but a positive integer is not found'),
});

export const agileBoardSchema = z
  .object({
    id: z.int(),
    name: z.string().describe('Name of the board'),
    columns: z.array(z.object({ id: z.int(), name: z.string(), nodeID: nodeId })).describe('The columns, left to right'),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
    nodeID: nodeId,
  })
  .describe('An agile board, with its columns in order');

const columns = z
  .array(z.strictObject({
    id: z.int().min(1).max(MAX_ID).optional().describe('A column of this board, to keep (its requests stay in it); none: a new column'),
    name: name('Column name').describe('Name of the column'),
  }))
  .max(AGILE_BOARD_COLUMNS_MAX)
  .describe(`The columns, left to right (at most ${AGILE_BOARD_COLUMNS_MAX}); given on a change, the whole list: a column left out is removed, unless a request is in it`);

const createBody = z.strictObject({ name: name('Name').describe('Name of the board'), columns }).describe('A new agile board: a name and at least one column');
const updateBody = z.strictObject({ name: name('Name').optional().describe('Name of the board'), columns: columns.optional() }).describe('What to change of the board');

const create = writeInput({ body: createBody, what: 'an agile board' });
const update = writeInput({ params: agileBoardIdParams, body: updateBody, what: 'an agile board' });

export const createAgileBoardInput: RouteInput<AgileBoardInput> = { ...create, parse: (raw) => create.parse(raw).body as AgileBoardInput };

export const updateAgileBoardInput: RouteInput<{ id: number; body: AgileBoardInput }> = {
  ...update,
  parse: (raw) => {
    const { params, body } = update.parse(raw);
    return { id: params.id, body: body as AgileBoardInput };
  },
};
