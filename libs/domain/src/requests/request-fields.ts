/**
 * The fields a caller writes on a request, declared once (docs/decisions/031;
 * the mechanism is records/record-fields.ts): REST `POST`/`PATCH /v1/requests`,
 * GraphQL `requestCreate`/`requestUpdate` and the events intake (`POST
 * /v1/events`, SPEC.md "Events intake API" parameters) are derived from it,
 * with their types, checks and documents. Names are the events intake's;
 * a reference is given by id (`member_id`), and the events intake also takes
 * its lookups (`member`, a primary e-mail). A field is added here, and
 * nowhere else. Values of the enums: request-values.ts.
 */
import { declareRecord, type CheckedInput, type RecordInput } from '../records/record-fields.js';
import { CATEGORIES, COMPLETION_REASONS, IMPACTS, STATUSES } from './request-values.js';

export const REQUEST_SUBJECT_MAX_LENGTH = 190;
export const REQUEST_NOTE_MAX_LENGTH = 65_535;
const EMAIL_MAX = 254;
const NAME_MAX = 190;

export const REQUEST_RECORD = declareRecord('a request', {
  subject: { type: 'text', max: REQUEST_SUBJECT_MAX_LENGTH, write: 'change', required: true, description: 'Subject of the request' },
  note: { type: 'text', max: REQUEST_NOTE_MAX_LENGTH, write: 'create', description: 'Text added to the new request as a note' },
  internal_note: {
    type: 'text', max: REQUEST_NOTE_MAX_LENGTH, write: 'create', description: 'Text added to the new request as an internal note', note: 'Needs a role in the account',
  },
  source: { type: 'text', max: 30, write: 'create', description: 'Name of the monitoring tool or other source of the request', note: 'Visible in the audit trail' },
  source_id: { type: 'text', max: 128, write: 'create', graphql: 'sourceID', description: 'Unique id of the event at its source', note: 'Visible in the audit trail' },
  category: { type: 'enum', values: CATEGORIES, write: 'change', notBlank: true, description: 'Category' },
  impact: { type: 'enum', values: IMPACTS, write: 'change', description: 'Impact' },
  status: { type: 'enum', values: STATUSES, write: 'change', notBlank: true, description: 'Status' },
  completion_reason: { type: 'enum', values: COMPLETION_REASONS, write: 'change', description: 'Completion reason', note: 'Used when status is `completed`' },
  desired_completion_at: {
    type: 'datetime', write: 'change',
    description: 'Agreed completion',
    note: 'Later than the resolution target of an affected SLA, it overrides that target; the requested_by person is e-mailed when it is set, changed or removed',
  },
  downtime_start_at: { type: 'datetime', write: 'change', description: 'Start of a service outage' },
  downtime_end_at: { type: 'datetime', write: 'change', description: 'End of a service outage', note: 'Not before its start' },
  waiting_until: { type: 'datetime', write: 'change', description: 'When a `waiting_for` request returns to `assigned`' },
  ci_id: {
    type: 'reference', target: 'ConfigurationItem', write: 'create', graphql: 'configurationItemId', description: 'Configuration item',
    lookups: [
      { param: 'ci', max: NAME_MAX, by: 'label, or by name for a software CI' },
      { param: 'ci_source', max: 30, by: 'source, with `ci_sourceID`' },
      { param: 'ci_sourceID', max: 128, by: 'source id, with `ci_source`' },
    ],
  },
  member_id: { type: 'reference', target: 'Person', write: 'change', description: 'Person to assign', lookups: [{ param: 'member', max: EMAIL_MAX, by: 'primary e-mail' }] },
  requested_by_id: {
    type: 'reference', target: 'Person', write: 'create', description: 'Requesting person', note: 'Default: the caller',
    lookups: [{ param: 'requested_by', max: EMAIL_MAX, by: 'primary e-mail' }],
  },
  requested_for_id: {
    type: 'reference', target: 'Person', write: 'create', description: 'Person the request is for', note: 'Default: the requested_by person',
    lookups: [{ param: 'requested_for', max: EMAIL_MAX, by: 'primary e-mail' }],
  },
  service_instance_id: {
    type: 'reference', target: 'ServiceInstance', write: 'create', description: 'Service instance', lookups: [{ param: 'service_instance', max: NAME_MAX, by: 'name' }],
  },
  team_id: { type: 'reference', target: 'Team', write: 'change', description: 'Team to assign', lookups: [{ param: 'team', max: NAME_MAX, by: 'name' }] },
  supplier_id: {
    type: 'reference', target: 'Organization', write: 'create', graphql: false, description: 'Supplier organization',
    lookups: [{ param: 'supplier', max: NAME_MAX, by: 'name' }],
  },
  supplier_requestID: { type: 'text', max: 128, write: 'create', description: 'Identifier of the request at the supplier' },
  problem_id: { type: 'reference', target: 'Problem', write: 'create', graphql: false, description: 'Related problem' },
  workflow_id: { type: 'reference', target: 'Workflow', write: 'create', graphql: false, description: 'Related workflow' },
  template_id: {
    type: 'reference', target: 'RequestTemplate', write: 'create', graphql: false, description: 'Request template', note: 'Values given in the call override the template',
  },
});

type RequestFields = typeof REQUEST_RECORD.fields;

/** The fields a change may set (`undefined`: not given; `null`: cleared); values not yet checked. */
export type RequestUpdateInput = RecordInput<RequestFields, 'change'>;
export type RequestFieldsInput = RequestUpdateInput;
/** The fields of a new request; values not yet checked. */
export type RequestCreateInput = RecordInput<RequestFields, 'create'>;
/** The fields of a request change after their checks, references by id or by a lookup. */
export type CheckedRequestFields = CheckedInput<RequestFields>;
