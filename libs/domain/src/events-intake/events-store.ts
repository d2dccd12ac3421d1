/**
 * The storage port of the events intake. Every method runs inside the one
 * transaction of `EventsStore.transaction`, so a failed event leaves nothing
 * behind: no request, no note, no audit line, no queued job.
 */
import type { AccountRecord } from '../identity/account-access.js';
import type { Role } from '../identity/roles.js';
import type { QueuedJob } from '../jobs/job-contract.js';
import type { NewRequest, RequestChanges, RequestRecord } from '../requests/request-record.js';

export interface Ref {
  id: number;
  name: string;
}
export interface PersonRef extends Ref {
  accountId: string;
  organizationId: number | null;
  primaryEmail: string;
}
export interface CiRef extends Ref {
  /** The first of the CI's service instances of the CI's account, in their order. */
  serviceInstance: ServiceInstanceRef | null;
}
export interface ServiceInstanceRef extends Ref {
  firstLineTeamId: number | null;
  supportTeamId: number | null;
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
export type CiLookup = { id: number } | { label: string } | { source: string | null; sourceId: string };

/**
 * Every lookup is scoped to an account: it finds only records of that account,
 * and the references a found record carries (a service instance's teams, a
 * template's member, a CI's service instance) only when they are valid in that
 * account too. People are valid in an account and in its directory account.
 */
export interface EventsTransaction {
  /** Serialises events that could match each other, so that concurrent duplicates never create two requests. */
  lockMatchKey(key: string): Promise<void>;
  findAccount(id: string): Promise<AccountRecord | null>;
  /** The person's roles in that account (the call's account has them already in the access context). */
  rolesIn(accountId: string, personId: number): Promise<Role[]>;
  findCi(accountId: string, by: CiLookup): Promise<CiRef | null>;
  /** People of these accounts (never an empty list). */
  findPerson(accountIds: readonly string[], by: { id: number } | { email: string }): Promise<PersonRef | null>;
  findServiceInstance(accountId: string, by: ByNameOrId): Promise<ServiceInstanceRef | null>;
  findTeam(accountId: string, by: ByNameOrId): Promise<Ref | null>;
  findSupplier(accountId: string, by: ByNameOrId): Promise<Ref | null>;
  findTemplate(accountId: string, id: number): Promise<TemplateRef | null>;
  findProblem(accountId: string, id: number): Promise<Ref | null>;
  findWorkflow(accountId: string, id: number): Promise<Ref | null>;
  /** The teams of that account the person is a member of. */
  teamIdsOf(accountId: string, personId: number): Promise<number[]>;
  /** The service desk team of the first line support agreement of that account covering the customer's account. */
  serviceDeskTeamFor(accountId: string, customerAccountId: string): Promise<number | null>;
  slaTargets(serviceInstanceId: number, customerAccountId: string): Promise<SlaTargets | null>;
  /** Candidates for SPEC.md matching rule 2; with `visibleTo`, only requests that person requested or is requested for. */
  findOpenRequestByCi(
    accountId: string,
    match: { source: string; serviceInstanceId: number | null; ciId: number; since: Date; visibleTo: number | null },
  ): Promise<RequestRecord | null>;
  findOpenRequestWithoutCi(
    accountId: string,
    match: { subject: string; note: string | null; source: string; requestedForId: number; since: Date; visibleTo: number | null },
  ): Promise<RequestRecord | null>;
  noteTexts(accountId: string, requestId: number): Promise<string[]>;
  insertRequest(request: NewRequest): Promise<RequestRecord>;
  updateRequest(accountId: string, id: number, changes: RequestChanges): Promise<RequestRecord>;
  insertNote(note: { accountId: string; requestId: number; personId: number; text: string; internal: boolean }): Promise<number>;
  insertAuditLine(line: {
    accountId: string; recordId: number; personId: number | null; source: string | null; sourceId: string | null;
    action: 'create' | 'update'; changes: Record<string, unknown>;
  }): Promise<number>;
  /** Adds the jobs in this transaction, in order. */
  enqueue(jobs: QueuedJob[]): Promise<void>;
  cancelJob(jobKey: string): Promise<void>;
}

export interface EventsStore {
  transaction<T>(work: (tx: EventsTransaction) => Promise<T>): Promise<T>;
}
