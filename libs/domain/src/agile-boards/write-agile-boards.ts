/**
 * `POST /v1/agile_boards` and `PATCH /v1/agile_boards/:id` (issue 32 item 4,
 * docs/decisions/045): boards of the account of the call, by its administrators with a token
 * allowing `agile_board:<operation>`. Rules beyond the body's shape, every problem at once:
 * - a new board has a name and at least one column;
 * - `columns` is the whole list in order; an `id` names a column of this board (kept,
 *   renamed, moved), an entry without one adds a column, a column left out is removed;
 * - a column some request is in is not removed (its requests would leave it without a
 *   `request.agile-board-column-changed`): move them first.
 * One audit line per write; the catalogue has no agile board events, so none fires.
 */
import { forbidden, notFound, type FieldError } from '../errors/domain-error.js';
import { assertValidInput } from '../errors/input-problems.js';
import type { AccessContext } from '../identity/access-context.js';
import { isAdministrator } from '../identity/roles.js';
import { recordChange } from '../outbox/record-change.js';
import type { Transaction, UnitOfWork } from '../ports/unit-of-work.js';
import { assertAllowed } from '../scopes/evaluate-scopes.js';
import type { AccountId } from '../tenancy/account-id.js';
import type { AgileBoardInput, AgileBoardView } from './agile-board.js';

type BoardWrites = UnitOfWork<'agileBoards' | 'auditLines' | 'jobs' | 'outbox'>;
type Tx = Pick<Transaction, 'agileBoards' | 'auditLines' | 'jobs' | 'outbox'>;

function assertBoardsAdmin(access: AccessContext, operation: 'Create' | 'Update'): void {
  if (!isAdministrator(access.roles)) throw forbidden('This needs the administrator role in the account');
  assertAllowed(access, 'agile_board', operation);
}

/** Problems of the columns given for a board whose columns are `current` (none for a new board). */
async function columnProblems(tx: Tx, access: AccessContext, input: AgileBoardInput, current: AgileBoardView | null): Promise<FieldError[]> {
  const columns = input.columns;
  if (!columns) return [];
  if (columns.length === 0) return [['columns', 'Columns needs at least one column']];
  const own = new Set((current?.columns ?? []).map((column) => column.id));
  const given = columns.flatMap((column) => (column.id === undefined ? [] : [column.id]));
  const foreign = given.filter((id) => !own.has(id));
  if (foreign.length > 0) return [['columns', `Column ids ${foreign.join(', ')} are not columns of this board`]];
  if (new Set(given).size !== given.length) return [['columns', 'A column id is given more than once']];
  const removed = [...own].filter((id) => !given.includes(id));
  const inUse = removed.length > 0 ? await tx.agileBoards.columnsInUse(access.account.id, removed) : [];
  if (inUse.length > 0) return [['columns', `Columns ${inUse.join(', ')} hold requests; move them to another column before removing it`]];
  return [];
}

async function viewOf(tx: Tx, account: AccountId, id: number): Promise<AgileBoardView> {
  const view = await tx.agileBoards.find(account, id);
  if (!view) throw new Error(`agile board ${id} vanished`);
  return view;
}

const audit = (view: AgileBoardView) => ({ name: view.name, columns: view.columns.map((column) => column.name) });

export async function createAgileBoard(access: AccessContext, input: AgileBoardInput, uow: BoardWrites): Promise<AgileBoardView> {
  assertBoardsAdmin(access, 'Create');
  return uow.transaction(async (tx) => {
    const problems: FieldError[] = [];
    if (!input.name) problems.push(['name', "Name can't be blank"]);
    if (!input.columns) problems.push(['columns', "Columns can't be blank"]);
    problems.push(...(await columnProblems(tx, access, input, null)));
    assertValidInput(input as Record<string, unknown>, problems);
    const account = access.account.id;
    const id = await tx.agileBoards.insert(account, input.name!);
    await tx.agileBoards.replaceColumns(account, id, input.columns!.map(({ name }) => ({ name })));
    const view = await viewOf(tx, account, id);
    await recordChange(tx, {
      account, record: { type: 'AgileBoard', id }, action: 'create', actor: { id: access.person.id, name: access.person.name },
      source: null, sourceId: null, changes: audit(view), events: [], jobs: [],
    });
    return view;
  });
}

export async function updateAgileBoard(access: AccessContext, id: number, input: AgileBoardInput, uow: BoardWrites): Promise<AgileBoardView> {
  assertBoardsAdmin(access, 'Update');
  return uow.transaction(async (tx) => {
    const account = access.account.id;
    const existing = await tx.agileBoards.findForUpdate(account, id);
    if (!existing) throw notFound();
    assertValidInput(input as Record<string, unknown>, await columnProblems(tx, access, input, existing));
    const renamed = input.name !== undefined && input.name !== existing.name;
    const columns = input.columns;
    const sameColumns = !columns || (columns.length === existing.columns.length
      && columns.every((column, at) => column.id === existing.columns[at]!.id && column.name === existing.columns[at]!.name));
    if (!renamed && sameColumns) return existing;
    if (renamed) await tx.agileBoards.rename(account, id, input.name!);
    if (!sameColumns) await tx.agileBoards.replaceColumns(account, id, columns);
    const view = await viewOf(tx, account, id);
    const before = audit(existing);
    const after = audit(view);
    await recordChange(tx, {
      account, record: { type: 'AgileBoard', id }, action: 'update', actor: { id: access.person.id, name: access.person.name },
      source: null, sourceId: null, jobs: [], events: [],
      changes: { ...(renamed ? { name: [before.name, after.name] } : {}), ...(sameColumns ? {} : { columns: [before.columns, after.columns] }) },
    });
    return view;
  });
}
