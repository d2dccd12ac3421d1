/**
 * The public surface of the record engine and of its records (docs/decisions/039): the
 * definitions, the generic use cases, the registry and the typed use cases of the records that
 * have them. index.ts re-exports it whole; a record added exports its definition here.
 */
export { CONFIGURATION_ITEM, type ConfigurationItemCreateInput, type ConfigurationItemUpdateInput } from '../cmdb/configuration-item.record.js';
export { SERVICE_INSTANCE, type ServiceInstanceCreateInput, type ServiceInstanceUpdateInput } from '../cmdb/service-instance.record.js';
export { createConfigurationItem, updateConfigurationItem, createServiceInstance, updateServiceInstance } from '../cmdb/cmdb-use-cases.js';
export { PERSON } from '../people/person.record.js';
export { CURRENT_VIEWS, NOW, collectionViews, defineRecord, type CurrentView, type RecordCurrent, type RecordPredefined, type RecordDefinition, type RecordLimited, type RecordLink, type RecordResponsibility, type RecordWriters } from './define-record.js';
export type { RecordStore, RecordView, RecordRow, NamedRef, RecordLinked } from './record-store.repository.js';
export { listRecords, listLinkedRecords, getRecord, createRecord, updateRecord, deleteRecord, storedFields, type RecordQuery } from './record-use-cases.js';
export { recordReader, readsEveryRecord, type RecordAudience, type RecordReadClause, type RecordReader, type RecordReaders } from './record-readers.js';
export { recordPayload } from './record-payload.js';
export { otherSide } from './record-owned-links.js';
export { listRecordNotes, addRecordNote } from './record-notes.js';
export { presentRecord } from './record-presenter.js';
export { RECORDS, recordOfNode, referenceTarget } from './registry.js';
export { ORGANIZATION } from '../organizations/organization.record.js';
export { SERVICE } from '../services/service.record.js';
export { SERVICE_OFFERING } from '../service-offerings/service-offering.record.js';
export { SLA } from '../slas/sla.record.js';
export { TIME_ENTRY } from '../time-entries/time-entry.record.js';
export { OUT_OF_OFFICE_PERIOD } from '../out-of-office-periods/out-of-office-period.record.js';
export { KNOWLEDGE_ARTICLE } from '../knowledge-articles/knowledge-article.record.js';
export { FLSA } from '../flsas/flsa.record.js';
export { PROBLEM } from '../problems/problem.record.js';
export { RISK } from '../risks/risk.record.js';
export { CALLER } from './caller.js';
export { BROADCAST } from '../broadcasts/broadcast.record.js';
export { PRODUCT } from '../products/product.record.js';
export { CONTRACT } from '../contracts/contract.record.js';
export { RELEASE } from '../releases/release.record.js';
export { TASK } from '../workflows/task.record.js';
export { WORKFLOW } from '../workflows/workflow.record.js';
export { decideTaskApproval, listTaskApprovals } from '../workflows/task-approvals.js';
export type { ApprovalDecision, ApprovalView, TaskApprovalRepository } from '../workflows/task-approval.repository.js';
export { APPROVABLES, type Approvable } from '../workflows/approvable.js';
export { PROJECT } from '../projects/project.record.js';
export { PROJECT_TASK } from '../projects/project-task.record.js';
export type { RecordParent } from './define-record.js';
export { recordGraphFields, recordReadRule, type GraphField } from './record-graph.js';
