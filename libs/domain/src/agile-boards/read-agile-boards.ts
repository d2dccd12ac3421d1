/**
 * `GET /v1/agile_boards` and `GET /v1/agile_boards/:id` (issue 32 item 4): the boards of the
 * account of the call, for a token allowing `agile_board:Read`. An account has a handful of
 * boards, so the list is whole, in id order (docs/decisions/045).
 */
import { notFound } from '../errors/domain-error.js';
import type { AccessContext } from '../identity/access-context.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { assertAllowed } from '../scopes/evaluate-scopes.js';
import type { AgileBoardView } from './agile-board.js';

type BoardReads = UnitOfWork<'agileBoards'>;

export async function listAgileBoards(access: AccessContext, uow: BoardReads): Promise<AgileBoardView[]> {
  assertAllowed(access, 'agile_board', 'Read');
  return uow.repositories.agileBoards.list(access.account.id);
}

export async function getAgileBoard(access: AccessContext, id: number, uow: BoardReads): Promise<AgileBoardView> {
  assertAllowed(access, 'agile_board', 'Read');
  const board = await uow.repositories.agileBoards.find(access.account.id, id);
  if (!board) throw notFound();
  return board;
}
