/**
 * `POST /events` (SPEC.md "Events intake API"): an event creates a request, or
 * updates the open request it matches. Two steps:
 * 1. read what the event names (account → who may see what → resolve → the
 *    match key), on the pool;
 * 2. in one transaction holding the match key's lock: match → check the scope
 *    of the action → (update the match | default and create) → publish.
 * Events of the same match key that arrive while a transaction of that key is
 * out go together in the next one (createEventIntake), one after the other:
 * the second finds what the first wrote, as it would in a transaction of its
 * own, without each waiting for the lock in a transaction of its own.
 * Every refusal (scope, visibility, rules) comes before the event's first write.
 */
import { assertAllowed } from '../scopes/evaluate-scopes.js';
import type { OpenRequestCandidate, OpenRequestQuery } from '../requests/request.repository.js';
import type { ReservedNote } from '../ports/outbox.js';
import type { Repositories, ReservedIds, Transaction, UnitOfWork } from '../ports/unit-of-work.js';
import type { RequestReadScope } from '../requests/request-read-scope.js';
import { noteIdsNeeded, reservedEventNotes } from '../request-changes/change-notes.js';
import { changeReadScope, requireReadable } from '../request-changes/change-read-scope.js';
import { DEFAULT_EVENT_SOURCE } from '../request-changes/change-sources.js';
import { matchedRequestChanges } from '../request-changes/matched-request-changes.js';
import { buildNewRequest, insertNewRequest } from '../request-changes/new-request.js';
import { publishRequestChange, type RequestChange } from '../request-changes/publish-request-change.js';
import { resolveReferences, type ResolvedReferences } from '../request-changes/resolve-references.js';
import type { RequestView } from '../requests/request-view.js';
import type { EventInput } from './event-input.js';
import type { IntakeContext } from './intake-context.js';
import { BatchWriteFailed, bufferedOutbox } from './batch-outbox.js';
import { candidateCache, type CandidateCache } from './batch-candidates.js';
import { BatchItemFailed, keyedBatches } from './keyed-batches.js';
import { matchQuery, pickMatch } from './match-open-request.js';
import { registrationAccount } from './registration-account.js';

export interface EventOutcome {
  created: boolean;
  /** The request as the caller may read it, read in the event's transaction. */
  request: RequestView;
}

/** An event with everything it names read: what its transaction needs. */
interface ReadEvent {
  input: EventInput;
  ctx: IntakeContext;
  scope: RequestReadScope;
  refs: ResolvedReferences;
  lockKey: string;
  query: OpenRequestQuery;
}

/** The ports the intake reads an event's references with, before its transaction. */
type EventReads = 'accounts' | 'people' | 'teams' | 'serviceInstances' | 'configurationItems' | 'templates' | 'suppliers' | 'problems' | 'workflows' | 'projects';
/** The ports of the transaction that applies the events of one match key. */
type EventWrites = 'people' | 'supportAgreements' | 'slas' | 'requests' | 'auditLines' | 'jobs' | 'outbox' | 'automationRules' | 'records' | 'lock';
type EventTransaction = Pick<Transaction, Exclude<EventWrites, 'lock'>>;

export interface EventIntake {
  submit(input: EventInput, ctx: IntakeContext): Promise<EventOutcome>;
}

/** The intake of one process: events of one match key share a transaction while they queue. */
export function createEventIntake(uow: UnitOfWork<EventReads | EventWrites>): EventIntake {
  const batches = keyedBatches<ReadEvent, EventOutcome>((key, events) => applyEvents(key, events, uow));
  return {
    async submit(input, ctx) {
      const event = await readEvent(input, ctx, uow.repositories);
      return batches(event.lockKey, event);
    },
  };
}

/** One event in a transaction of its own. */
export async function submitEvent(input: EventInput, ctx: IntakeContext, uow: UnitOfWork<EventReads | EventWrites>): Promise<EventOutcome> {
  const event = await readEvent(input, ctx, uow.repositories);
  return (await applyEvents(event.lockKey, [event], uow))[0]!;
}

async function readEvent(input: EventInput, ctx: IntakeContext, reads: Pick<Repositories, EventReads>): Promise<ReadEvent> {
  // The answer is the request: without request:Read there is nothing to answer with.
  assertAllowed(ctx.access, 'request', 'Read');
  const account = await registrationAccount(input, ctx, reads);
  const scope = await changeReadScope(input, account, ctx, reads);
  const refs = await resolveReferences(input, account, ctx, reads);
  // Rule 1: without a service instance, the CI's first one is related.
  refs.serviceInstance ??= refs.ci?.serviceInstance ?? null;
  return { input, ctx, scope, refs, ...matchQuery(input, refs, ctx.now, scope) };
}

