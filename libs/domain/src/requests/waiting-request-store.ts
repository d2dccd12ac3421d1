/**
 * The storage port of `releaseWaitingRequest`. Every method runs inside the one
 * transaction of `WaitingRequestStore.transaction`: the status change, its audit
 * line and its webhook events commit together or not at all.
 */
import type { EventsTransaction } from '../events-intake/events-store.js';
import type { RequestRecord } from './request-record.js';

export interface WaitingRequestTransaction extends Pick<EventsTransaction, 'updateRequest' | 'insertAuditLine' | 'enqueue'> {
  /** The request of that account, row-locked until the transaction ends, or null. */
  findRequestForUpdate(accountId: string, id: number): Promise<RequestRecord | null>;
  /**
   * The database's clock: the one the job queue compared the job's run_at with.
   * Comparing with the worker host's clock instead would skip a due request for
   * good whenever that host lags behind the database.
   */
  now(): Promise<Date>;
}

export interface WaitingRequestStore {
  transaction<T>(work: (tx: WaitingRequestTransaction) => Promise<T>): Promise<T>;
}
