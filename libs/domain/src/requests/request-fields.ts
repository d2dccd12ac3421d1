/**
 * The fields of a request, declared once (docs/decisions/031; the mechanism is
 * records/record-fields.ts): REST `POST`/`PATCH /v1/requests`, GraphQL
 * `requestCreate`/`requestUpdate` and the events intake (`POST /v1/events`,
 * SPEC.md "Events intake API" parameters) are derived from it with their
 * types, checks and documents, and so are the `GET /v1/requests` collection
 * rules, the REST answer's schema and GraphQL's plain Request fields. Names
 * are the events intake's; a reference is given by id (`member_id`), read as
 * the record (`member`), and the events intake also takes its lookups
 * (`member`, a primary e-mail). Written fields come first, in the order the
 * events intake reports their problems. A field is added here, and nowhere
 * else (what a presenter computes aside). Values of the enums: request-values.ts.
 */
import { declareRecord, type CheckedInput, type RecordInput } from '../records/record-fields.js';
import { FEEDBACK_ANSWERS } from './feedback-link.js';
import { CATEGORIES, COMPLETION_REASONS, IMPACTS, MAJOR_INCIDENT_STATUSES, STATUSES } from './request-values.js';

export const REQUEST_SUBJECT_MAX_LENGTH = 190;
export const REQUEST_NOTE_MAX_LENGTH = 65_535;
const EMAIL_MAX = 254;
const NAME_MAX = 190;

const LISTED = { default: true } as const;
const SORTED = { sort: true, filter: true } as const;
const FILTERED = { filter: true } as const;
const ALL = { default: true, sort: true, filter: true } as const;
const ALL_BUT_SORT = { default: true, filter: true } as const;

