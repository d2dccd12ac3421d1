/**
 * The events intake's storage port on PostgreSQL: one transaction per event,
 * match keys serialised with transaction-scoped advisory locks (released at
 * commit or rollback), jobs enqueued in the same transaction.
 */
import type { EventsStore, EventsTransaction } from '@tessera/domain';
import type { Database } from '../database.js';
import { enqueueJobs, removeJob } from '../queue/enqueue.js';
import { findAccount } from '../repositories/account.repository.js';
import * as requests from '../requests/request.repository.js';
import * as lookups from './event-lookups.js';

export function createEventsStore(db: Database): EventsStore {
  return {
    transaction: (work) => db.transaction((trx) => work(eventsTransaction(trx))),
  };
}

export function eventsTransaction(trx: Database): EventsTransaction {
  return {
    lockMatchKey: async (key) => {
      await trx.raw('select pg_advisory_xact_lock(hashtextextended(?, 0))', [key]);
    },
    findAccount: (id) => findAccount(trx, id),
    rolesIn: (accountId, personId) => lookups.rolesIn(trx, accountId, personId),
    findCi: (accountId, by) => lookups.findCi(trx, accountId, by),
    findPerson: (accountIds, by) => lookups.findPerson(trx, accountIds, by),
    findServiceInstance: (accountId, by) => lookups.findServiceInstance(trx, accountId, by),
    findTeam: (accountId, by) => lookups.findTeam(trx, accountId, by),
    findSupplier: (accountId, by) => lookups.findSupplier(trx, accountId, by),
    findTemplate: (accountId, id) => lookups.findTemplate(trx, accountId, id),
    findProblem: (accountId, id) => lookups.findProblem(trx, accountId, id),
    findWorkflow: (accountId, id) => lookups.findWorkflow(trx, accountId, id),
    teamIdsOf: (accountId, personId) => lookups.teamIdsOf(trx, accountId, personId),
    serviceDeskTeamFor: (accountId, customerAccountId) => lookups.serviceDeskTeamFor(trx, accountId, customerAccountId),
    slaTargets: (serviceInstanceId, accountId) => lookups.slaTargets(trx, serviceInstanceId, accountId),
    findOpenRequestByCi: (accountId, match) => requests.findOpenRequestByCi(trx, accountId, match),
    findOpenRequestWithoutCi: (accountId, match) => requests.findOpenRequestWithoutCi(trx, accountId, match),
    noteTexts: (accountId, requestId) => requests.noteTexts(trx, accountId, requestId),
    insertRequest: (request) => requests.insertRequest(trx, request),
    updateRequest: (accountId, id, changes) => requests.updateRequest(trx, accountId, id, changes),
    insertNote: (note) => requests.insertNote(trx, note),
    insertAuditLine: (line) => requests.insertAuditLine(trx, line),
    enqueue: (jobs) => enqueueJobs(trx, jobs),
    cancelJob: (jobKey) => removeJob(trx, jobKey),
  };
}
