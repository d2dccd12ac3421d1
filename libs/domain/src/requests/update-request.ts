/**
 * `PATCH /v1/requests/:id` and GraphQL `requestUpdate`: a change of a request
 * of the caller's account, with the status rules the events intake applies to
 * a matched request (request-changes/matched-request-changes.ts: completion,
 * the member a status requires, targets that follow desired_completion_at,
 * the cross-field rules) plus subject, category, impact, a team that can
 * be cleared, and the problem, workflow and project it is linked to. Steps, in one transaction: check the values → lock the request
 * (not readable by the caller: not found) → resolve member and team, all
 * errors at once → changes → update → publish (audit line, `request.update`,
 * and `request.status-changed` / `member-changed` / `team-changed` when those
 * change). A change that changes nothing writes nothing.
 */
import { notFound } from '../errors/domain-error.js';
import { assertValidInput } from '../errors/input-problems.js';
import type { AccessContext } from '../identity/access-context.js';
import type { Transaction, UnitOfWork } from '../ports/unit-of-work.js';
import type { SlaTargets } from '../records/references.js';
import { matchedRequestChanges } from '../request-changes/matched-request-changes.js';
import { publishRequestChange } from '../request-changes/publish-request-change.js';
import type { RequestChangeInput } from '../request-changes/request-change-input.js';
import { collectReferences } from '../request-changes/resolve-references.js';
import { assertAllowed } from '../scopes/evaluate-scopes.js';
import { checkRequestInput, unknownTeamError, type RequestUpdateInput } from './create-request-input.js';
import { agileBoardPlace } from './agile-board-place.js';
import { assertMayMoveMajorIncident, majorIncidentMoveProblem } from './major-incident-status.js';
import { canReadRequest, requestReadScope } from './request-read-scope.js';
import type { RequestChanges, RequestRecord } from './request-record.js';
import { requestNames, type RequestView } from './request-view.js';

/** The ports updateRequest uses: the references it looks up, then what it reads and writes in its transaction. */
type UpdateRequestPorts = UnitOfWork<
  | 'people' | 'teams' | 'serviceInstances' | 'configurationItems' | 'templates' | 'suppliers' | 'problems' | 'workflows' | 'projects'
  | 'slas' | 'requests' | 'agileBoards' | 'auditLines' | 'jobs' | 'outbox' | 'now'
>;

export async function updateRequest(access: AccessContext, id: number, input: RequestUpdateInput, uow: UpdateRequestPorts): Promise<RequestView> {
  assertAllowed(access, 'request', 'Update');
  const { event, errors } = checkRequestInput(input, 'update');
  return uow.transaction(async (tx) => {
    const ctx = { access, now: await tx.now() };
    const scope = requestReadScope(access, access.account.id, access.roles);
    const existing = await tx.requests.findForUpdate(access.account.id, id);
    if (!existing || !canReadRequest(scope, existing)) throw notFound();
    const { refs, errors: referenceErrors } = await collectReferences(event, access.account, ctx, tx);
    const place = await agileBoardPlace(existing, event, (boardId) => tx.agileBoards.findForShare(access.account.id, boardId));
    const majorIncident = event.major_incident_status === undefined ? null : majorIncidentMoveProblem(existing.major_incident_status, event.major_incident_status);
    const all = [...errors, ...referenceErrors, ...unknownTeamError(event, refs.team), ...place.errors, ...(majorIncident ? [majorIncident] : [])];
    assertValidInput(input, all);
    if (event.major_incident_status !== undefined) assertMayMoveMajorIncident(existing.major_incident_status, event.major_incident_status, access.roles);

    const sla = event.desired_completion_at !== undefined ? await slaOf(existing, access, tx) : null;
    const changes: RequestChanges = { ...fieldChanges(existing, event), ...matchedRequestChanges(existing, event, refs, sla, ctx), ...place.changes };
    if (event.team_id === null && existing.team_id !== null) changes.team_id = null;
    if (Object.keys(changes).length === 0) return (await tx.requests.findView(scope, id))!;

    const request = await tx.requests.update(existing.account_id, existing.id, changes);
    // The desired-completion e-mail goes to the request's requested_by person (none when disabled).
    const requestedBy = 'desired_completion_at' in changes ? await tx.people.findValidIn(access.account, { id: existing.requested_by_id }) : null;
    await publishRequestChange(tx, {
      request,
      previous: existing,
      changes,
      notes: [],
      actor: refs.currentUser,
      requestedBy,
      source: null,
      sourceId: null,
      names: requestNames(request),
    });
    return request;
  });
}

/** The fields the events intake cannot change, when given and different. */
function fieldChanges(existing: RequestRecord, event: RequestChangeInput): RequestChanges {
  const changes: RequestChanges = {};
  if (event.subject && event.subject !== existing.subject) changes.subject = event.subject;
  if (event.category && event.category !== existing.category) changes.category = event.category;
  if (event.impact !== undefined && event.impact !== existing.impact) changes.impact = event.impact;
  if (event.major_incident_status !== undefined && event.major_incident_status !== existing.major_incident_status) changes.major_incident_status = event.major_incident_status;
  // The records the request is linked to: given, found in the account (collectReferences), or null to unlink.
  for (const link of ['problem_id', 'workflow_id', 'project_id'] as const) {
    const value = event[link];
    if (value !== undefined && value !== existing[link]) changes[link] = value;
  }
  return changes;
}

/** The SLA of the request's service instance for its requested_for person's account, as the intake finds it. */
async function slaOf(existing: RequestRecord, access: AccessContext, tx: Pick<Transaction, 'people' | 'slas'>): Promise<SlaTargets | null> {
  if (!existing.service_instance_id) return null;
  const requestedFor = await tx.people.findValidIn(access.account, { id: existing.requested_for_id });
  return requestedFor ? tx.slas.targetsFor(existing.account_id, existing.service_instance_id, requestedFor.accountId) : null;
}
