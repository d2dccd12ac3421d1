/**
 * `POST /v1/requests` and GraphQL `requestCreate`: a new request in the
 * caller's account, as the events intake creates one (SPEC.md "Default
 * values for a new request", every row but the source, which is the caller's
 * or none: the request did not come from an event). Steps, in one transaction:
 * check the values → who may see what → resolve the references, all errors
 * at once, with the major incident status a new request may have and its place
 * on an agile board → defaults (request-changes/new-request.ts) → insert, with the template's
 * automation rules copied onto it → notes →
 * publish (audit line, `request.create` and `request.note-added` webhook
 * events, through the one outbox).
 */
import { assertValidInput } from '../errors/input-problems.js';
import type { AccessContext } from '../identity/access-context.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { insertEventNotes } from '../request-changes/change-notes.js';
import { changeReadScope, requireReadable } from '../request-changes/change-read-scope.js';
import { buildNewRequest, insertNewRequest } from '../request-changes/new-request.js';
import { publishRequestChange } from '../request-changes/publish-request-change.js';
import { collectReferences } from '../request-changes/resolve-references.js';
import { assertAllowed } from '../scopes/evaluate-scopes.js';
import { checkRequestInput, unknownTeamError, type RequestCreateInput } from './create-request-input.js';
import { agileBoardPlace } from './agile-board-place.js';
import { assertMayMoveMajorIncident, majorIncidentMoveProblem } from './major-incident-status.js';
import { requestNames, type RequestView } from './request-view.js';

/** The ports createRequest uses: the references it looks up, then what it reads and writes in its transaction. */
type CreateRequestPorts = UnitOfWork<
  | 'people' | 'teams' | 'serviceInstances' | 'configurationItems' | 'templates' | 'suppliers' | 'problems' | 'workflows' | 'projects'
  | 'supportAgreements' | 'slas' | 'requests' | 'agileBoards' | 'notes' | 'auditLines' | 'jobs' | 'outbox' | 'now' | 'automationRules' | 'records'
>;

export async function createRequest(access: AccessContext, input: RequestCreateInput, uow: CreateRequestPorts): Promise<RequestView> {
  assertAllowed(access, 'request', 'Create');
  const { event, errors } = checkRequestInput(input, 'create');
  return uow.transaction(async (tx) => {
    const ctx = { access, now: await tx.now() };
    const account = access.account;
    const scope = await changeReadScope(event, account, ctx, tx);
    const { refs, errors: referenceErrors } = await collectReferences(event, account, ctx, tx);
    const place = await agileBoardPlace(null, event, (boardId) => tx.agileBoards.findForShare(account.id, boardId));
    const majorIncident = majorIncidentMoveProblem(null, event.major_incident_status ?? null);
    const all = [...errors, ...referenceErrors, ...unknownTeamError(event, refs.team), ...place.errors, ...(majorIncident ? [majorIncident] : [])];
    assertValidInput(input, all);
    assertMayMoveMajorIncident(null, event.major_incident_status ?? null, access.roles);
    refs.serviceInstance ??= refs.ci?.serviceInstance ?? null;
    const draft = {
      ...(await buildNewRequest(event, refs, ctx, tx)), source: event.source ?? null, major_incident_status: event.major_incident_status ?? null, ...place.changes,
    };
    requireReadable(scope, draft);
    const request = await insertNewRequest(tx, draft);
    const notes = await insertEventNotes(tx, request, refs.currentUser.id, event, []);
    await publishRequestChange(tx, {
      request,
      previous: null,
      changes: {},
      notes,
      actor: refs.currentUser,
      requestedBy: refs.requestedBy,
      source: request.source,
      sourceId: request.source_id,
      names: requestNames(request),
    });
    return request;
  });
}
