import type { Knex } from 'knex';
import * as identity from './20261122000001_identity.js';
import * as teamsAndServices from './20261122000002_teams_and_services.js';
import * as workRecords from './20261122000003_work_records.js';
import * as requests from './20261122000004_requests.js';
import * as rateLimits from './20261122000005_rate_limits.js';
import * as integrations from './20261122000006_integrations.js';
import * as agreementsPerSupportDomain from './20261122000007_agreements_per_support_domain.js';
import * as rateLimitWindows from './20261122000008_rate_limit_windows.js';
import * as accessChangeNotifications from './20261122000009_access_change_notifications.js';
import * as integrationManagement from './20261122000010_integration_management.js';
import * as webhooks from './20261122000011_webhooks.js';
import * as oauthArtifacts from './20261122000012_oauth_artifacts.js';
import * as oauthAccessChanges from './20261122000013_oauth_access_changes.js';
import * as uiExtensionPhrases from './20261122000014_ui_extension_phrases.js';
import * as eventMatchWithoutCi from './20261122000015_event_match_without_ci.js';
import * as deliveryLeases from './20261125000016_delivery_leases.js';
import * as webhookSigningKeys from './20261125000017_webhook_signing_keys.js';
import * as deliveryLeaseIndex from './20261125000018_delivery_lease_index.js';
import * as deliveryAttemptAccounts from './20261125000019_delivery_attempt_accounts.js';
import * as ciStatusAndSupportTeam from './20261127000020_ci_status_and_support_team.js';
import * as teamManagers from './20261127000021_team_managers.js';
import * as linkAccounts from './20261127000022_link_accounts.js';
import * as namesComparedAsRead from './20261128000023_names_compared_as_read.js';
import * as deliveryMessageAsSent from './20261128000024_delivery_message_as_sent.js';
import * as workerLeaseHolders from './20261128000025_worker_lease_holders.js';
import * as organizations from './20261128000026_organizations.js';
import * as services from './20261128000027_services.js';
import * as serviceOfferings from './20261128000030_service_offerings.js';
import * as slas from './20261128000031_slas.js';
import * as products from './20261128000040_products.js';
import * as contracts from './20261128000041_contracts.js';
import * as timeEntries from './20261129000042_time_entries.js';
import * as outOfOfficePeriods from './20261129000043_out_of_office_periods.js';
import * as knowledgeArticles from './20261129000044_knowledge_articles.js';
import * as flsas from './20261129000045_flsas.js';
import * as broadcasts from './20261129000047_broadcasts.js';
import * as recordNotes from './20261129000049_record_notes.js';
import * as requestMajorIncidentStatus from './20261129000055_request_major_incident_status.js';
import * as agileBoards from './20261129000056_agile_boards.js';
import * as problems from './20261129000057_problems.js';
import * as risks from './20261129000058_risks.js';
import * as deliveryQueue from './20261129000060_delivery_queue.js';
import * as eventMessages from './20261129000061_event_messages.js';
import * as workflowsTasksReleases from './20261129000070_workflows_tasks_releases.js';
import * as requestsWorkLinks from './20261129000071_requests_work_links.js';
import * as riskProjects from './20261129000072_risk_projects.js';
import * as projectsProjectTasks from './20261129000075_projects_project_tasks.js';
import * as projectTaskApprovals from './20261129000076_project_task_approvals.js';
import * as orderedWebhooks from './20261129000080_ordered_webhooks.js';
import * as automationRules from './20261129000090_automation_rules.js';
import * as automationRuleRunsJob from './20261129000091_automation_rule_runs_job.js';
import * as deliveryLogPartitions from './20261129000120_delivery_log_partitions.js';
import * as deliveryAttemptNumbers from './20261129000150_delivery_attempt_numbers.js';
import * as deliveryOutcomeOffTheLogRow from './20261129000151_delivery_outcome_off_the_log_row.js';
import * as deliveryLogWithoutRowKeys from './20261129000160_delivery_log_without_row_keys.js';

