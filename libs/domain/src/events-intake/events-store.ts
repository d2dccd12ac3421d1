/**
 * The storage port of the events intake. Every method runs inside the one
 * transaction of `EventsStore.transaction`, so a failed event leaves nothing
 * behind: no request, no note, no audit line, no queued job.
 */
import type { AccountRecord } from '../identity/account-access.js';
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
  /** The first of the CI's service instances, in their order. */
  serviceInstanceId: number | null;
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
  serviceInstanceId: number | null;
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

export interface QueuedJob {
  task: string;
  payload: Record<string, unknown>;
  runAt?: Date;
  jobKey?: string;
}

export interface EventsTransaction {
  /** Serialises events that could match each other, so that concurrent duplicates never create two requests. */
  lockMatchKey(key: string): Promise<void>;
  findAccount(id: string): Promise<AccountRecord | null>;
  findCi(accountId: string, by: CiLookup): Promise<CiRef | null>;
  /** People of these accounts; an empty list means any account. */
  findPerson(accountIds: string[], by: { id: number } | { email: string }): Promise<PersonRef | null>;
  findServiceInstance(accountId: string, by: ByNameOrId): Promise<ServiceInstanceRef | null>;
  findServiceInstanceById(id: number): Promise<ServiceInstanceRef | null>;
  findTeam(accountId: string, by: ByNameOrId): Promise<Ref | null>;
  findSupplier(accountId: string, by: ByNameOrId): Promise<Ref | null>;
  findTemplate(accountId: string, id: number): Promise<TemplateRef | null>;
  findProblem(accountId: string, id: number): Promise<Ref | null>;
  findWorkflow(accountId: string, id: number): Promise<Ref | null>;
  teamIdsOf(personId: number): Promise<number[]>;
  serviceDeskTeamFor(customerAccountId: string): Promise<number | null>;
  slaTargets(serviceInstanceId: number, customerAccountId: string): Promise<SlaTargets | null>;
  findOpenRequestByCi(accountId: string, match: { source: string; serviceInstanceId: number | null; ciId: number; since: Date }): Promise<RequestRecord | null>;
  findOpenRequestWithoutCi(
    accountId: string,
    match: { subject: string; note: string | null; source: string; requestedForId: number; since: Date },
  ): Promise<RequestRecord | null>;
  noteTexts(requestId: number): Promise<string[]>;
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
