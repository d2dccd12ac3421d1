/**
 * `releaseWaitingRequest`'s storage port on PostgreSQL: one transaction, the
 * request row locked FOR UPDATE so that an events-intake update of the same
 * request waits for the release (or the release for it) instead of interleaving.
 */
import type { WaitingRequestStore, WaitingRequestTransaction } from '@tessera/domain';
import type { Database } from '../database.js';
import { enqueueJobs } from '../queue/enqueue.js';
import { findRequest, insertAuditLine, updateRequest } from './request.repository.js';

export function createWaitingRequestStore(db: Database): WaitingRequestStore {
  return {
    transaction: (work) => db.transaction((trx) => work(waitingRequestTransaction(trx))),
  };
}

function waitingRequestTransaction(trx: Database): WaitingRequestTransaction {
  return {
    findRequestForUpdate: (accountId, id) => findRequest(trx, accountId, id, { forUpdate: true }),
    // now() is the transaction's start, read on the server whose clock the queue uses for run_at.
    now: async () => (await trx.raw<{ rows: Array<{ now: Date }> }>('select now() as now')).rows[0]!.now,
    updateRequest: (accountId, id, changes) => updateRequest(trx, accountId, id, changes),
    insertAuditLine: (line) => insertAuditLine(trx, line),
    enqueue: (jobs) => enqueueJobs(trx, jobs),
  };
}