/**
 * Migrations are listed here, not discovered from disk, so that bundled apps,
 * tsx and Jest (native ESM) all load the same modules the same way.
 */
const MIGRATIONS: Record<string, Knex.Migration> = {
  '20261122000001_identity': identity,
  '20261122000002_teams_and_services': teamsAndServices,
  '20261122000003_work_records': workRecords,
  '20261122000004_requests': requests,
  '20261122000005_rate_limits': rateLimits,
  '20261122000006_integrations': integrations,
  '20261122000007_agreements_per_support_domain': agreementsPerSupportDomain,
  '20261122000008_rate_limit_windows': rateLimitWindows,
  '20261122000009_access_change_notifications': accessChangeNotifications,
  '20261122000010_integration_management': integrationManagement,
  '20261122000011_webhooks': webhooks,
  '20261122000012_oauth_artifacts': oauthArtifacts,
  '20261122000013_oauth_access_changes': oauthAccessChanges,
  '20261122000014_ui_extension_phrases': uiExtensionPhrases,
  '20261122000015_event_match_without_ci': eventMatchWithoutCi,
  '20261125000016_delivery_leases': deliveryLeases,
  '20261125000017_webhook_signing_keys': webhookSigningKeys,
  '20261125000018_delivery_lease_index': deliveryLeaseIndex,
  '20261125000019_delivery_attempt_accounts': deliveryAttemptAccounts,
  '20261127000020_ci_status_and_support_team': ciStatusAndSupportTeam,
  '20261127000021_team_managers': teamManagers,
  '20261127000022_link_accounts': linkAccounts,
  '20261128000023_names_compared_as_read': namesComparedAsRead,
  '20261128000024_delivery_message_as_sent': deliveryMessageAsSent,
  '20261128000025_worker_lease_holders': workerLeaseHolders,
  '20261128000026_organizations': organizations,
  '20261128000027_services': services,
  '20261128000030_service_offerings': serviceOfferings,
  '20261128000031_slas': slas,
  '20261128000040_products': products,
  '20261128000041_contracts': contracts,
  '20261129000042_time_entries': timeEntries,
  '20261129000043_out_of_office_periods': outOfOfficePeriods,
  '20261129000044_knowledge_articles': knowledgeArticles,
  '20261129000045_flsas': flsas,
  '20261129000047_broadcasts': broadcasts,
  '20261129000049_record_notes': recordNotes,
  '20261129000055_request_major_incident_status': requestMajorIncidentStatus,
  '20261129000056_agile_boards': agileBoards,
  '20261129000057_problems': problems,
  '20261129000058_risks': risks,
  '20261129000060_delivery_queue': deliveryQueue,
  '20261129000061_event_messages': eventMessages,
  '20261129000070_workflows_tasks_releases': workflowsTasksReleases,
  '20261129000071_requests_work_links': requestsWorkLinks,
  '20261129000072_risk_projects': riskProjects,
  '20261129000075_projects_project_tasks': projectsProjectTasks,
  '20261129000076_project_task_approvals': projectTaskApprovals,
  '20261129000080_ordered_webhooks': orderedWebhooks,
  '20261129000090_automation_rules': automationRules,
  '20261129000091_automation_rule_runs_job': automationRuleRunsJob,
  '20261129000120_delivery_log_partitions': deliveryLogPartitions,
  '20261129000150_delivery_attempt_numbers': deliveryAttemptNumbers,
  '20261129000151_delivery_outcome_off_the_log_row': deliveryOutcomeOffTheLogRow,
  '20261129000160_delivery_log_without_row_keys': deliveryLogWithoutRowKeys,
};

export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(MIGRATIONS).sort(),
  getMigrationName: (name) => name,
  getMigration: async (name) => {
    const migration = MIGRATIONS[name];
    if (!migration) throw new Error(`Unknown migration ${name}`);
    return migration;
  },
};
