/**
 * SPEC.md "Default values for a new request", row `team`:
 * - the team of the member, if any;
 * - otherwise, with a service instance, its First Line Team, or its Support
 *   Team when no First Line Team is set or the current user belongs to the
 *   First Line Team or the Support Team;
 * - otherwise the Service Desk Team of the first line support agreement
 *   covering the account of the requested_for person.
 * Only teams of the registering account are candidates: the store returns a
 * member's teams, a service instance's teams and an agreement of that account
 * alone, so a default that would cross accounts falls through to the next rule.
 */
import type { EventsTransaction, PersonRef, ServiceInstanceRef } from './events-store.js';

export interface TeamInputs {
  /** The account the request is registered in: every candidate team must be one of its teams. */
  accountId: string;
  memberId: number | null;
  serviceInstance: ServiceInstanceRef | null;
  currentUserId: number;
  requestedFor: PersonRef;
}

export async function defaultTeam(tx: EventsTransaction, inputs: TeamInputs): Promise<number | null> {
  if (inputs.memberId !== null) {
    const [first] = await tx.teamIdsOf(inputs.accountId, inputs.memberId);
    if (first !== undefined) return first;
  }
  const si = inputs.serviceInstance;
  if (si && (si.firstLineTeamId !== null || si.supportTeamId !== null)) {
    if (si.firstLineTeamId === null) return si.supportTeamId;
    if (si.supportTeamId === null) return si.firstLineTeamId;
    const mine = await tx.teamIdsOf(inputs.accountId, inputs.currentUserId);
    return mine.includes(si.firstLineTeamId) || mine.includes(si.supportTeamId) ? si.supportTeamId : si.firstLineTeamId;
  }
  return tx.serviceDeskTeamFor(inputs.accountId, inputs.requestedFor.accountId);
}
