/**
 * `POST /events` (SPEC.md "Events intake API"): an event creates a request, or
 * updates the open request it matches. The steps, in one transaction:
 * account → resolve → match → (update the match | default and create) → publish.
 */
import type { RequestRecord } from '../requests/request-record.js';
import type { EventInput } from './event-input.js';
import type { EventsStore, EventsTransaction } from './events-store.js';
import type { IntakeContext } from './intake-context.js';
import { matchOpenRequest } from './match-open-request.js';
import { matchedRequestChanges } from './matched-request-changes.js';
import { buildNewRequest } from './new-request.js';
import { publishRequestChange } from './publish-request-change.js';
import { registrationAccount } from './registration-account.js';
import { resolveReferences, type ResolvedReferences } from './resolve-references.js';

export interface EventOutcome {
  created: boolean;
  request: RequestRecord;
}

export async function submitEvent(input: EventInput, ctx: IntakeContext, store: EventsStore): Promise<EventOutcome> {
  return store.transaction(async (tx) => {
    const account = await registrationAccount(input, ctx, tx);
    const refs = await resolveReferences(input, account, ctx, tx);
    // Rule 1: without a service instance, the CI's first one is related.
    if (!refs.serviceInstance && refs.ci?.serviceInstanceId) refs.serviceInstance = await tx.findServiceInstanceById(refs.ci.serviceInstanceId);
    const match = await matchOpenRequest(input, refs, ctx, tx);
    return match ? updateMatched(match, input, refs, ctx, tx) : create(input, refs, ctx, tx);
  });
}

async function create(input: EventInput, refs: ResolvedReferences, ctx: IntakeContext, tx: EventsTransaction): Promise<EventOutcome> {
  const request = await tx.insertRequest(await buildNewRequest(input, refs, ctx, tx));
  const notes = await addNotes(tx, request, refs, input, []);
  await publishRequestChange(tx, { ...changeContext(input, refs), request, previous: null, changes: {}, notes });
  return { created: true, request };
}

async function updateMatched(existing: RequestRecord, input: EventInput, refs: ResolvedReferences, ctx: IntakeContext, tx: EventsTransaction): Promise<EventOutcome> {
  const requestedFor = await tx.findPerson([], { id: existing.requested_for_id });
  const sla = existing.service_instance_id && requestedFor ? await tx.slaTargets(existing.service_instance_id, requestedFor.accountId) : null;
  const changes = matchedRequestChanges(existing, input, refs, sla, ctx);
  const notes = await addNotes(tx, existing, refs, input, await tx.noteTexts(existing.id));
  if (Object.keys(changes).length === 0 && notes.length === 0) return { created: false, request: existing };
  const request = Object.keys(changes).length > 0 ? await tx.updateRequest(existing.account_id, existing.id, changes) : existing;
  const requestedBy = (await tx.findPerson([], { id: request.requested_by_id })) ?? refs.requestedBy;
  await publishRequestChange(tx, { ...changeContext(input, refs), requestedBy, request, previous: existing, changes, notes });
  return { created: false, request };
}

/** Rule 2: a note is added only when its text differs from every earlier note of the request. */
async function addNotes(tx: EventsTransaction, request: RequestRecord, refs: ResolvedReferences, input: EventInput, earlier: string[]) {
  const added: Array<{ id: number; text: string; internal: boolean }> = [];
  const seen = new Set(earlier);
  for (const [text, internal] of [[input.note, false], [input.internal_note, true]] as const) {
    if (!text || seen.has(text)) continue;
    seen.add(text);
    const id = await tx.insertNote({ accountId: request.account_id, requestId: request.id, personId: refs.currentUser.id, text, internal });
    added.push({ id, text, internal });
  }
  return added;
}

function changeContext(input: EventInput, refs: ResolvedReferences) {
  return { actor: refs.currentUser, requestedBy: refs.requestedBy, source: input.source ?? 'Event', sourceId: input.source_id ?? null };
}
