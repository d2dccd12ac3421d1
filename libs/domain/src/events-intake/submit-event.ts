/**
 * `POST /events` (SPEC.md "Events intake API"): an event creates a request, or
 * updates the open request it matches. The steps, in one transaction:
 * account → who may see what → resolve → match → check the scope of the action
 * → (update the match | default and create) → publish.
 * Every refusal (scope, visibility, rules) comes before the first write.
 */
import { peopleAccountsOf } from '../identity/account-access.js';
import { assertScope } from '../identity/assert-scope.js';
import type { RequestReadScope } from '../requests/request-read-scope.js';
import type { RequestRecord } from '../requests/request-record.js';
import type { EventInput } from './event-input.js';
import type { EventsStore, EventsTransaction } from './events-store.js';
import type { IntakeContext } from './intake-context.js';
import { intakeReadScope, requireReadable } from './intake-read-scope.js';
import { matchOpenRequest } from './match-open-request.js';
import { matchedRequestChanges } from './matched-request-changes.js';
import { buildNewRequest } from './new-request.js';
import { publishRequestChange } from './publish-request-change.js';
import { registrationAccount } from './registration-account.js';
import { resolveReferences, type ResolvedReferences } from './resolve-references.js';

export interface EventOutcome {
  created: boolean;
  request: RequestRecord;
  /** What the caller may read in the registering account; the request is within it. */
  scope: RequestReadScope;
}

export async function submitEvent(input: EventInput, ctx: IntakeContext, store: EventsStore): Promise<EventOutcome> {
  // The answer is the request: without request:Read there is nothing to answer with.
  assertScope(ctx.access.scopes, 'request', 'Read');
  return store.transaction(async (tx) => {
    const account = await registrationAccount(input, ctx, tx);
    const scope = await intakeReadScope(input, account, ctx, tx);
    const refs = await resolveReferences(input, account, ctx, tx);
    // Rule 1: without a service instance, the CI's first one is related.
    refs.serviceInstance ??= refs.ci?.serviceInstance ?? null;
    const match = await matchOpenRequest(input, refs, ctx, scope, tx);
    assertScope(ctx.access.scopes, 'request', match ? 'Update' : 'Create');
    const outcome = match ? await updateMatched(match, input, refs, ctx, tx) : await create(input, refs, ctx, scope, tx);
    return { ...outcome, scope };
  });
}

type Applied = Omit<EventOutcome, 'scope'>;

async function create(input: EventInput, refs: ResolvedReferences, ctx: IntakeContext, scope: RequestReadScope, tx: EventsTransaction): Promise<Applied> {
  const draft = await buildNewRequest(input, refs, ctx, tx);
  requireReadable(scope, draft);
  const request = await tx.insertRequest(draft);
  const notes = await addNotes(tx, request, refs, input, []);
  await publishRequestChange(tx, { ...changeContext(input, refs), request, previous: null, changes: {}, notes });
  return { created: true, request };
}

async function updateMatched(existing: RequestRecord, input: EventInput, refs: ResolvedReferences, ctx: IntakeContext, tx: EventsTransaction): Promise<Applied> {
  const people = peopleAccountsOf(refs.account);
  const requestedFor = await tx.findPerson(people, { id: existing.requested_for_id });
  const sla = existing.service_instance_id && requestedFor ? await tx.slaTargets(existing.service_instance_id, requestedFor.accountId) : null;
  const changes = matchedRequestChanges(existing, input, refs, sla, ctx);
  const notes = await addNotes(tx, existing, refs, input, await tx.noteTexts(existing.account_id, existing.id));
  if (Object.keys(changes).length === 0 && notes.length === 0) return { created: false, request: existing };
  const request = Object.keys(changes).length > 0 ? await tx.updateRequest(existing.account_id, existing.id, changes) : existing;
  const requestedBy = (await tx.findPerson(people, { id: request.requested_by_id })) ?? refs.requestedBy;
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
  return { account: refs.account, actor: refs.currentUser, requestedBy: refs.requestedBy, source: input.source ?? 'Event', sourceId: input.source_id ?? null };
}
