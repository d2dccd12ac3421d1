import type { RequestRecord } from './request-record.js';

/** A request with the display name of every reference (`<reference>_name`), as every answer shows it. */
export type RequestView = RequestRecord & Record<`${string}_name`, string | null>;

/** The display names of the references the request's events name (RequestChange.names). */
export function requestNames(view: RequestView): { member: string | null; team: string | null; agileBoardColumn: string | null } {
  return { member: view['member_name'] ?? null, team: view['team_name'] ?? null, agileBoardColumn: view['agile_board_column_name'] ?? null };
}

/** A note as the notes collection shows it. */
export interface NoteView {
  id: number;
  text: string;
  internal: boolean;
  person_id: number;
  person_name: string;
  created_at: Date;
}
