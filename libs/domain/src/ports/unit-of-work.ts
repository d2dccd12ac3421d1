/**
 * A use case gets its repositories from a unit of work: inside one
 * transaction (`transaction`) when it writes, or straight from the pool
 * (`repositories`) when one read answers it. Every repository of a
 * transaction runs on that transaction's connection.
 *
 * Each repository port is declared beside its feature (`requests/request.repository.ts`,
 * `webhooks/webhook.repository.ts`, …); this file only assembles them into the
 * full set persistence implements. A feature file imports nothing from ports/
 * but this file, outbox.ts and job-queue.ts (lint enforces it).
 */
import type { AccountRepository } from '../identity/account.repository.js';
import type { AgileBoardRepository } from '../agile-boards/agile-board.repository.js';
import type { AttachmentRepository } from '../webhooks/attachments/attachment.repository.js';
import type { ConfigurationItemRepository } from '../records/configuration-item.repository.js';
import type { OAuthApplicationRepository } from '../integrations/integration-application.repository.js';
import type { IntegrationScopeRepository } from '../integrations/integration-scope.repository.js';
import type { UiExtensionTranslationRepository } from '../ui-extensions/ui-extension-translation.repository.js';
import type { UiExtensionVersionReads } from '../ui-extensions/ui-extension-version.repository.js';
import type { IntegrationRepository } from '../integrations/integration.repository.js';
import type { NamedRecordRepository } from '../records/named-record.repository.js';
import type { JobQueue } from './job-queue.js';
import type { AuditLineRepository, OutboxWriter } from './outbox.js';
import type { PersonRepository } from '../people/person.repository.js';
import type { PersonWriteRepository } from '../people/person-write.repository.js';
import type { RecordStore } from '../record-engine/record-store.repository.js';
import type { NoteRepository, RequestRepository } from '../requests/request.repository.js';
import type { ServiceInstanceRepository } from '../records/service-instance.repository.js';
import type { SlaRepository } from '../records/sla.repository.js';
import type { SupportAgreementRepository } from '../records/support-agreement.repository.js';
import type { TeamRepository } from '../records/team.repository.js';
import type { TemplateRepository } from '../records/template.repository.js';
import type { UiExtensionRepository } from '../ui-extensions/ui-extension.repository.js';
import type { WebhookDeliveryRepository } from '../webhooks/deliveries/webhook-delivery.repository.js';
import type { WebhookPolicyRepository } from '../webhooks/policies/webhook-policy.repository.js';
import type { WebhookRepository } from '../webhooks/webhook.repository.js';
import type { TaskApprovalRepository } from '../workflows/task-approval.repository.js';
import type { AutomationRuleRepository } from '../automation/automation-rule.repository.js';

export interface Repositories {
  accounts: AccountRepository;
  people: PersonRepository;
  personWrites: PersonWriteRepository;
  /** Every record of the engine (record-engine/). */
  records: RecordStore;
  /** The decisions of approval tasks' approvers (workflows/task-approvals.ts). */
  taskApprovals: TaskApprovalRepository;
  /** Automation rules' matching, owners and run log (automation/automation-run.ts). */
  automationRules: AutomationRuleRepository;
  teams: TeamRepository;
  serviceInstances: ServiceInstanceRepository;
  configurationItems: ConfigurationItemRepository;
  templates: TemplateRepository;
  suppliers: NamedRecordRepository;
  problems: NamedRecordRepository;
  workflows: NamedRecordRepository;
  projects: NamedRecordRepository;
  supportAgreements: SupportAgreementRepository;
  slas: SlaRepository;
  requests: RequestRepository;
  agileBoards: AgileBoardRepository;
  notes: NoteRepository;
  auditLines: AuditLineRepository;
  jobs: JobQueue;
  outbox: OutboxWriter;
  integrations: IntegrationRepository;
  integrationScopes: IntegrationScopeRepository;
  oauthApplications: OAuthApplicationRepository;
  webhookDeliveries: WebhookDeliveryRepository;
  webhookPolicies: WebhookPolicyRepository;
  webhooks: WebhookRepository;
  attachments: AttachmentRepository;
  uiExtensions: UiExtensionRepository;
  uiExtensionVersionReads: UiExtensionVersionReads;
  uiExtensionTranslations: UiExtensionTranslationRepository;
}

/** Ids to draw from the sequences of the rows a use case will write (Transaction.lock). */
export interface IdReservation {
  notes?: number;
  auditLines?: number;
}

/** The ids drawn, ascending, as many as asked for (none for a kind not asked for). */
export interface ReservedIds {
  notes: number[];
  auditLines: number[];
}

export interface Transaction extends Repositories {
  /**
   * Serialises transactions that take the same key until each commits or rolls
   * back. In the same round trip it draws the ids `reserve` asks for: a use
   * case that knows its ids before it writes can write its rows and the
   * messages naming them in one statement, while it holds the lock. An id
   * drawn and not used leaves a gap, as a rolled-back insert does.
   */
  lock(key: string, reserve?: IdReservation): Promise<ReservedIds>;
  /**
   * The database's clock at the start of the transaction: the one the job
   * queue compares run_at with.
   */
  now(): Promise<Date>;
}

/**
 * What a use case names of a transaction: the repositories it touches, plus
 * `lock` and `now` when it uses them (docs/decisions/011).
 */
export type TransactionPart = keyof Transaction;

/**
 * A unit of work handing out the parts `K` of each transaction, and of the
 * repositories on the pool. A use case takes `UnitOfWork<'webhooks' | 'outbox'>`,
 * so its signature tells which ports it needs; `UnitOfWork` (every part) is
 * what persistence builds, and it is one of each narrower kind.
 */
export interface UnitOfWork<K extends TransactionPart = TransactionPart> {
  transaction<T>(work: (tx: Pick<Transaction, K>) => Promise<T>): Promise<T>;
  /** Repositories on the pool, for use cases that answer with reads alone. */
  readonly repositories: Pick<Repositories, Exclude<K, 'lock' | 'now'>>;
}
