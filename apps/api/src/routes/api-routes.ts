/**
 * The route table of the REST API: every route under /v1, each declaring what
 * it needs, reads and answers. app.ts mounts it; /v1/openapi.json describes it.
 */
import { PERSON, RECORDS, type RequestLinkContext } from '@tessera/domain';
import type { RouteTable } from '@tessera/http';
import type { PageSizeLimits } from '@tessera/validation';
import { describeApi } from '../openapi.js';
import type { ApiServices } from '../services.js';
import { accountWebhookKeysRoutes } from './account-webhook-keys.routes.js';
import { agileBoardsRoutes } from './agile-boards.routes.js';
import { taskApprovalsRoutes } from './task-approvals.routes.js';
import { automationRuleOwnersRoutes } from './automation-rule-owners.routes.js';
import { automationRuleRunsRoutes } from './automation-rule-runs.routes.js';
import { attachmentsRoutes } from './attachments.routes.js';
import { eventsRoutes } from './events.routes.js';
import { integrationApplicationsRoutes } from './integrations-applications.routes.js';
import { integrationScopesRoutes } from './integrations-scopes.routes.js';
import { integrationsRoutes } from './integrations.routes.js';
import { meRoutes } from './me.routes.js';
import { openApiRoute } from './openapi.routes.js';
import { recordRoutes } from './record.routes.js';
import { teamsRoutes } from './teams.routes.js';
import { requestFeedbackRoutes } from './request-feedback.routes.js';
import { requestsRoutes } from './requests.routes.js';
import { requestWritesRoutes } from './request-writes.routes.js';
import { uiExtensionTranslationsRoutes } from './ui-extension-translations.routes.js';
import { uiExtensionVersionsRoutes } from './ui-extension-versions.routes.js';
import { uiExtensionsRoutes } from './ui-extensions.routes.js';
import { webhooksRoutes } from './webhooks.routes.js';
import { webhookDeliveriesRoutes } from './webhook-deliveries.routes.js';
import { webhookPoliciesRoutes } from './webhook-policies.routes.js';

export interface ApiRouteDependencies {
  services: ApiServices;
  /** Public base URL of the API (e.g. http://localhost:3000/v1) and the key of the requests' feedback links. */
  links: RequestLinkContext;
  pageSize: PageSizeLimits;
  /** The largest attachment upload (ATTACHMENT_MAX_BYTES in config.ts). */
  attachmentMaxBytes: number;
}

export function apiRoutes({ services, links, pageSize, attachmentMaxBytes }: ApiRouteDependencies): RouteTable {
  const { apiUrl } = links;
  const resources = [
    ...meRoutes(services), ...requestsRoutes(services, links, pageSize), ...requestWritesRoutes(services, links), ...requestFeedbackRoutes(services),
    ...eventsRoutes(services, links),
    // People keep their place in the table, and so in the OpenAPI document, beside the requests.
    ...recordRoutes(PERSON, services, apiUrl, pageSize),
    ...teamsRoutes(services, apiUrl, pageSize),
    ...agileBoardsRoutes(services),
    ...taskApprovalsRoutes(services),
    ...integrationsRoutes(services, apiUrl, pageSize), ...integrationApplicationsRoutes(services, apiUrl, pageSize),
    ...integrationScopesRoutes(services, apiUrl, pageSize),
    ...webhooksRoutes(services, apiUrl, pageSize), ...attachmentsRoutes(services, apiUrl, attachmentMaxBytes),
    ...webhookPoliciesRoutes(services, apiUrl, pageSize), ...accountWebhookKeysRoutes(services),
    ...webhookDeliveriesRoutes(services, apiUrl, pageSize),
    ...uiExtensionVersionsRoutes(services, apiUrl, pageSize),
    ...uiExtensionsRoutes(services, apiUrl, pageSize),
    ...uiExtensionTranslationsRoutes(services),
    ...RECORDS.filter((def) => def !== PERSON).flatMap((def) => recordRoutes(def, services, apiUrl, pageSize)),
    ...automationRuleRunsRoutes(services, apiUrl, pageSize),
    ...automationRuleOwnersRoutes(services, apiUrl, pageSize),
  ];
  let document: ReturnType<typeof describeApi> | undefined;
  // Built on first request, from the whole table including its own route.
  const table: RouteTable = [...resources, openApiRoute(() => (document ??= describeApi(table, apiUrl)))];
  return table;
}
