/**
 * The request JSON of SPEC.md "Request (as returned by the events intake API)":
 * every field; references `{id, name, nodeID}` (workflow `{id, subject, nodeID}`);
 * datetimes ISO 8601; `sourceID` and `supplier_requestID` as the spec spells them.
 */
import { encodeNodeId } from '../node-id.js';
import { feedbackLinks, type FeedbackLinkKey } from '../requests/feedback-link.js';
import type { NoteView, RequestView } from '../requests/request-view.js';

const REFERENCE_TYPES: Record<string, string> = {
  service_instance: 'ServiceInstance', organization: 'Organization', requested_by: 'Person', requested_for: 'Person',
  created_by: 'Person', member: 'Person', team: 'Team', supplier: 'Organization', problem: 'Problem', project: 'Project',
  ci: 'ConfigurationItem', template: 'RequestTemplate', knowledge_article: 'KnowledgeArticle', grouped_into: 'Request',
  agile_board: 'AgileBoard', agile_board_column: 'AgileBoardColumn',
};

const ref = (view: RequestView, field: string, id: number | null) =>
  id === null ? null : { id, name: view[`${field}_name`] ?? null, nodeID: encodeNodeId(REFERENCE_TYPES[field]!, id) };

/** SPEC.md shows `no_target`; a waiting request's clock is stopped; otherwise the resolution target. */
function nextTarget(view: RequestView): string {
  if (view.status === 'completed' || view.status === 'declined') return 'no_target';
  if (view.status === 'waiting_for' || view.status === 'waiting_for_customer') return 'clock_stopped';
  return view.resolution_target_at ? view.resolution_target_at.toISOString() : 'no_target';
}

/** What the links of a request are made with: the public api base URL (`…/v1`) and the feedback links' key. */
export interface RequestLinkContext {
  apiUrl: string;
  feedbackKey: FeedbackLinkKey;
}

export function presentRequest(view: RequestView, links: RequestLinkContext): Record<string, unknown> {
  return {
    id: view.id,
    subject: view.subject,
    category: view.category,
    status: view.status,
    impact: view.impact,
    completion_reason: view.completion_reason,
    major_incident_status: view.major_incident_status,
    service_instance: ref(view, 'service_instance', view.service_instance_id),
    organization: ref(view, 'organization', view.organization_id),
    requested_by: ref(view, 'requested_by', view.requested_by_id),
    requested_for: ref(view, 'requested_for', view.requested_for_id),
    created_by: ref(view, 'created_by', view.created_by_id),
    member: ref(view, 'member', view.member_id),
    team: ref(view, 'team', view.team_id),
    supplier: ref(view, 'supplier', view.supplier_id),
    workflow: view.workflow_id === null ? null : { id: view.workflow_id, subject: view.workflow_name, nodeID: encodeNodeId('Workflow', view.workflow_id) },
    problem: ref(view, 'problem', view.problem_id),
    project: ref(view, 'project', view.project_id),
    ci: ref(view, 'ci', view.ci_id),
    template: ref(view, 'template', view.template_id),
    knowledge_article: ref(view, 'knowledge_article', view.knowledge_article_id),
    grouped_into: ref(view, 'grouped_into', view.grouped_into_id),
    agile_board: ref(view, 'agile_board', view.agile_board_id),
    agile_board_column: ref(view, 'agile_board_column', view.agile_board_column_id),
    created_at: view.created_at,
    updated_at: view.updated_at,
    completed_at: view.completed_at,
    desired_completion_at: view.desired_completion_at,
    downtime_start_at: view.downtime_start_at,
    downtime_end_at: view.downtime_end_at,
    waiting_until: view.waiting_until,
    response_target_at: view.response_target_at,
    resolution_target_at: view.resolution_target_at,
    requester_resolution_target_at: view.requester_resolution_target_at,
    next_target_at: nextTarget(view),
    resolution_duration: view.resolution_duration,
    source: view.source,
    sourceID: view.source_id,
    supplier_requestID: view.supplier_request_id,
    grouping: view.grouping,
    satisfaction: view.satisfaction,
    custom_fields: view.custom_fields,
    new_assignment: view.new_assignment,
    reviewed: view.reviewed,
    urgent: view.urgent,
    addressed: view.addressed,
    feedback: { requested_by: feedbackLinks(links.feedbackKey, links.apiUrl, view) },
    nodeID: encodeNodeId('Request', view.id),
  };
}

export function presentNote(note: NoteView): Record<string, unknown> {
  return {
    id: note.id,
    text: note.text,
    internal: note.internal,
    person: { id: note.person_id, name: note.person_name, nodeID: encodeNodeId('Person', note.person_id) },
    created_at: note.created_at,
    nodeID: encodeNodeId('Note', note.id),
  };
}
