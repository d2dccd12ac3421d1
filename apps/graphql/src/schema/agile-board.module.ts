/**
 * Agile boards (issue 32 item 4, docs/decisions/045): the `AgileBoard` type with its ordered
 * columns, the `agileBoards` query, and a request's `agileBoard` / `agileBoardColumn`. A board
 * is not a node kind of the connections: an account has a handful, read whole (as REST
 * `GET /v1/agile_boards`), and a request's board is read through the same use case.
 */
import { encodeNodeId, type AgileBoardView, type RequestView } from '@tessera/domain';
import type { FieldNeeds } from '../field-needs.js';
import { caller, type GraphqlContext } from './graphql-context.js';
import type { SchemaModule } from './schema-module.js';

const OF_THE_BOARD: FieldNeeds = { parent: 'part of the agile board the parent field returned' };
const OF_THE_COLUMN: FieldNeeds = { parent: 'part of the agile board column the parent field returned' };
const READ_BOARDS: FieldNeeds = { action: 'agile_board:Read' };

type Column = { id: number; name: string | null };
const iso = (value: Date) => (value instanceof Date ? value : new Date(value)).toISOString();

export const agileBoardModule: SchemaModule = {
  typeDefs: /* GraphQL */ `
    "An agile board of the account: a name and its columns, left to right (see /v1/agile_boards)."
    type AgileBoard {
      id: ID!
      "The numeric id REST uses."
      dbId: Int!
      name: String!
      "The columns, left to right; each keeps its id while the board is edited."
      columns: [AgileBoardColumn!]!
      createdAt: DateTime!
      updatedAt: DateTime!
    }

    "A column of an agile board."
    type AgileBoardColumn {
      id: ID!
      dbId: Int!
      name: String
    }

    extend type Request {
      "The agile board the request is on; set with agileBoardId."
      agileBoard: AgileBoard
      "The column of its agile board the request is in; set with agileBoardColumnId (fires request.agile-board-column-changed)."
      agileBoardColumn: AgileBoardColumn
    }

    extend type Query {
      "The agile boards of the current account, in id order."
      agileBoards: [AgileBoard!]!
    }
  `,
  needs: {
    'Query.agileBoards': READ_BOARDS,
    'Request.agileBoard': READ_BOARDS,
    'Request.agileBoardColumn': READ_BOARDS,
    'AgileBoard.id': OF_THE_BOARD,
    'AgileBoard.dbId': OF_THE_BOARD,
    'AgileBoard.name': OF_THE_BOARD,
    'AgileBoard.columns': OF_THE_BOARD,
    'AgileBoard.createdAt': OF_THE_BOARD,
    'AgileBoard.updatedAt': OF_THE_BOARD,
    'AgileBoardColumn.id': OF_THE_COLUMN,
    'AgileBoardColumn.dbId': OF_THE_COLUMN,
    'AgileBoardColumn.name': OF_THE_COLUMN,
  },
  resolvers: {
    Query: {
      agileBoards: (_parent: unknown, _args: unknown, context: GraphqlContext) => context.services.listAgileBoards(caller(context)),
    },
    Request: {
      agileBoard: (request: unknown, _args: unknown, context: GraphqlContext) => {
        const id = (request as RequestView).agile_board_id;
        return id === null ? null : context.services.getAgileBoard(caller(context), id);
      },
      agileBoardColumn: (request: unknown): Column | null => {
        const view = request as RequestView;
        return view.agile_board_column_id === null ? null : { id: view.agile_board_column_id, name: view['agile_board_column_name'] ?? null };
      },
    },
    AgileBoard: {
      id: (board: unknown) => encodeNodeId('AgileBoard', (board as AgileBoardView).id),
      dbId: (board: unknown) => (board as AgileBoardView).id,
      createdAt: (board: unknown) => iso((board as AgileBoardView).created_at),
      updatedAt: (board: unknown) => iso((board as AgileBoardView).updated_at),
    },
    AgileBoardColumn: {
      id: (column: unknown) => encodeNodeId('AgileBoardColumn', (column as Column).id),
      dbId: (column: unknown) => (column as Column).id,
    },
  },
};
