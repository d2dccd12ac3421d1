/**
 * A risk (issue 32; ../shared/RECORDS.md "risk"), a record of the engine (docs/decisions/039,
 * 046): `/v1/risks`, GraphQL's `Risk`, `risk.create` / `.update` and, beside an update,
 * `risk.status-changed` and `risk.manager-changed`; notes fire `risk.note-added`. Something that
 * may go wrong for organizations and services, until it is closed, for a reason, which stamps
 * `closed_at`.
 */
import type { FieldError } from '../errors/domain-error.js';
import { WORK_WRITERS } from '../problems/work-writers.js';
import { FACETS, defineRecord } from '../record-engine/define-record.js';

const { all: ALL, listed: LISTED } = FACETS;
const LINKS_MAX = 100;

/** A closed risk says why it was closed. */
function closedWithReason(risk: Readonly<Record<string, unknown>>): FieldError[] {
  return risk['status'] === 'closed' && risk['closure_reason'] === null ? [['closure_reason', 'Closure reason is needed to close a risk']] : [];
}

export const RISK = defineRecord({
  noun: 'risk',
  fields: {
    subject: { type: 'text', max: 128, write: 'change', required: true, description: 'Subject', collection: ALL },
    severity: { type: 'enum', values: ['low', 'medium', 'high', 'top'], write: 'change', description: 'Severity', collection: ALL },
    status: { type: 'enum', values: ['anticipated', 'materialized', 'closed'], write: 'change', nullable: false, description: 'Status', note: 'Default: anticipated; closed needs a closure reason and stamps closed_at', collection: ALL },
    closure_reason: { type: 'enum', values: ['eliminated', 'accepted', 'mitigated', 'transferred', 'no_risk'], write: 'change', description: 'Why it was closed', collection: LISTED },
    manager_id: { type: 'reference', target: 'Person', write: 'change', description: 'Risk manager', collection: LISTED },
    mitigation_target_at: { type: 'date', write: 'change', description: 'Day by which it is to be mitigated', collection: ALL },
    organization_ids: { type: 'references', target: 'Organization', max: LINKS_MAX, write: 'change', description: 'Organizations it concerns' },
    service_ids: { type: 'references', target: 'Service', max: LINKS_MAX, write: 'change', description: 'Services it concerns' },
    project_ids: { type: 'references', target: 'Project', max: LINKS_MAX, write: 'change', description: 'Projects it concerns' },
    closed_at: { type: 'datetime', description: 'When it was closed; null while it is not', collection: ALL },
  },
  defaults: { status: 'anticipated' },
  links: {
    organization_ids: { table: 'risk_organizations', self: 'risk_id', other: 'organization_id', position: 'self' },
    service_ids: { table: 'risk_services', self: 'risk_id', other: 'service_id', position: 'self' },
    project_ids: { table: 'risk_projects', self: 'risk_id', other: 'project_id', position: 'self' },
  },
  stamps: { closed_at: { when: 'status', in: ['closed'] } },
  rules: closedWithReason,
  changeEvents: { 'status-changed': 'status', 'manager-changed': 'manager_id' },
  notes: true,
  writers: WORK_WRITERS,
  describe: {
    create: '`subject` is needed; anticipated by default; closed needs a `closure_reason`. Fires risk.create.',
    update:
      'Any field; closing needs a closure reason and stamps closed_at, reopening clears it. Fires risk.update, and beside it risk.status-changed or ' +
      '.manager-changed for those fields; a change that changes nothing fires nothing.',
  },
});
