/**
 * SPEC.md "Default values for a new request", row `team`:
 * - the team of the member, if any;
 * - otherwise, with a service instance, its First Line Team, or its Support
 *   Team when no First Line Team is set or the current user belongs to the
 *   First Line Team or the Support Team;
 * - otherwise the Service Desk Team of the first line support agreement
 *   covering the account of the requested_for person.
 * Only teams of the registering account are candidates: the facts name a
 * member's teams, a service instance's teams and an agreement of that account
 * alone, so a default that would cross accounts falls through to the next rule.
 */
import type { PersonRef, ServiceInstanceRef } from '../records/references.js';

export interface TeamInputs {
  memberId: number | null;
  serviceInstance: ServiceInstanceRef | null;
  currentUserId: number;
  requestedFor: PersonRef;
}

/** What the cascade may need to know, asked only when the rule before did not decide. */
export interface TeamFacts {
  /** The person's teams in the registering account, in id order. */
  teamIdsOf(personId: number): Promise<number[]>;
  /** The registering account's service desk team for the customer's account. */
  serviceDeskTeamFor(customerAccountId: string): Promise<number | null>;
}

export async function defaultTeam(inputs: TeamInputs, facts: TeamFacts): Promise<number | null> {
  if (inputs.memberId !== null) {
    const [first] = await facts.teamIdsOf(inputs.memberId);
    if (first !== undefined) return first;
  }
  const si = inputs.serviceInstance;
  if (si && (si.firstLineTeamId !== null || si.supportTeamId !== null)) {
    if (si.firstLineTeamId === null) return si.supportTeamId;
    if (si.supportTeamId === null) return si.firstLineTeamId;
    const mine = await facts.teamIdsOf(inputs.currentUserId);
    return mine.includes(si.firstLineTeamId) || mine.includes(si.supportTeamId) ? si.supportTeamId : si.firstLineTeamId;
  }
  return facts.serviceDeskTeamFor(inputs.requestedFor.accountId);
}
