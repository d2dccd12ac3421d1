import type { QueuedJob } from '../jobs/job-contract.js';
import type { AccountId } from '../tenancy/account-id.js';

/** The node type of the audited record (`Request`, `Person`, …), as in global node ids. */
export interface NewAuditLine {
  recordType: string;
  recordId: number;
  personId: number | null;
  source: string | null;
  sourceId: string | null;
  action: 'create' | 'update' | 'delete';
  changes: Record<string, unknown>;
}

export interface AuditLineRepository {
  insert(account: AccountId, line: NewAuditLine): Promise<number>;
}

/** The job queue, written in the caller's transaction (ARCHITECTURE.md transactional outbox). */
export interface JobQueue {
  /** Adds the jobs in one round trip; nothing when the list is empty. */
  enqueue(jobs: readonly QueuedJob[]): Promise<void>;
  /** Drops a waiting job by its key (a scheduled job that no longer applies). */
  cancel(jobKey: string): Promise<void>;
}
