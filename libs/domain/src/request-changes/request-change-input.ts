import type { Category, CompletionReason, Impact, Status } from '../requests/request-values.js';

/**
 * The request fields a change may give, named as SPEC.md "Events intake API"
 * names its parameters (references by id or by name): what both the events
 * intake (events-intake/event-input.ts adds where to register) and the
 * request API (requests/create-request-input.ts, by id only) hand to the
 * steps of a request change. `undefined` means the field was not given;
 * `null` means it was given empty, which clears the field on an existing
 * request (e.g. removes desired_completion_at).
 */
export interface RequestChangeInput {
  subject?: string;
  note?: string | null;
  internal_note?: string | null;
  source?: string | null;
  source_id?: string | null;
  category?: Category | null;
  impact?: Impact | null;
  status?: Status | null;
  completion_reason?: CompletionReason | null;
  desired_completion_at?: Date | null;
  downtime_start_at?: Date | null;
  downtime_end_at?: Date | null;
  waiting_until?: Date | null;
  ci?: string | null;
  ci_id?: number | null;
  ci_source?: string | null;
  ci_sourceID?: string | null;
  member?: string | null;
  member_id?: number | null;
  requested_by?: string | null;
  requested_by_id?: number | null;
  requested_for?: string | null;
  requested_for_id?: number | null;
  service_instance?: string | null;
  service_instance_id?: number | null;
  team?: string | null;
  team_id?: number | null;
  supplier?: string | null;
  supplier_id?: number | null;
  supplier_requestID?: string | null;
  problem_id?: number | null;
  workflow_id?: number | null;
  template_id?: number | null;
}
