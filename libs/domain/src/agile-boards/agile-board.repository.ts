import type { AccountId } from '../tenancy/account-id.js';
import type { AgileBoardColumnInput, AgileBoardView } from './agile-board.js';

/** The agile boards of an account and their columns. */
export interface AgileBoardRepository {
  list(account: AccountId): Promise<AgileBoardView[]>;
  find(account: AccountId, id: number): Promise<AgileBoardView | null>;
  /** The board, row-locked for the rest of the transaction. */
  findForUpdate(account: AccountId, id: number): Promise<AgileBoardView | null>;
  /**
   * The board, its row share-locked: a request put in one of its columns holds off an edit of
   * the board that would remove that column until the request is written (and the edit sees it).
   */
  findForShare(account: AccountId, id: number): Promise<AgileBoardView | null>;
  insert(account: AccountId, name: string): Promise<number>;
  rename(account: AccountId, id: number, name: string): Promise<void>;
  /** Makes the board's columns these, in this order: a given id is kept (renamed), a new one added, one left out deleted. */
  replaceColumns(account: AccountId, boardId: number, columns: readonly AgileBoardColumnInput[]): Promise<void>;
  /** Of these columns, those some request is in. */
  columnsInUse(account: AccountId, columnIds: readonly number[]): Promise<number[]>;
}
