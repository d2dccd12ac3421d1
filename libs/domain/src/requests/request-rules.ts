/**
 * Rules across fields of a request. They are checked against the record as it
 * will be stored — the new request, or the matched request with the event's
 * changes applied — never only against the values of one call.
 */
import { validationFailed, type FieldError } from '../errors/domain-error.js';
import type { RequestRecord } from './request-record.js';

type Checked = Pick<RequestRecord, 'status' | 'completion_reason' | 'downtime_start_at' | 'downtime_end_at'>;

export function requestRuleErrors(request: Checked): FieldError[] {
  const errors: FieldError[] = [];
  if (request.status === 'completed' && !request.completion_reason) {
    errors.push(['completion_reason', "Completion reason can't be blank when the status is completed"]);
  }
  const { downtime_start_at: start, downtime_end_at: end } = request;
  if (start && end && end.getTime() < start.getTime()) errors.push(['downtime_end_at', 'Downtime end at must be after the downtime start']);
  return errors;
}

export function assertRequestRules(request: Checked): void {
  const errors = requestRuleErrors(request);
  if (errors.length > 0) throw validationFailed(errors);
}
