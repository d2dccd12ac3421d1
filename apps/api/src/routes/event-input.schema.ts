/**
 * The parameters of `POST /v1/events` as the OpenAPI document shows them,
 * derived from the table parseEventInput reads (types, lengths, values), with
 * the purpose of each from SPEC.md "Events intake API".
 */
import { z } from 'zod';
import type { EventInput } from '@tessera/domain';
import { DATETIME_RANGE_TEXT, EVENT_PARAMETER_ALIASES, EVENT_PARAMETERS, type EventParameterKind } from '@tessera/validation';

const PURPOSE: Record<keyof EventInput, string> = {
  subject: 'Subject of the request; required, in the query or the body',
  note: 'Text added as a note',
  internal_note: 'Text added as an internal note',
  source: 'Name of the monitoring tool; visible in the audit trail; default `Event`',
  source_id: 'Unique id of the event; visible in the audit trail (alias `sourceID`)',
  category: 'Category',
  impact: 'Impact',
  status: 'Status',
  completion_reason: 'Completion reason; used when status is `completed`',
  desired_completion_at: 'Agreed completion; later than the resolution target of an affected SLA, it overrides that target',
  downtime_start_at: 'Start of a service outage',
  downtime_end_at: 'End of a service outage',
  waiting_until: 'When the status changes from `waiting_for` to `assigned`',
  ci: 'Configuration item by label, or by name for a software CI',
  ci_id: 'Configuration item by id',
  ci_source: 'Source of the configuration item; used with `ci_sourceID`',
  ci_sourceID: 'Source id of the configuration item',
  member: 'Person to assign, by primary e-mail',
  member_id: 'Person to assign, by id',
  requested_by: 'Requesting person, by primary e-mail',
  requested_by_id: 'Requesting person, by id',
  requested_for: 'Person the request is for, by primary e-mail',
  requested_for_id: 'Person the request is for, by id',
  service_instance: 'Service instance by name',
  service_instance_id: 'Service instance by id',
  team: 'Team to assign, by name (an invalid team is replaced by the default team)',
  team_id: 'Team to assign, by id (an invalid team is replaced by the default team)',
  supplier: 'Supplier organization by name',
  supplier_id: 'Supplier organization by id',
  supplier_requestID: 'Identifier of the request at the supplier',
  problem_id: 'Related problem by id',
  workflow_id: 'Related workflow by id',
  template_id: 'Request template by id; values given in the call override the template',
  support_domain: "Account id of the support domain to register the request in; required when the caller's person is in a directory account",
};

function schemaOf(kind: EventParameterKind): z.ZodType {
  switch (kind.type) {
    case 'text':
    case 'name':
      return z.string().max(kind.max);
    case 'enum':
      return z.enum(kind.values as [string, ...string[]]);
    case 'datetime':
      return z.string();
    case 'id':
      return z.coerce.number().int().min(1).max(2_147_483_647);
  }
}

function parameterSchema(field: keyof EventInput, kind: EventParameterKind): z.ZodType {
  const format = kind.type === 'datetime' ? ` An ISO 8601 datetime from ${DATETIME_RANGE_TEXT}; without an offset, UTC.` : '';
  const clearable = kind.type === 'text' && kind.required ? '' : ' An empty value clears it.';
  return schemaOf(kind).optional().describe(`${PURPOSE[field]}.${format}${clearable}`);
}

const aliases = Object.fromEntries(
  Object.entries(EVENT_PARAMETER_ALIASES).map(([alias, field]) => [alias, z.string().optional().describe(`Alias of \`${field}\``)]),
);

/** Every parameter, each optional here: `subject` may come from the query or from the body. */
export const eventInputSchema = z
  .object({
    ...Object.fromEntries((Object.entries(EVENT_PARAMETERS) as Array<[keyof EventInput, EventParameterKind]>).map(([field, kind]) => [field, parameterSchema(field, kind)])),
    ...aliases,
  })
  .describe('Event parameters, as a JSON object or a form; the same ones as the query string. A parameter given twice with different values is a 422.');
