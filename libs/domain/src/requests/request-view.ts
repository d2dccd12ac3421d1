import type { RequestRecord } from './request-record.js';

/** A request with the display name of every reference (`<reference>_name`), as every answer shows it. */
export type RequestView = RequestRecord & Record<`${string}_name`, string | null>;

/** A note as the notes collection shows it. */
export interface NoteView {
  id: number;
  text: string;
  internal: boolean;
  person_id: number;
  person_name: string;
  created_at: Date;
}
