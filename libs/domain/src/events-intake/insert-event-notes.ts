/**
 * SPEC.md "Event matching" rule 2, and the `note` / `internal_note`
 * parameters of a new request: the notes of a call are added in that order,
 * each only when its text differs from every earlier note of the request
 * (`earlier`: none for a new request), written by `personId`.
 */
import type { Transaction } from '../ports/unit-of-work.js';
import type { RequestRecord } from '../requests/request-record.js';
import type { EventInput } from './event-input.js';

export interface AddedNote {
  id: number;
  text: string;
  internal: boolean;
}

export async function insertEventNotes(
  tx: Pick<Transaction, 'notes'>,
  request: Pick<RequestRecord, 'id' | 'account_id'>,
  personId: number,
  input: Pick<EventInput, 'note' | 'internal_note'>,
  earlier: readonly string[],
): Promise<AddedNote[]> {
  const seen = new Set(earlier);
  const wanted: Array<{ text: string; internal: boolean }> = [];
  for (const [text, internal] of [[input.note, false], [input.internal_note, true]] as const) {
    if (!text || seen.has(text)) continue;
    seen.add(text);
    wanted.push({ text, internal });
  }
  if (wanted.length === 0) return [];
  const ids = await tx.notes.insert(request.account_id, wanted.map((note) => ({ ...note, requestId: request.id, personId })));
  return wanted.map((note, index) => ({ ...note, id: ids[index]! }));
}
