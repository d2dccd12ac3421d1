/**
 * SPEC.md "Default values for a new request", every row; values given in the
 * call override template values, which override the defaults:
 * - category: `incident` if a service instance is related, else `other`;
 * - impact: `top` if the category is `incident`, else empty;
 * - status: `assigned`; `workflow_pending` with a template linked to a workflow template;
 * - member: the workflow manager with such a template; the current user when the
 *   status requires a member and none is given;
 * - requested_by: the current user; requested_for: requested_by;
 * - service_instance: the first service instance of the configuration item;
 * - source: `Event`; team: see default-team.ts.
 */
import { copyTemplateRules, type TemplateRulePorts } from '../automation/template-rules.js';
import type { Transaction } from '../ports/unit-of-work.js';
import type { ServiceInstanceRef } from '../records/references.js';
import type { NewRequest } from '../requests/request-record.js';
import type { RequestView } from '../requests/request-view.js';
import { assertRequestRules } from '../requests/request-rules.js';
import { statusRequiresMember, type Category, type Impact, type Status } from '../requests/request-values.js';
import { defaultTeam } from './default-team.js';
import { DEFAULT_EVENT_SOURCE } from './change-sources.js';
import type { RequestChangeInput } from './request-change-input.js';
import type { ChangeContext } from './change-context.js';
import { computeTargets } from './resolution-target.js';
import type { ResolvedReferences } from './resolve-references.js';

export interface RequestDefaults {
  serviceInstance: ServiceInstanceRef | null;
  category: Category;
  impact: Impact | null;
  status: Status;
  memberId: number | null;
}

/** The rows of the defaults table that need no lookup: call values, then template values, then defaults. */
export function requestDefaults(input: RequestChangeInput, refs: Pick<ResolvedReferences, 'serviceInstance' | 'template' | 'member' | 'currentUser'>): RequestDefaults {
  const template = refs.template;
  const serviceInstance = refs.serviceInstance ?? template?.serviceInstance ?? null;
  const category: Category = input.category ?? (template?.category as Category | null) ?? (serviceInstance ? 'incident' : 'other');
  const impact: Impact | null = input.impact ?? (template?.impact as Impact | null) ?? (category === 'incident' ? 'top' : null);
  const status: Status = input.status ?? (template?.workflowManagerId ? 'workflow_pending' : 'assigned');
  const memberId =
    refs.member?.id ?? template?.workflowManagerId ?? template?.memberId ?? (statusRequiresMember(status) ? refs.currentUser.id : null);
  return { serviceInstance, category, impact, status, memberId };
}

type DefaultLookups = Pick<Transaction, 'people' | 'supportAgreements' | 'slas'>;

export async function buildNewRequest(input: RequestChangeInput, refs: ResolvedReferences, ctx: ChangeContext, tx: DefaultLookups): Promise<NewRequest> {
  const template = refs.template;
  const { serviceInstance, category, impact, status, memberId } = requestDefaults(input, refs);
  const account = refs.account.id;
  const teamId =
    refs.team?.id ??
    template?.teamId ??
    (await defaultTeam(
      { memberId, serviceInstance, currentUserId: refs.currentUser.id, requestedFor: refs.requestedFor },
      {
        teamIdsOf: (personId) => tx.people.teamIdsIn(account, personId),
        serviceDeskTeamFor: (customerAccountId) => tx.supportAgreements.serviceDeskTeamFor(account, customerAccountId),
      },
    ));
  const sla = serviceInstance ? await tx.slas.targetsFor(account, serviceInstance.id, refs.requestedFor.accountId) : null;
  const completed = status === 'completed';

  const request: NewRequest = {
    account_id: refs.account.id,
    subject: input.subject!,
    category,
    status,
    impact,
    completion_reason: completed ? input.completion_reason! : null,
    // The events intake never sets these (request-fields.ts: not intake parameters); the request API does.
    major_incident_status: null,
    agile_board_id: null,
    agile_board_column_id: null,
    service_instance_id: serviceInstance?.id ?? null,
    organization_id: refs.requestedFor.organizationId,
    requested_by_id: refs.requestedBy.id,
    requested_for_id: refs.requestedFor.id,
    created_by_id: refs.currentUser.id,
    member_id: memberId,
    team_id: teamId,
    supplier_id: refs.supplier?.id ?? null,
    workflow_id: refs.workflow?.id ?? null,
    problem_id: refs.problem?.id ?? null,
    project_id: refs.project?.id ?? null,
    ci_id: refs.ci?.id ?? null,
    template_id: template?.id ?? null,
    knowledge_article_id: null,
    grouped_into_id: null,
    completed_at: completed ? ctx.now : null,
    desired_completion_at: input.desired_completion_at ?? null,
    downtime_start_at: input.downtime_start_at ?? null,
    downtime_end_at: input.downtime_end_at ?? null,
    waiting_until: input.waiting_until ?? null,
    ...computeTargets(ctx.now, sla, input.desired_completion_at ?? null),
    resolution_duration: completed ? 0 : null,
    source: input.source ?? DEFAULT_EVENT_SOURCE,
    source_id: input.source_id ?? null,
    supplier_request_id: input.supplier_requestID ?? null,
    grouping: 'none',
    satisfaction: null,
    custom_fields: null,
    new_assignment: memberId !== null || teamId !== null,
    reviewed: false,
    urgent: false,
    addressed: false,
  };
  assertRequestRules(request);
  return request;
}

/**
 * Writes a new request, REST's, GraphQL's and the events intake's alike, with the rules of its
 * template copied onto it (automation/template-rules.ts), before the change is published.
 */
export async function insertNewRequest(tx: Pick<Transaction, 'requests'> & TemplateRulePorts, draft: NewRequest): Promise<RequestView> {
  const request = await tx.requests.insert(draft);
  await copyTemplateRules(tx, request);
  return request;
}
