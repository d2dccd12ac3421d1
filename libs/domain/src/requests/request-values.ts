/**
 * Allowed values of request fields (SPEC.md "Request" lists the values seen;
 * REFERENCE.md's platform has these sets).
 */
export const CATEGORIES = ['complaint', 'compliment', 'fulfillment', 'incident', 'other', 'reservation', 'rfc', 'rfi'] as const;
export const STATUSES = [
  'declined', 'on_backlog', 'assigned', 'accepted', 'in_progress', 'waiting_for', 'waiting_for_customer',
  'reservation_pending', 'workflow_pending', 'project_pending', 'completed',
] as const;
export const IMPACTS = ['low', 'medium', 'high', 'top'] as const;
/** A request's major incident status (docs/decisions/045); null: never proposed. */
export const MAJOR_INCIDENT_STATUSES = ['proposed', 'accepted', 'rejected', 'resolved', 'canceled'] as const;
export const COMPLETION_REASONS = ['solved', 'workaround', 'gone', 'duplicate', 'withdrawn', 'no_reply', 'rejected', 'conflict', 'declined', 'unsolvable'] as const;

export type Category = (typeof CATEGORIES)[number];
export type Status = (typeof STATUSES)[number];
export type Impact = (typeof IMPACTS)[number];
export type MajorIncidentStatus = (typeof MAJOR_INCIDENT_STATUSES)[number];
export type CompletionReason = (typeof COMPLETION_REASONS)[number];

/** Statuses in which somebody must be working on the request. */
const MEMBER_STATUSES: ReadonlySet<Status> = new Set(['accepted', 'in_progress', 'waiting_for', 'waiting_for_customer', 'reservation_pending']);

export function statusRequiresMember(status: Status): boolean {
  return MEMBER_STATUSES.has(status);
}

/** Statuses of a request that is no longer open (SPEC.md "Event matching" looks only at open ones). */
export const OPEN_EXCLUDED_STATUSES = ['completed', 'declined'];
