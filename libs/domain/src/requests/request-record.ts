import type { AccountId } from '../tenancy/account-id.js';
import type { Category, CompletionReason, Impact, MajorIncidentStatus, Status } from './request-values.js';

/** A request as stored; field names are those of SPEC.md's Request table (ids for references). */
export interface RequestRecord {
  id: number;
  account_id: AccountId;
  subject: string;
  category: Category;
  status: Status;
  impact: Impact | null;
  completion_reason: CompletionReason | null;
  major_incident_status: MajorIncidentStatus | null;
  agile_board_id: number | null;
  agile_board_column_id: number | null;
  service_instance_id: number | null;
  organization_id: number | null;
  requested_by_id: number;
  requested_for_id: number;
  created_by_id: number;
  member_id: number | null;
  team_id: number | null;
  supplier_id: number | null;
  workflow_id: number | null;
  problem_id: number | null;
  project_id: number | null;
  ci_id: number | null;
  template_id: number | null;
  knowledge_article_id: number | null;
  grouped_into_id: number | null;
  completed_at: Date | null;
  desired_completion_at: Date | null;
  downtime_start_at: Date | null;
  downtime_end_at: Date | null;
  waiting_until: Date | null;
  response_target_at: Date | null;
  resolution_target_at: Date | null;
  requester_resolution_target_at: Date | null;
  resolution_duration: number | null;
  source: string | null;
  source_id: string | null;
  supplier_request_id: string | null;
  grouping: string;
  satisfaction: string | null;
  custom_fields: unknown;
  new_assignment: boolean;
  reviewed: boolean;
  urgent: boolean;
  addressed: boolean;
  created_at: Date;
  updated_at: Date;
}

/** The fields a new request is created with; the store fills id and timestamps. */
export type NewRequest = Omit<RequestRecord, 'id' | 'created_at' | 'updated_at'>;

/**
 * Fields a change may set on an existing request: those of SPEC.md "Event
 * matching" rule 3 plus what they imply, subject, category and impact,
 * which the request API changes too (requests/update-request.ts), and
 * satisfaction, which the requester's feedback link sets (record-request-feedback.ts).
 */
export type RequestChanges = Partial<
  Pick<
    RequestRecord,
    | 'subject' | 'category' | 'impact' | 'status' | 'completion_reason' | 'completed_at' | 'resolution_duration' | 'desired_completion_at' | 'downtime_start_at'
    | 'downtime_end_at' | 'waiting_until' | 'team_id' | 'member_id' | 'resolution_target_at' | 'requester_resolution_target_at' | 'satisfaction'
    | 'major_incident_status' | 'agile_board_id' | 'agile_board_column_id' | 'problem_id' | 'workflow_id' | 'project_id'
  >
>;
