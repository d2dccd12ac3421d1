/**
 * SLA targets of a request, and SPEC.md `desired_completion_at`: when it is
 * later than the resolution target of the affected SLA, it overrides that target.
 */
import type { SlaTargets } from '../records/references.js';

const MINUTE = 60_000;

export interface Targets {
  response_target_at: Date | null;
  resolution_target_at: Date | null;
  requester_resolution_target_at: Date | null;
}

export function computeTargets(createdAt: Date, sla: SlaTargets | null, desired: Date | null): Targets {
  const response = sla?.responseMinutes ? new Date(createdAt.getTime() + sla.responseMinutes * MINUTE) : null;
  const slaResolution = sla?.resolutionMinutes ? new Date(createdAt.getTime() + sla.resolutionMinutes * MINUTE) : null;
  const resolution = desired && (!slaResolution || desired > slaResolution) ? desired : slaResolution;
  return { response_target_at: response, resolution_target_at: resolution, requester_resolution_target_at: resolution };
}
