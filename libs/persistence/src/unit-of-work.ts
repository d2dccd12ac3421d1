/**
 * The unit of work of libs/domain on PostgreSQL: every repository built on one
 * Knex handle, the pool for reads or one transaction for a use case that
 * writes. Locks are transaction-scoped advisory locks, released at commit or
 * rollback; `now()` is the transaction's start on the database clock.
 */
import type { Repositories, Transaction, UnitOfWork } from '@tessera/domain';
import type { Database } from './database.js';
import { accountRepository } from './accounts/account.repository.js';
import { attachmentRepository } from './attachments/attachment.repository.js';
import { uiExtensionTranslationRepository } from './ui-extensions/translations.repository.js';
import { uiExtensionVersionReads } from './ui-extensions/ui-extension-version-reads.js';
import { auditLineRepository } from './audit-lines/audit-line.repository.js';
import { configurationItemRepository } from './configuration-items/configuration-item.repository.js';
import { integrationScopeRepository } from './integrations/integration-scope.repository.js';
import { integrationRepository } from './integrations/integration.repository.js';
import { oauthApplicationRepository } from './integrations/oauth-application.repository.js';
import { namedRecordRepository } from './named-records/named-record.repository.js';
import { noteRepository } from './notes/note.repository.js';
import { personRepository } from './people/person.repository.js';
import { personWriteRepository } from './people/person-writes.js';
import { recordStore } from './records/record-store.js';
import { automationRuleRepository } from './automation/automation-rule.repository.js';
import { taskApprovalRepository } from './task-approvals/task-approval.repository.js';
import { lockAndReserve } from './outbox/match-lock.js';
import { outboxWriter } from './outbox/outbox-writer.js';
import { jobQueue } from './queue/job-queue.js';
import { requestRepository } from './requests/request.repository.js';
import { agileBoardRepository } from './agile-boards/agile-board.repository.js';
import { serviceInstanceRepository } from './service-instances/service-instance.repository.js';
import { slaRepository } from './slas/sla.repository.js';
import { supportAgreementRepository } from './support-agreements/support-agreement.repository.js';
import { teamRepository } from './teams/team.repository.js';
import { templateRepository } from './templates/template.repository.js';
import { webhookDeliveryRepository } from './webhook-deliveries/webhook-delivery.repository.js';
import { webhookPolicyRepository } from './webhook-policies/webhook-policy.repository.js';
import { webhookRepository } from './webhooks/webhook.repository.js';
import { uiExtensionRepository } from './ui-extensions/ui-extension.repository.js';

export function repositoriesOn(db: Database): Repositories {
  return {
    accounts: accountRepository(db),
    people: personRepository(db),
    personWrites: personWriteRepository(db),
    records: recordStore(db),
    taskApprovals: taskApprovalRepository(db),
    automationRules: automationRuleRepository(db),
    teams: teamRepository(db),
    serviceInstances: serviceInstanceRepository(db),
    configurationItems: configurationItemRepository(db),
    templates: templateRepository(db),
    suppliers: namedRecordRepository(db, 'suppliers'),
    problems: namedRecordRepository(db, 'problems'),
    workflows: namedRecordRepository(db, 'workflows'),
    projects: namedRecordRepository(db, 'projects'),
    supportAgreements: supportAgreementRepository(db),
    slas: slaRepository(db),
    requests: requestRepository(db),
    agileBoards: agileBoardRepository(db),
    notes: noteRepository(db),
    auditLines: auditLineRepository(db),
    jobs: jobQueue(db),
    outbox: outboxWriter(db),
    integrations: integrationRepository(db),
    integrationScopes: integrationScopeRepository(db),
    oauthApplications: oauthApplicationRepository(db),
    webhookDeliveries: webhookDeliveryRepository(db),
    webhookPolicies: webhookPolicyRepository(db),
    webhooks: webhookRepository(db),
    attachments: attachmentRepository(db),
    uiExtensions: uiExtensionRepository(db),
    uiExtensionVersionReads: uiExtensionVersionReads(db),
    uiExtensionTranslations: uiExtensionTranslationRepository(db),
  };
}

export function createUnitOfWork(db: Database): UnitOfWork {
  return {
    repositories: repositoriesOn(db),
    transaction: (work) =>
      db.transaction((trx) => {
        const tx: Transaction = {
          ...repositoriesOn(trx),
          lock: (key, reserve) => lockAndReserve(trx, key, reserve),
          now: async () => (await trx.raw<{ rows: Array<{ now: Date }> }>('select now() as now')).rows[0]!.now,
        };
        return work(tx);
      }),
  };
}
