/**
 * A team's row and members, one team of an account locked for a change, on the record
 * engine's store (libs/persistence teams/team-writes.ts). `/v1/teams`, GraphQL and a person's
 * `team_ids` write teams through the record engine itself (team.record.ts, record-owned-links.ts).
 */
import type { AccountId } from '../tenancy/account-id.js';

/** The stored fields of a team that a change may set. */
export interface TeamFieldsRow {
  name: string;
  manager_id: number | null;
  disabled: boolean;
}

export interface TeamState extends TeamFieldsRow {
  id: number;
}

export interface TeamWriteRepository {
  /** The id of the team of the account but `exceptId` with that name; null when none. */
  idWithName(account: AccountId, name: string, exceptId?: number): Promise<number | null>;
  /** A new team; null when its name was taken meanwhile (nothing written). */
  insert(account: AccountId, fields: TeamFieldsRow): Promise<number | null>;
  /** The team of the account, locked until the transaction ends; null when there is none. */
  findForUpdate(account: AccountId, id: number): Promise<TeamState | null>;
  /** False when the name was taken meanwhile (nothing written). */
  update(id: number, changes: Partial<TeamFieldsRow>): Promise<boolean>;
  /** The team's members, in id order. */
  memberIds(teamId: number): Promise<number[]>;
  /** Replaces the team's members. */
  replaceMembers(teamId: number, personIds: readonly number[]): Promise<void>;
  /** Which of these ids are people of these accounts (any, enabled or not), in id order. */
  peopleOf(accounts: readonly string[], ids: readonly number[]): Promise<number[]>;
  /** Which of these ids are teams of the account, in id order. */
  teamsOf(account: AccountId, ids: readonly number[]): Promise<number[]>;
}
