/**
 * SPEC.md "Event matching" rule 3: an existing request can be changed by
 * completion_reason, desired_completion_at, downtime_start_at, downtime_end_at,
 * status, waiting_until, team, team_id, member and member_id — nothing else.
 * Only values that differ become changes. An empty value clears the field; an
 * invalid team changes nothing. The request as it will be stored must keep
 * every cross-field rule (request-rules.ts).
 */
import type { RequestChanges, RequestRecord } from '../requests/request-record.js';
import { assertRequestRules } from '../requests/request-rules.js';
import { statusRequiresMember } from '../requests/request-values.js';
import type { RequestChangeInput } from './request-change-input.js';
import type { SlaTargets } from '../records/references.js';
import type { ChangeContext } from './change-context.js';
import { computeTargets } from './resolution-target.js';
import type { ResolvedReferences } from './resolve-references.js';

const same = (a: Date | null, b: Date | null) => (a === null || b === null ? a === b : a.getTime() === b.getTime());

export function matchedRequestChanges(
  existing: RequestRecord,
  input: RequestChangeInput,
  refs: ResolvedReferences,
  sla: SlaTargets | null,
  ctx: ChangeContext,
): RequestChanges {
  const changes: RequestChanges = {};
  if (input.status && input.status !== existing.status) changes.status = input.status;
  const status = changes.status ?? existing.status;

  if (status === 'completed') {
    const reason = input.completion_reason ?? existing.completion_reason;
    if (reason && reason !== existing.completion_reason) changes.completion_reason = reason;
    if (changes.status) {
      changes.completed_at = ctx.now;
      changes.resolution_duration = Math.round((ctx.now.getTime() - existing.created_at.getTime()) / 60_000);
    }
  }

  for (const field of ['desired_completion_at', 'downtime_start_at', 'downtime_end_at', 'waiting_until'] as const) {
    const value = input[field];
    if (value !== undefined && !same(value, existing[field])) changes[field] = value;
  }
  if ('desired_completion_at' in changes) {
    const targets = computeTargets(existing.created_at, sla, changes.desired_completion_at ?? null);
    if (!same(targets.resolution_target_at, existing.resolution_target_at)) {
      changes.resolution_target_at = targets.resolution_target_at;
      changes.requester_resolution_target_at = targets.requester_resolution_target_at;
    }
  }

  const memberGiven = input.member_id !== undefined || input.member !== undefined;
  const memberId = memberGiven ? (refs.member?.id ?? null) : existing.member_id;
  const neededMember = memberId === null && statusRequiresMember(status) ? refs.currentUser.id : memberId;
  if (neededMember !== existing.member_id) changes.member_id = neededMember;
  if (refs.team && refs.team.id !== existing.team_id) changes.team_id = refs.team.id;
  assertRequestRules({ ...existing, ...changes });
  return changes;
}
