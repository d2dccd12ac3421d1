/**
 * `/v1/agile_boards` (issue 32 item 4, docs/decisions/045): the agile boards of the account of
 * the call with their ordered columns; administrators write them. A request is put on a board
 * and moved between its columns through its own `agile_board_id` and `agile_board_column_id`.
 */
import { z } from 'zod';
import { presentAgileBoard } from '@tessera/domain';
import { defineRoute, type RouteTable } from '@tessera/http';
import type { ApiServices } from '../services.js';
import { recordIdParam } from './record.schema.js';
import { agileBoardSchema, createAgileBoardInput, updateAgileBoardInput } from './agile-board.schema.js';

const BOARD_ID_PARAMS = z.object({ id: z.string().describe('The agile board id; anything but a positive integer is not found') });

export function agileBoardsRoutes(services: ApiServices): RouteTable {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/agile_boards',
      operationId: 'listAgileBoards',
      tag: 'agile boards',
      summary: 'Agile boards of the account',
      description: 'Every board, in id order (an account has a handful: no pages).',
      needs: { scope: 'agile_board:Read' },
      input: { parse: () => undefined },
      responses: { 200: { description: 'The boards, each with its columns', schema: z.array(agileBoardSchema) } },
      errors: [],
      handler: async ({ res, access }) => {
        res.json((await services.listAgileBoards(access)).map(presentAgileBoard));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/agile_boards/:id',
      operationId: 'getAgileBoard',
      tag: 'agile boards',
      summary: 'One agile board, with its columns',
      needs: { scope: 'agile_board:Read' },
      input: { params: BOARD_ID_PARAMS, parse: ({ params }) => ({ id: recordIdParam(params['id']) }) },
      responses: { 200: { description: 'The board', schema: agileBoardSchema } },
      errors: [404],
      handler: async ({ res, access, input }) => {
        res.json(presentAgileBoard(await services.getAgileBoard(access, input.id)));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/agile_boards',
      operationId: 'createAgileBoard',
      tag: 'agile boards',
      summary: 'Create an agile board',
      description: 'A name and its columns, left to right. No event fires: the catalogue has none for agile boards.',
      needs: { role: 'administrator', scope: 'agile_board:Create', answer: 'agile_board:Read' },
      input: createAgileBoardInput,
      responses: { 201: { description: 'The new board', schema: agileBoardSchema } },
      errors: [422],
      handler: async ({ res, access, input }) => {
        res.status(201).json(presentAgileBoard(await services.createAgileBoard(access, input)));
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/v1/agile_boards/:id',
      operationId: 'updateAgileBoard',
      tag: 'agile boards',
      summary: 'Change an agile board',
      description: 'Its name and its columns: `columns` is the whole list, in order; a column given with its `id` keeps it (and the requests in it), one without is added, one left out is removed (refused while a request is in it).',
      needs: { role: 'administrator', scope: 'agile_board:Update', answer: 'agile_board:Read' },
      input: updateAgileBoardInput,
      responses: { 200: { description: 'The board after the change', schema: agileBoardSchema } },
      errors: [404, 422],
      handler: async ({ res, access, input: { id, body } }) => {
        res.json(presentAgileBoard(await services.updateAgileBoard(access, id, body)));
      },
    }),
  ];
}
