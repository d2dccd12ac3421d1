/**
 * An agile board of an account (issue 32 item 4, docs/decisions/045): a name and its columns,
 * in order. A column keeps its id while the board is edited, so the requests in it stay there.
 */
import type { AccountId } from '../tenancy/account-id.js';

export const AGILE_BOARD_NAME_MAX = 80;
export const AGILE_BOARD_COLUMNS_MAX = 50;

export interface AgileBoardColumn {
  id: number;
  name: string;
}

/** A board as every answer shows it, columns in their order. */
export interface AgileBoardView {
  id: number;
  account_id: AccountId;
  name: string;
  columns: AgileBoardColumn[];
  created_at: Date;
  updated_at: Date;
}

/** A column as a write gives it: with the id of a column of the board to keep (and rename) it, without to add one. */
export interface AgileBoardColumnInput {
  id?: number;
  name: string;
}

/** A board as a write gives it (the REST body and the GraphQL input check the shapes and lengths). */
export interface AgileBoardInput {
  name?: string;
  /** The whole list, in order: a column of the board left out is removed. */
  columns?: AgileBoardColumnInput[];
}