/**
 * The events of one match key, in arrival order, in one transaction: the lock,
 * with the note and audit line ids of them all, then each event. Their
 * candidates are read once, and again only after an event created or changed
 * a request; their notes, audit lines and jobs are written together (before
 * such a read, and at the end). An event that fails rolls the transaction
 * back; the others are run again without it. When the shared write fails,
 * each event is run again on its own (keyed-batches.ts).
 */
async function applyEvents(lockKey: string, events: readonly ReadEvent[], uow: UnitOfWork<EventWrites>): Promise<EventOutcome[]> {
  return uow.transaction(async (tx) => {
    const reserved = await tx.lock(lockKey, {
      notes: events.reduce((sum, event) => sum + noteIdsNeeded(event.input), 0),
      auditLines: events.length,
    });
    const outbox = bufferedOutbox(tx.outbox);
    const batchTx: EventTransaction = Object.assign(Object.create(tx) as EventTransaction, { outbox });
    const candidates = candidateCache(batchTx, outbox);
    const outcomes: EventOutcome[] = [];
    let notesTaken = 0;
    for (const [index, event] of events.entries()) {
      const needed = noteIdsNeeded(event.input);
      const ids: ReservedIds = { notes: reserved.notes.slice(notesTaken, notesTaken + needed), auditLines: reserved.auditLines.slice(index, index + 1) };
      notesTaken += needed;
      try {
        outcomes.push(await applyEvent(event, ids, batchTx, candidates));
      } catch (error) {
        // The shared write (flushed before a read) is no more this event's than the others'.
        if (error instanceof BatchWriteFailed) throw events.length > 1 ? error : error.failure;
        throw events.length > 1 ? new BatchItemFailed(index, error) : error;
      }
    }
    await outbox.flush().catch((error: unknown) => {
      throw error instanceof BatchWriteFailed && events.length === 1 ? error.failure : error;
    });
    return outcomes;
  });
}

async function applyEvent(event: ReadEvent, reserved: ReservedIds, tx: EventTransaction, candidates: CandidateCache): Promise<EventOutcome> {
  const { input, ctx, refs, scope } = event;
  const match = pickMatch(await candidates.of(event));
  assertAllowed(ctx.access, 'request', match ? 'Update' : 'Create');
  const { outcome, notes, changed } = match ? await updateMatched(match, input, refs, ctx, reserved, tx) : await create(input, refs, ctx, scope, reserved, tx);
  candidates.applied(outcome, notes, changed);
  return outcome;
}

interface Applied {
  outcome: EventOutcome;
  notes: ReservedNote[];
  changed: boolean;
}

async function create(input: EventInput, refs: ResolvedReferences, ctx: IntakeContext, scope: RequestReadScope, reserved: ReservedIds, tx: EventTransaction): Promise<Applied> {
  const draft = await buildNewRequest(input, refs, ctx, tx);
  requireReadable(scope, draft);
  const request = await insertNewRequest(tx, draft);
  const notes = reservedEventNotes(request, refs.currentUser.id, input, [], reserved.notes);
  await publishRequestChange(tx, { ...changeContext(input, refs, request), request, previous: null, changes: {}, notes }, { auditLineId: auditLineIdOf(reserved), notes });
  return { outcome: { created: true, request }, notes, changed: true };
}

/** The candidate is readable by the caller: matchOpenRequest only finds requests in its scope. */
async function updateMatched(
  match: OpenRequestCandidate,
  input: EventInput,
  refs: ResolvedReferences,
  ctx: IntakeContext,
  reserved: ReservedIds,
  tx: Pick<Transaction, 'slas' | 'requests' | 'auditLines' | 'jobs' | 'outbox'>,
): Promise<Applied> {
  const existing = match.request;
  // The SLA matters only to a desired_completion_at change (rule 3 recomputes the resolution target).
  const sla = input.desired_completion_at !== undefined && existing.service_instance_id && match.requestedForAccountId
    ? await tx.slas.targetsFor(existing.account_id, existing.service_instance_id, match.requestedForAccountId)
    : null;
  const changes = matchedRequestChanges(existing, input, refs, sla, ctx);
  const notes = reservedEventNotes(existing, refs.currentUser.id, input, match.noteTexts, reserved.notes);
  const changed = Object.keys(changes).length > 0;
  const request = changed ? await tx.requests.update(existing.account_id, existing.id, changes) : existing;
  if (!changed && notes.length === 0) return { outcome: { created: false, request }, notes, changed };
  const context = changeContext(input, refs, request);
  // The e-mail goes to the request's requested_by person (null when disabled), never to the event's.
  await publishRequestChange(tx, { ...context, requestedBy: match.requestedBy, request, previous: existing, changes, notes }, { auditLineId: auditLineIdOf(reserved), notes });
  return { outcome: { created: false, request }, notes, changed };
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
    source: input.source ?? DEFAULT_EVENT_SOURCE,
    sourceId: input.source_id ?? null,
    names: { member: view['member_name'] ?? null, team: view['team_name'] ?? null },
  };
}
