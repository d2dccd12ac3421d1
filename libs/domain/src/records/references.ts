/**
 * What a lookup returns about a referenced record: enough to decide a rule and
 * to name the record in an answer or a webhook message, never the whole row.
 */
export interface Ref {
  id: number;
  name: string;
}

export interface PersonRef extends Ref {
  /** The person's own account: the registering account or its directory account. */
  accountId: string;
  organizationId: number | null;
  primaryEmail: string;
}

export interface ServiceInstanceRef extends Ref {
  firstLineTeamId: number | null;
  supportTeamId: number | null;
}

export interface CiRef extends Ref {
  /** The first of the CI's service instances of the CI's account, in their order. */
  serviceInstance: ServiceInstanceRef | null;
}

export interface TemplateRef {
  id: number;
  subject: string;
  category: string | null;
  impact: string | null;
  serviceInstance: ServiceInstanceRef | null;
  teamId: number | null;
  memberId: number | null;
  workflowManagerId: number | null;
}

export interface SlaTargets {
  responseMinutes: number | null;
  resolutionMinutes: number | null;
}

export type ByNameOrId = { id: number } | { name: string };
export type PersonLookup = { id: number } | { email: string };
export type CiLookup = { id: number } | { label: string } | { source: string | null; sourceId: string };

