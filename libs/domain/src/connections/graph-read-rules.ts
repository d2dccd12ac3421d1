/**
 * What each node type's reads need, as REST's routes and use cases decide it: the scope
 * action `<record type>:Read`, plus the administrator role for webhooks (SPEC.md "Webhooks
 * API (administrator role only)"); the orders and filters its connection offers.
 */
import { BROADCAST } from '../broadcasts/broadcast.record.js';
import { RELEASE } from '../releases/release.record.js';
import { TASK } from '../workflows/task.record.js';
import { WORKFLOW } from '../workflows/workflow.record.js';
import { PROJECT } from '../projects/project.record.js';
import { PROJECT_TASK } from '../projects/project-task.record.js';
import { AUTOMATION_RULE } from '../automation/automation-rule.record.js';
import { CONFIGURATION_ITEM } from '../cmdb/configuration-item.record.js';
import { SERVICE_INSTANCE } from '../cmdb/service-instance.record.js';
import { CONTRACT } from '../contracts/contract.record.js';
import { FLSA } from '../flsas/flsa.record.js';
import { KNOWLEDGE_ARTICLE } from '../knowledge-articles/knowledge-article.record.js';
import { ORGANIZATION } from '../organizations/organization.record.js';
import { assertEmailQueryAllowed } from '../people/person-email-visibility.js';
import { PRODUCT } from '../products/product.record.js';
import { recordReadRule } from '../record-engine/record-graph.js';
import { assertAllowed } from '../scopes/evaluate-scopes.js';
import { SERVICE_OFFERING } from '../service-offerings/service-offering.record.js';
import { SERVICE } from '../services/service.record.js';
import { SLA } from '../slas/sla.record.js';
import { OUT_OF_OFFICE_PERIOD } from '../out-of-office-periods/out-of-office-period.record.js';
import { TEAM } from '../teams/team.record.js';
import { TIME_ENTRY } from '../time-entries/time-entry.record.js';
import { PROBLEM } from '../problems/problem.record.js';
import { RISK } from '../risks/risk.record.js';
import { assertUiExtensionReader } from '../ui-extensions/ui-extension-access.js';
import { assertWebhookAdmin } from '../webhooks/webhook-admin.js';
import type { ConnectionOrder } from './connection-page.js';
import type { NodeKind } from './graph-nodes.js';
import type { GraphReadRule } from './graph-read-rule.js';

export type { FilterKind, GraphReadRule } from './graph-read-rule.js';

const byId: ConnectionOrder = { field: 'id', direction: 'ASC' };
const NAMED_ORDERS = ['id', 'name', 'createdAt', 'updatedAt'] as const;

export const GRAPH_READ_RULES: Readonly<Record<NodeKind, GraphReadRule>> = {
  Person: {
    assertReader: (access) => assertAllowed(access, 'person', 'Read'),
    orderFields: [...NAMED_ORDERS, 'primaryEmail'],
    defaultOrder: byId,
    // REST's filters of people (GraphQL has no organization): locale and time zone as given.
    filters: { primaryEmail: 'text', name: 'text', locale: 'text', timeZone: 'text', disabled: 'flag' },
    assertQuery: (access, fieldsUsed) => assertEmailQueryAllowed(access, fieldsUsed, 'primaryEmail'),
  },
  Team: recordReadRule(TEAM),
  Request: {
    assertReader: (access) => assertAllowed(access, 'request', 'Read'),
    orderFields: ['id', 'subject', 'status', 'category', 'createdAt', 'updatedAt'],
    defaultOrder: byId,
    filters: { status: 'text', category: 'text', team: 'node:Team', requestedBy: 'node:Person', requestedFor: 'node:Person', member: 'node:Person' },
  },
  Note: {
    assertReader: (access) => assertAllowed(access, 'request', 'Read'),
    orderFields: ['id', 'createdAt'],
    defaultOrder: byId,
    filters: {},
  },
  ServiceInstance: recordReadRule(SERVICE_INSTANCE),
  ConfigurationItem: recordReadRule(CONFIGURATION_ITEM),
  Organization: recordReadRule(ORGANIZATION),
  Service: recordReadRule(SERVICE),
  ServiceOffering: recordReadRule(SERVICE_OFFERING),
  ServiceLevelAgreement: recordReadRule(SLA),
  TimeEntry: recordReadRule(TIME_ENTRY),
  OutOfOfficePeriod: recordReadRule(OUT_OF_OFFICE_PERIOD),
  KnowledgeArticle: recordReadRule(KNOWLEDGE_ARTICLE),
  FirstLineSupportAgreement: recordReadRule(FLSA),
  Problem: recordReadRule(PROBLEM),
  Risk: recordReadRule(RISK),
  Product: recordReadRule(PRODUCT),
  Contract: recordReadRule(CONTRACT),
  Broadcast: recordReadRule(BROADCAST),
  Workflow: recordReadRule(WORKFLOW),
  Task: recordReadRule(TASK),
  Release: recordReadRule(RELEASE),
  Project: recordReadRule(PROJECT),
  ProjectTask: recordReadRule(PROJECT_TASK),
  AutomationRule: recordReadRule(AUTOMATION_RULE),
  Webhook: {
    assertReader: (access) => assertWebhookAdmin(access, 'Read'),
    orderFields: NAMED_ORDERS,
    defaultOrder: byId,
    filters: { event: 'text', disabled: 'flag' },
  },
  UiExtension: {
    assertReader: (access) => assertUiExtensionReader(access),
    orderFields: NAMED_ORDERS,
    defaultOrder: byId,
    filters: { category: 'text', disabled: 'flag' },
  },
};
