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

/** An audit line whose id was reserved beforehand (Transaction.lock), so that its messages can name it. */
export interface ReservedAuditLine extends NewAuditLine {
  id: number;
}

/** What a change leaves besides its record: its audit line and its jobs (outbox/record-change.ts). */
export interface OutboxEntry {
  account: AccountId;
  auditLine: ReservedAuditLine;
  jobs: readonly QueuedJob[];
}

/** A note whose id was reserved beforehand, written with the outbox entry that names it. */
export interface ReservedNote {
  id: number;
  requestId: number;
  personId: number;
  text: string;
  internal: boolean;
}

/**
 * Writes a change's outbox entry, and the notes it names, in one statement:
 * every id is known before, so nothing waits for an answer to write the rest.
 */
export interface OutboxWriter {
  write(entry: OutboxEntry, rows?: { notes?: readonly ReservedNote[] }): Promise<void>;
  /** Several changes' entries, each with its notes, in one statement. */
  writeAll(items: ReadonlyArray<{ entry: OutboxEntry; notes: readonly ReservedNote[] }>): Promise<void>;
}

export interface AuditLineRepository {
  insert(account: AccountId, line: NewAuditLine): Promise<number>;
}