export const REQUEST_RECORD = declareRecord('a request', {
  subject: { type: 'text', max: REQUEST_SUBJECT_MAX_LENGTH, write: 'change', required: true, description: 'Subject of the request', collection: { default: true, sort: true } },
  note: { type: 'text', max: REQUEST_NOTE_MAX_LENGTH, write: 'create', read: false, description: 'Text added to the new request as a note' },
  internal_note: {
    type: 'text', max: REQUEST_NOTE_MAX_LENGTH, write: 'create', read: false, description: 'Text added to the new request as an internal note', note: 'Needs a role in the account',
  },
  source: {
    type: 'text', max: 30, write: 'create', description: 'Name of the monitoring tool or other source of the request', note: 'Visible in the audit trail', collection: FILTERED,
  },
  source_id: {
    type: 'text', max: 128, write: 'create', read: 'sourceID', description: 'Unique id of the event at its source', note: 'Visible in the audit trail', collection: FILTERED,
  },
  category: { type: 'enum', values: CATEGORIES, write: 'change', notBlank: true, description: 'Category', collection: ALL },
  impact: { type: 'enum', values: IMPACTS, write: 'change', description: 'Impact', collection: ALL },
  status: { type: 'enum', values: STATUSES, write: 'change', notBlank: true, description: 'Status', collection: ALL },
  completion_reason: { type: 'enum', values: COMPLETION_REASONS, write: 'change', description: 'Completion reason', note: 'Used when status is `completed`' },
  desired_completion_at: {
    type: 'datetime', write: 'change', description: 'Agreed completion',
    note: 'Later than the resolution target of an affected SLA, it overrides that target; the requested_by person is e-mailed when it is set, changed or removed',
  },
  downtime_start_at: { type: 'datetime', write: 'change', description: 'Start of a service outage' },
  downtime_end_at: { type: 'datetime', write: 'change', description: 'End of a service outage', note: 'Not before its start' },
  waiting_until: { type: 'datetime', write: 'change', description: 'When a `waiting_for` request returns to `assigned`' },
  ci_id: {
    type: 'reference', target: 'ConfigurationItem', write: 'create', graphql: 'configurationItem', description: 'Configuration item', collection: FILTERED,
    lookups: [
      { param: 'ci', max: NAME_MAX, by: 'label, or by name for a software CI' },
      { param: 'ci_source', max: 30, by: 'source, with `ci_sourceID`' },
      { param: 'ci_sourceID', max: 128, by: 'source id, with `ci_source`' },
    ],
  },
  member_id: {
    type: 'reference', target: 'Person', write: 'change', description: 'Person to assign', lookups: [{ param: 'member', max: EMAIL_MAX, by: 'primary e-mail' }], collection: ALL_BUT_SORT,
  },
  requested_by_id: {
    type: 'reference', target: 'Person', write: 'create', description: 'Requesting person', note: 'Default: the caller',
    lookups: [{ param: 'requested_by', max: EMAIL_MAX, by: 'primary e-mail' }],
  },
  requested_for_id: {
    type: 'reference', target: 'Person', write: 'create', description: 'Person the request is for', note: 'Default: the requested_by person',
    lookups: [{ param: 'requested_for', max: EMAIL_MAX, by: 'primary e-mail' }], collection: LISTED,
  },
  service_instance_id: {
    type: 'reference', target: 'ServiceInstance', write: 'create', description: 'Service instance', lookups: [{ param: 'service_instance', max: NAME_MAX, by: 'name' }], collection: FILTERED,
  },
  team_id: { type: 'reference', target: 'Team', write: 'change', description: 'Team to assign', lookups: [{ param: 'team', max: NAME_MAX, by: 'name' }], collection: ALL_BUT_SORT },
  supplier_id: {
    type: 'reference', target: 'Organization', write: 'create', graphql: false, description: 'Supplier organization', lookups: [{ param: 'supplier', max: NAME_MAX, by: 'name' }],
  },
  supplier_requestID: { type: 'text', max: 128, write: 'create', column: 'supplier_request_id', description: 'Identifier of the request at the supplier' },
  problem_id: {
    type: 'reference', target: 'Problem', write: 'change', description: 'Problem the request is linked to', note: 'A problem of the account; null unlinks it', collection: FILTERED,
  },
  workflow_id: {
    type: 'reference', target: 'Workflow', write: 'change', description: 'Workflow the request is linked to', note: 'A workflow of the account; null unlinks it', collection: FILTERED,
  },
  project_id: {
    type: 'reference', target: 'Project', write: 'change', intake: false, description: 'Project the request is linked to', note: 'A project of the account; null unlinks it',
    collection: FILTERED,
  },
  template_id: { type: 'reference', target: 'RequestTemplate', write: 'create', graphql: false, description: 'Request template', note: 'Values given in the call override the template' },
  major_incident_status: {
    type: 'enum', values: MAJOR_INCIDENT_STATUSES, write: 'change', intake: false, description: 'Major incident status',
    note: 'Anyone who may change the request proposes it (`proposed`); an administrator accepts, rejects, resolves or cancels (docs/decisions/045)',
    collection: FILTERED,
  },
  agile_board_id: {
    type: 'reference', target: 'AgileBoard', write: 'change', intake: false, description: 'Agile board the request is on',
    note: 'Set without a column, the request goes to the board\'s first column', collection: FILTERED,
  },
  agile_board_column_id: {
    type: 'reference', target: 'AgileBoardColumn', write: 'change', intake: false, description: 'Column of the agile board the request is in',
    note: 'A column of the request\'s agile board', collection: FILTERED,
  },
  // Read-only: what the service sets.
  id: { type: 'integer', notBlank: true, graphql: false, description: 'The request id', collection: ALL },
  organization_id: { type: 'reference', target: 'Organization', graphql: false, description: 'Organization of the requested_for person' },
  created_by_id: { type: 'reference', target: 'Person', description: 'Person who created the request' },
  knowledge_article_id: { type: 'reference', target: 'KnowledgeArticle', graphql: false, description: 'Knowledge article applied' },
  grouped_into_id: { type: 'reference', target: 'Request', graphql: false, description: 'Request this one is grouped into' },
  created_at: { type: 'datetime', notBlank: true, description: 'When the request was created', collection: ALL },
  updated_at: { type: 'datetime', notBlank: true, description: 'When the request last changed', collection: SORTED },
  completed_at: { type: 'datetime', description: 'When the request was completed', collection: SORTED },
  response_target_at: { type: 'datetime', description: 'Response target of the affected SLA' },
  resolution_target_at: { type: 'datetime', description: 'Resolution target of the affected SLA' },
  requester_resolution_target_at: { type: 'datetime', description: 'Resolution target for the requester' },
  next_target_at: {
    type: 'text', notBlank: true, graphql: false, description: 'The next target as a datetime, `no_target`, or `clock_stopped` while waiting', collection: LISTED,
  },
  resolution_duration: { type: 'integer', description: 'Seconds' },
  grouping: { type: 'text', notBlank: true, description: 'Grouping of the request' },
  satisfaction: {
    type: 'enum', values: FEEDBACK_ANSWERS, description: 'The requested_by person’s answer through a feedback link, as REST spells it; null before any answer',
  },
  custom_fields: { type: 'json', graphql: false, description: 'Custom fields' },
  new_assignment: { type: 'boolean', notBlank: true, description: 'New assignment' },
  reviewed: { type: 'boolean', notBlank: true, description: 'Reviewed' },
  urgent: { type: 'boolean', notBlank: true, description: 'Urgent' },
  addressed: { type: 'boolean', notBlank: true, description: 'Addressed' },
  feedback: { type: 'json', notBlank: true, graphql: false, description: 'Signed links for the requested_by person (e.g. in an e-mail)' },
});

type RequestFields = typeof REQUEST_RECORD.fields;

/** The fields a change may set (`undefined`: not given; `null`: cleared); values not yet checked. */
export type RequestUpdateInput = RecordInput<RequestFields, 'change'>;
export type RequestFieldsInput = RequestUpdateInput;
/** The fields of a new request; values not yet checked. */
export type RequestCreateInput = RecordInput<RequestFields, 'create'>;
/** The fields of a request change after their checks, references by id or by a lookup. */
export type CheckedRequestFields = CheckedInput<RequestFields>;
