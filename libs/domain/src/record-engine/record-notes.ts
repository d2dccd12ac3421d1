/**
 * The notes of a record of the engine whose definition has `notes` (`GET`/`POST
 * /v1/<path>/:id/notes`, GraphQL `notes` and `<record>NoteCreate`): read with `<noun>:Read`;
 * added by whoever may change the record (`<noun>:Update` and its writers), in one transaction
 * with one audit line and `<noun>.note-added` naming the note. Notes are never internal here:
 * who reads the record reads its notes (docs/decisions/046).
 */
import type { CollectionQuery, Page } from '../collections/collection-query.js';
import { notFound, type FieldError } from '../errors/domain-error.js';
import { assertValidInput } from '../errors/input-problems.js';
import type { PublishedEvent } from '../events/event-payloads.js';
import type { AccessContext } from '../identity/access-context.js';
import { nodeIdFields } from '../outbox/node-fields.js';
import { recordChange } from '../outbox/record-change.js';
import type { Repositories, UnitOfWork } from '../ports/unit-of-work.js';
import { noteErrors, type NoteCreateInput } from '../requests/add-request-note.js';
import type { NoteView } from '../requests/request-view.js';
import { assertAllowed } from '../scopes/evaluate-scopes.js';
import type { RecordDefinition } from './define-record.js';
import { assertOwn, assertResponsible, assertWriter } from './record-writers.js';
import { recordReader } from './record-readers.js';

function assertNotes(def: RecordDefinition): void {
  if (!def.notes) throw new Error(`a ${def.what} has no notes`);
}

export async function listRecordNotes(def: RecordDefinition, access: AccessContext, id: number, query: CollectionQuery, repos: Pick<Repositories, 'records'>): Promise<Page<NoteView>> {
  assertNotes(def);
  assertAllowed(access, def.noun, 'Read');
  if (!(await repos.records.find(def, access.account.id, id, recordReader(access)))) throw notFound();
  return repos.records.notesPage(def, access.account.id, id, query);
}

export async function addRecordNote(
  def: RecordDefinition,
  access: AccessContext,
  id: number,
  input: NoteCreateInput,
  uow: UnitOfWork<'records' | 'auditLines' | 'jobs' | 'now'>,
): Promise<NoteView> {
  assertNotes(def);
  assertWriter(def, access, 'Update');
  const errors: FieldError[] = noteErrors(input);
  if (input.internal === true) errors.push(['internal', `Notes of ${def.plural} are never internal: who reads the ${def.what} reads its notes`]);
  const account = access.account.id;
  return uow.transaction(async (tx) => {
    const current = await tx.records.findForUpdate(def, account, id);
    if (!current) throw notFound();
    await assertResponsible(def, access, tx.records, current, id);
    assertValidInput(input, errors);
    assertOwn(def, access, current);
    const text = input.text!.trim();
    const noteId = await tx.records.insertNote(def, account, id, access.person.id, text);
    await recordChange(tx, {
      account, record: { type: def.node, id }, action: 'update', actor: { id: access.person.id, name: access.person.name },
      source: null, sourceId: null, changes: { note_id: noteId },
      events: [{ name: `${def.noun}.note-added`, payload: nodeIdFields('note', 'Note', noteId) } as PublishedEvent],
    });
    // The note's created_at is the transaction's start, as the database's now() gives it.
    return { id: noteId, text, internal: false, person_id: access.person.id, person_name: access.person.name, created_at: await tx.now() };
  });
}
