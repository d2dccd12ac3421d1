/**
 * `POST /events` (SPEC.md "Events intake API"): an event creates a request, or
 * updates the open request it matches. The steps, in one transaction:
 * account → who may see what → resolve → match → check the scope of the action
 * → (update the match | default and create) → publish → read the answer.
 * Every refusal (scope, visibility, rules) comes before the first write.
 */
import { assertAllowed } from '../scopes/evaluate-scopes.js';
import type { OpenRequestCandidate } from '../ports/request.repository.js';
import type { ReservedIds, Transaction, UnitOfWork } from '../ports/unit-of-work.js';
import type { RequestReadScope } from '../requests/request-read-scope.js';
import type { RequestView } from '../requests/request-view.js';
import type { EventInput } from './event-input.js';
import type { IntakeContext } from './intake-context.js';
import { reservedEventNotes } from './insert-event-notes.js';
import { intakeReadScope, requireReadable } from './intake-read-scope.js';
import { matchOpenRequest } from './match-open-request.js';
import { matchedRequestChanges } from './matched-request-changes.js';
import { buildNewRequest } from './new-request.js';
import { publishRequestChange, type RequestChange } from './publish-request-change.js';
import { registrationAccount } from './registration-account.js';
import { resolveReferences, type ResolvedReferences } from './resolve-references.js';

export interface EventOutcome {
  created: boolean;
  /** The request as the caller may read it, read in the event's transaction. */
  request: RequestView;
}

export async function submitEvent(input: EventInput, ctx: IntakeContext, uow: UnitOfWork): Promise<EventOutcome> {
  // The answer is the request: without request:Read there is nothing to answer with.
  assertAllowed(ctx.access, 'request', 'Read');
  return uow.transaction(async (tx) => {
    const account = await registrationAccount(input, ctx, tx);
    const scope = await intakeReadScope(input, account, ctx, tx);
    const refs = await resolveReferences(input, account, ctx, tx);
    // Rule 1: without a service instance, the CI's first one is related.
    refs.serviceInstance ??= refs.ci?.serviceInstance ?? null;
    const { match, reserved } = await matchOpenRequest(input, refs, ctx, scope, tx);
    assertAllowed(ctx.access, 'request', match ? 'Update' : 'Create');
    return match ? updateMatched(match, input, refs, ctx, reserved, tx) : create(input, refs, ctx, scope, reserved, tx);
  });
}

async function create(input: EventInput, refs: ResolvedReferences, ctx: IntakeContext, scope: RequestReadScope, reserved: ReservedIds, tx: Transaction): Promise<EventOutcome> {
  const draft = await buildNewRequest(input, refs, ctx, tx);
  requireReadable(scope, draft);
  const request = await tx.requests.insert(draft);
  const notes = reservedEventNotes(request, refs.currentUser.id, input, [], reserved.notes);
  await publishRequestChange(tx, { ...changeContext(input, refs, request), request, previous: null, changes: {}, notes }, { auditLineId: auditLineIdOf(reserved), notes });
  return { created: true, request };
}

/** The candidate is readable by the caller: matchOpenRequest only finds requests in its scope. */
async function updateMatched(match: OpenRequestCandidate, input: EventInput, refs: ResolvedReferences, ctx: IntakeContext, reserved: ReservedIds, tx: Transaction): Promise<EventOutcome> {
  const existing = match.request;
  // The SLA matters only to a desired_completion_at change (rule 3 recomputes the resolution target).
  const sla = input.desired_completion_at !== undefined && existing.service_instance_id && match.requestedForAccountId
    ? await tx.slas.targetsFor(existing.account_id, existing.service_instance_id, match.requestedForAccountId)
    : null;
  const changes = matchedRequestChanges(existing, input, refs, sla, ctx);
  const notes = reservedEventNotes(existing, refs.currentUser.id, input, match.noteTexts, reserved.notes);
  const changed = Object.keys(changes).length > 0;
  const request = changed ? await tx.requests.update(existing.account_id, existing.id, changes) : existing;
  if (!changed && notes.length === 0) return { created: false, request };
  const context = changeContext(input, refs, request);
  // The e-mail goes to the request's requested_by person (null when disabled), never to the event's.
  await publishRequestChange(tx, { ...context, requestedBy: match.requestedBy, request, previous: existing, changes, notes }, { auditLineId: auditLineIdOf(reserved), notes });
  return { created: false, request };
}

function auditLineIdOf(reserved: ReservedIds): number {
  const [id] = reserved.auditLines;
  if (id === undefined) throw new Error('no audit line id was reserved with the match lock');
  return id;
}

function changeContext(input: EventInput, refs: ResolvedReferences, view: RequestView): Omit<RequestChange, 'request' | 'previous' | 'changes' | 'notes'> {
  return {
    actor: refs.currentUser,
    requestedBy: refs.requestedBy,
    source: input.source ?? 'Event',
    sourceId: input.source_id ?? null,
    names: { member: view['member_name'] ?? null, team: view['team_name'] ?? null },
  };
}
