import type { NoteRepository } from '@tessera/domain';
import type { Database } from '../database.js';
import { prepared } from '../prepared.js';
import { listNoteViews } from '../requests/request-views.js';

/** Notes of a request of one account. */
export function noteRepository(db: Database): NoteRepository {
  return {
    async insert(account, notes) {
      if (notes.length === 0) return [];
      const rows = await prepared(db('notes')
        .insert(notes.map((note) => ({ account_id: account, request_id: note.requestId, person_id: note.personId, text: note.text, internal: note.internal })))
        .returning('id'));
      // Ids are drawn in the order of the VALUES list; RETURNING's row order is not promised.
      return rows.map((row: { id: number }) => row.id).sort((a: number, b: number) => a - b);
    },
    listViews: (scope, requestId, query) => listNoteViews(db, scope, requestId, query),
  };
}
