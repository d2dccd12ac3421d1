/**
 * `POST /v1/requests/:id/notes` and GraphQL `noteCreate`: a note on a request
 * of the caller's account, as the events intake adds one. Steps, in one
 * transaction: check the text → lock the request (not readable by the
 * caller: not found) → an internal note needs a role in the account, as in
 * the intake → insert → publish (audit line and `request.note-added`).
 */
import { forbidden, notFound, type FieldError } from '../errors/domain-error.js';
import { assertValidInput } from '../errors/input-problems.js';
import { unstorableText } from '../records/storable-text.js';
import type { AccessContext } from '../identity/access-context.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { publishRequestChange } from '../request-changes/publish-request-change.js';
import { assertAllowed } from '../scopes/evaluate-scopes.js';
import { REQUEST_NOTE_MAX_LENGTH } from './create-request-input.js';
import { canReadRequest, requestReadScope } from './request-read-scope.js';
import type { NoteView, RequestView } from './request-view.js';

export interface NoteCreateInput {
  text?: string | null;
  /** Default false. */
  internal?: boolean | null;
}

export interface AddedRequestNote {
  /** The request the note was added to, as the caller reads it. */
  request: RequestView;
  note: NoteView;
}

export async function addRequestNote(
  access: AccessContext,
  requestId: number,
  input: NoteCreateInput,
  uow: UnitOfWork<'requests' | 'notes' | 'auditLines' | 'jobs' | 'outbox' | 'now'>,
): Promise<AddedRequestNote> {
  assertAllowed(access, 'request', 'Update');
  const errors = noteErrors(input);
  return uow.transaction(async (tx) => {
    const scope = requestReadScope(access, access.account.id, access.roles);
    const request = await tx.requests.findForUpdate(access.account.id, requestId);
    if (!request || !canReadRequest(scope, request)) throw notFound();
    assertValidInput(input, errors);
    const internal = input.internal ?? false;
    if (internal && !scope.internalNotes) throw forbidden('Internal notes need a role in the account');
    const text = input.text!.trim();
    const { id: personId, name, accountId, organizationId, primaryEmail } = access.person;
    const actor = { id: personId, name, accountId, organizationId, primaryEmail };
    const [id] = await tx.notes.insert(request.account_id, [{ requestId: request.id, personId, text, internal }]);
    await publishRequestChange(tx, {
      request,
      previous: request,
      changes: {},
      notes: [{ id: id!, text, internal }],
      actor,
      requestedBy: null,
      source: null,
      sourceId: null,
      names: { member: null, team: null },
    });
    // The note's created_at is the transaction's start, as the database's now() gives it.
    const note: NoteView = { id: id!, text, internal, person_id: actor.id, person_name: actor.name, created_at: await tx.now() };
    return { request: (await tx.requests.findView(scope, request.id))!, note };
  });
}

/** The problems of a note's text and `internal` flag, for a note of a request or of a record of the engine. */
export function noteErrors(input: NoteCreateInput): FieldError[] {
  const errors: FieldError[] = [];
  const { text, internal } = input;
  if (typeof text !== 'string' || text.trim() === '') errors.push(['text', "Text can't be blank"]);
  else if (unstorableText(text)) errors.push(['text', `Text ${unstorableText(text)!}`]);
  else if (text.trim().length > REQUEST_NOTE_MAX_LENGTH) errors.push(['text', `Text is too long (maximum is ${REQUEST_NOTE_MAX_LENGTH} characters)`]);
  if (internal !== undefined && internal !== null && typeof internal !== 'boolean') errors.push(['internal', 'Internal must be true or false']);
  return errors;
}
