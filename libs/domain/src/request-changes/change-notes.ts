/**
 * SPEC.md "Event matching" rule 2, and the `note` / `internal_note`
 * parameters of a new request: the notes of a call are added in that order,
 * each only when its text differs from every earlier note of the request
 * (`earlier`: none for a new request), written by `personId`.
 */
import type { ReservedNote } from '../ports/outbox.js';
import type { Transaction } from '../ports/unit-of-work.js';
import type { RequestRecord } from '../requests/request-record.js';
import type { RequestChangeInput } from './request-change-input.js';

export interface AddedNote {
  id: number;
  text: string;
  internal: boolean;
}

type NoteInput = Pick<RequestChangeInput, 'note' | 'internal_note'>;

/** The notes a call adds to a request that has the `earlier` note texts, in order. */
export function eventNotes(input: NoteInput, earlier: readonly string[]): Array<{ text: string; internal: boolean }> {
  const seen = new Set(earlier);
  const wanted: Array<{ text: string; internal: boolean }> = [];
  for (const [text, internal] of [[input.note, false], [input.internal_note, true]] as const) {
    if (!text || seen.has(text)) continue;
    seen.add(text);
    wanted.push({ text, internal });
  }
  return wanted;
}

/** How many note ids a call may need: one per note it gives, before the earlier notes are known. */
export function noteIdsNeeded(input: NoteInput): number {
  return eventNotes(input, []).length;
}

export async function insertEventNotes(
  tx: Pick<Transaction, 'notes'>,
  request: Pick<RequestRecord, 'id' | 'account_id'>,
  personId: number,
  input: NoteInput,
  earlier: readonly string[],
): Promise<AddedNote[]> {
  const wanted = eventNotes(input, earlier);
  if (wanted.length === 0) return [];
  const ids = await tx.notes.insert(request.account_id, wanted.map((note) => ({ ...note, requestId: request.id, personId })));
  return wanted.map((note, index) => ({ ...note, id: ids[index]! }));
}

/** The notes a call adds, on ids reserved for them (as many as noteIdsNeeded), not yet written. */
export function reservedEventNotes(
  request: Pick<RequestRecord, 'id'>,
  personId: number,
  input: NoteInput,
  earlier: readonly string[],
  ids: readonly number[],
): ReservedNote[] {
  const wanted = eventNotes(input, earlier);
  if (wanted.length > ids.length) throw new Error(`${wanted.length} notes to add on ${ids.length} reserved ids`);
  return wanted.map((note, index) => ({ ...note, id: ids[index]!, requestId: request.id, personId }));
}
