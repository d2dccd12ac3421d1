import type { Express } from 'express';
import type { ILayer } from 'express-serve-static-core';
import { mountedRouteTable, needsProblems, routeTableProblems, type RouteTable } from '@tessera/http';
import { startApiHarness, type ApiHarness } from './support/api-harness.js';

/** Routes every app gets from createHttpApp, outside the REST API. */
// /livez is answered by the server itself, before the app (libs/http drain.ts); /readyz reaches the app until a shutdown begins.
const INFRASTRUCTURE = ['GET /healthz', 'GET /metrics', 'GET /readyz'];

/** Every route Express would dispatch to, and every router mounted around the table. */
function mountedRoutes(app: Express): { routes: string[]; routers: number } {
  const routes: string[] = [];
  let routers = 0;
  const walk = (stack: ILayer[]) => {
    for (const layer of stack) {
      if (layer.route) for (const method of new Set(layer.route.stack.map((step) => step.method))) routes.push(`${method.toUpperCase()} ${layer.route.path}`);
      if ('stack' in layer.handle && Array.isArray(layer.handle.stack)) {
        routers += 1;
        walk(layer.handle.stack);
      }
    }
  };
  walk(app.router.stack);
  return { routes, routers };
}

describe('The REST route table — every route declares what it needs', () => {
  let h: ApiHarness;
  let table: RouteTable;

  beforeAll(async () => {
    h = await startApiHarness();
    // The table the app really mounted, whatever its routes are built from.
    table = mountedRouteTable(h.app);
  });
  afterAll(() => h.drop());

  it('has no route that declares nothing in needs, and none with a malformed scope or an unknown role', () => {
    const problems = table.flatMap((route) => needsProblems(route.needs).map((problem) => `${route.method.toUpperCase()} ${route.path} ${problem}`));
    expect(problems).toEqual([]);
    expect(routeTableProblems(table)).toEqual([]);
  });

  it('guards every route under /v1 by a scope or a role, but the ones that say why they are public', () => {
    const needs = Object.fromEntries(table.map((route) => [`${route.method.toUpperCase()} ${route.path}`, route.needs]));
    expect(needs).toEqual({
      'GET /v1/me': { scope: 'me:Read' },
      'GET /v1/people': { scope: 'person:Read' },
      'GET /v1/people/:id': { scope: 'person:Read' },
      'POST /v1/people': { role: 'administrator', scope: 'person:Create', answer: 'person:Read' },
      'PATCH /v1/people/:id': { role: 'administrator', scope: 'person:Update', answer: 'person:Read' },
      'GET /v1/teams': { scope: 'team:Read' },
      'GET /v1/teams/:id': { scope: 'team:Read' },
      'GET /v1/teams/:id/members': { scope: 'team:Read', answer: 'person:Read' },
      'GET /v1/people/:id/teams': { scope: 'team:Read', answer: 'person:Read' },
      'POST /v1/teams': { role: 'administrator', scope: 'team:Create', answer: 'team:Read' },
      'PATCH /v1/teams/:id': { role: 'administrator', scope: 'team:Update', answer: 'team:Read' },
      'GET /v1/agile_boards': { scope: 'agile_board:Read' },
      'GET /v1/agile_boards/:id': { scope: 'agile_board:Read' },
      'POST /v1/agile_boards': { role: 'administrator', scope: 'agile_board:Create', answer: 'agile_board:Read' },
      'PATCH /v1/agile_boards/:id': { role: 'administrator', scope: 'agile_board:Update', answer: 'agile_board:Read' },
      'GET /v1/requests': { scope: 'request:Read' },
      'GET /v1/requests/:id': { scope: 'request:Read' },
      'GET /v1/requests/:id/notes': { scope: 'request:Read' },
      'GET /v1/problems/:id/requests': { scope: 'problem:Read', answer: 'request:Read' },
      'GET /v1/workflows/:id/requests': { scope: 'workflow:Read', answer: 'request:Read' },
      'GET /v1/projects/:id/requests': { scope: 'project:Read', answer: 'request:Read' },
      'POST /v1/requests': { scope: 'request:Create', answer: 'request:Read' },
      'PATCH /v1/requests/:id': { scope: 'request:Update', answer: 'request:Read' },
      'POST /v1/requests/:id/notes': { scope: 'request:Update', answer: 'request:Read' },
      'GET /v1/requests/:id/feedback': { public: expect.any(String), rateLimit: 'address' },
      'GET /v1/ui_extensions': { scope: 'ui_extension:Read' },
      'GET /v1/ui_extensions/:id': { scope: 'ui_extension:Read' },
      'POST /v1/ui_extensions': { role: 'administrator', scope: 'ui_extension:Create', answer: 'ui_extension:Read' },
      'PATCH /v1/ui_extensions/:id': { role: 'administrator', scope: 'ui_extension:Update', answer: 'ui_extension:Read' },
      'GET /v1/ui_extensions/:id/versions': { scope: 'ui_extension:Read' },
      'GET /v1/ui_extensions/:id/versions/:version_id': { scope: 'ui_extension:Read' },
      'GET /v1/ui_extensions/:id/versions/:version_id/audit': { scope: 'ui_extension:Read' },
      'GET /v1/ui_extensions/:id/translations': { scope: 'ui_extension:Read' },
      'GET /v1/cis': { scope: 'ci:Read' },
      'GET /v1/cis/:id': { scope: 'ci:Read' },
      'POST /v1/cis': { scope: 'ci:Create', answer: 'ci:Read', note: 'The administrator or agent role in the account (docs/decisions/034)' },
      'PATCH /v1/cis/:id': { scope: 'ci:Update', answer: 'ci:Read', note: 'The administrator or agent role in the account (docs/decisions/034)' },
      'GET /v1/service_instances': { scope: 'service_instance:Read' },
      'GET /v1/service_instances/:id': { scope: 'service_instance:Read' },
      'POST /v1/service_instances': { scope: 'service_instance:Create', answer: 'service_instance:Read', note: 'The administrator or agent role in the account (docs/decisions/034)' },
      'PATCH /v1/service_instances/:id': { scope: 'service_instance:Update', answer: 'service_instance:Read', note: 'The administrator or agent role in the account (docs/decisions/034)' },
      'GET /v1/organizations': { scope: 'organization:Read' },
      'GET /v1/organizations/:id': { scope: 'organization:Read' },
      'POST /v1/organizations': { role: 'administrator', scope: 'organization:Create', answer: 'organization:Read' },
      'PATCH /v1/organizations/:id': { role: 'administrator', scope: 'organization:Update', answer: 'organization:Read' },
      'GET /v1/services': { scope: 'service:Read' },
      'GET /v1/services/:id': { scope: 'service:Read' },
      'POST /v1/services': { role: 'administrator', scope: 'service:Create', answer: 'service:Read' },
      'PATCH /v1/services/:id': { role: 'administrator', scope: 'service:Update', answer: 'service:Read' },
      'GET /v1/service_offerings': { scope: 'service_offering:Read' },
      'GET /v1/service_offerings/:id': { scope: 'service_offering:Read' },
      'POST /v1/service_offerings': { role: 'administrator', scope: 'service_offering:Create', answer: 'service_offering:Read' },
      'PATCH /v1/service_offerings/:id': { role: 'administrator', scope: 'service_offering:Update', answer: 'service_offering:Read' },
      'GET /v1/slas': { scope: 'sla:Read' },
      'GET /v1/slas/:id': { scope: 'sla:Read' },
      'POST /v1/slas': { role: 'administrator', scope: 'sla:Create', answer: 'sla:Read' },
      'PATCH /v1/slas/:id': { role: 'administrator', scope: 'sla:Update', answer: 'sla:Read' },
      'GET /v1/broadcasts': { scope: 'broadcast:Read' },
      'GET /v1/broadcasts/active': { scope: 'broadcast:Read' },
      'GET /v1/broadcasts/inactive': { scope: 'broadcast:Read' },
      'GET /v1/broadcasts/all': { scope: 'broadcast:Read' },
      'GET /v1/broadcasts/:id': { scope: 'broadcast:Read' },
      'POST /v1/broadcasts': { scope: 'broadcast:Create', answer: 'broadcast:Read', note: 'The administrator or agent role in the account (docs/decisions/043)' },
      'PATCH /v1/broadcasts/:id': { scope: 'broadcast:Update', answer: 'broadcast:Read', note: 'The administrator or agent role in the account (docs/decisions/043)' },
      'GET /v1/products': { scope: 'product:Read' },
      'GET /v1/products/:id': { scope: 'product:Read' },
      'POST /v1/products': { role: 'administrator', scope: 'product:Create', answer: 'product:Read' },
      'PATCH /v1/products/:id': { role: 'administrator', scope: 'product:Update', answer: 'product:Read' },
      'GET /v1/contracts': { scope: 'contract:Read' },
      'GET /v1/contracts/:id': { scope: 'contract:Read' },
      'POST /v1/contracts': { role: 'administrator', scope: 'contract:Create', answer: 'contract:Read' },
      'PATCH /v1/contracts/:id': { role: 'administrator', scope: 'contract:Update', answer: 'contract:Read' },
      'GET /v1/time_entries': { scope: 'time_entry:Read' },
      'GET /v1/time_entries/:id': { scope: 'time_entry:Read' },
      'POST /v1/time_entries': { scope: 'time_entry:Create', answer: 'time_entry:Read', note: 'Anyone with the scope writes and deletes their own time entries (`person_id` themselves); administrators any person’s.' },
      'PATCH /v1/time_entries/:id': { scope: 'time_entry:Update', answer: 'time_entry:Read', note: 'Anyone with the scope writes and deletes their own time entries (`person_id` themselves); administrators any person’s.' },
      'DELETE /v1/time_entries/:id': { scope: 'time_entry:Delete', note: 'Anyone with the scope writes and deletes their own time entries (`person_id` themselves); administrators any person’s.' },
      'GET /v1/out_of_office_periods': { scope: 'out_of_office_period:Read' },
      'GET /v1/out_of_office_periods/:id': { scope: 'out_of_office_period:Read' },
      'POST /v1/out_of_office_periods': { scope: 'out_of_office_period:Create', answer: 'out_of_office_period:Read', note: 'Anyone with the scope writes and deletes their own periods (`person_id` themselves); administrators any person’s.' },
      'PATCH /v1/out_of_office_periods/:id': { scope: 'out_of_office_period:Update', answer: 'out_of_office_period:Read', note: 'Anyone with the scope writes and deletes their own periods (`person_id` themselves); administrators any person’s.' },
      'DELETE /v1/out_of_office_periods/:id': { scope: 'out_of_office_period:Delete', note: 'Anyone with the scope writes and deletes their own periods (`person_id` themselves); administrators any person’s.' },
      'GET /v1/knowledge_articles': { scope: 'knowledge_article:Read' },
      'GET /v1/knowledge_articles/:id': { scope: 'knowledge_article:Read' },
      'POST /v1/knowledge_articles': { role: 'administrator', scope: 'knowledge_article:Create', answer: 'knowledge_article:Read' },
      'PATCH /v1/knowledge_articles/:id': { role: 'administrator', scope: 'knowledge_article:Update', answer: 'knowledge_article:Read' },
      'GET /v1/flsas': { scope: 'flsa:Read' },
      'GET /v1/flsas/:id': { scope: 'flsa:Read' },
      'POST /v1/flsas': { role: 'administrator', scope: 'flsa:Create', answer: 'flsa:Read' },
      'PATCH /v1/flsas/:id': { role: 'administrator', scope: 'flsa:Update', answer: 'flsa:Read' },
      'GET /v1/problems': { scope: 'problem:Read' },
      'GET /v1/problems/:id': { scope: 'problem:Read' },
      'POST /v1/problems': { scope: 'problem:Create', answer: 'problem:Read', note: 'The administrator or agent role in the account, or the specialist role for the problems they are responsible for (docs/decisions/051)' },
      'PATCH /v1/problems/:id': { scope: 'problem:Update', answer: 'problem:Read', note: 'The administrator or agent role in the account, or the specialist role for the problems they are responsible for (docs/decisions/051)' },
      'GET /v1/problems/:id/notes': { scope: 'problem:Read' },
      'POST /v1/problems/:id/notes': { scope: 'problem:Update', answer: 'problem:Read' },
      'GET /v1/risks': { scope: 'risk:Read' },
      'GET /v1/risks/:id': { scope: 'risk:Read' },
      'POST /v1/risks': { scope: 'risk:Create', answer: 'risk:Read', note: 'The administrator, agent or specialist role in the account (docs/decisions/046)' },
      'PATCH /v1/risks/:id': { scope: 'risk:Update', answer: 'risk:Read', note: 'The administrator, agent or specialist role in the account (docs/decisions/046)' },
      'GET /v1/risks/:id/notes': { scope: 'risk:Read' },
      'POST /v1/risks/:id/notes': { scope: 'risk:Update', answer: 'risk:Read' },
      'GET /v1/workflows': { scope: 'workflow:Read' },
      'GET /v1/workflows/:id': { scope: 'workflow:Read' },
      'POST /v1/workflows': { scope: 'workflow:Create', answer: 'workflow:Read', note: 'The administrator or agent role in the account, or the specialist role for the workflows they are responsible for (docs/decisions/051)' },
      'PATCH /v1/workflows/:id': { scope: 'workflow:Update', answer: 'workflow:Read', note: 'The administrator or agent role in the account, or the specialist role for the workflows they are responsible for (docs/decisions/051)' },
      'GET /v1/workflows/:id/notes': { scope: 'workflow:Read' },
      'POST /v1/workflows/:id/notes': { scope: 'workflow:Update', answer: 'workflow:Read' },
      'GET /v1/releases': { scope: 'release:Read' },
      'GET /v1/releases/:id': { scope: 'release:Read' },
      'POST /v1/releases': { scope: 'release:Create', answer: 'release:Read', note: 'The administrator or agent role in the account, or the specialist role for the releases they are responsible for (docs/decisions/051)' },
      'PATCH /v1/releases/:id': { scope: 'release:Update', answer: 'release:Read', note: 'The administrator or agent role in the account, or the specialist role for the releases they are responsible for (docs/decisions/051)' },
      'GET /v1/releases/:id/notes': { scope: 'release:Read' },
      'POST /v1/releases/:id/notes': { scope: 'release:Update', answer: 'release:Read' },
      'GET /v1/tasks': { scope: 'task:Read' },
      'GET /v1/tasks/:id': { scope: 'task:Read' },
      'PATCH /v1/tasks/:id': { scope: 'task:Update', answer: 'task:Read', note: 'The administrator or agent role in the account, or the specialist role for the tasks they are responsible for (docs/decisions/051)' },
      'GET /v1/tasks/:id/notes': { scope: 'task:Read' },
      'POST /v1/tasks/:id/notes': { scope: 'task:Update', answer: 'task:Read' },
      'GET /v1/releases/:id/workflows': { scope: 'workflow:Read' },
      'GET /v1/workflows/:id/tasks': { scope: 'task:Read' },
      'POST /v1/workflows/:id/tasks': { scope: 'task:Create', answer: 'task:Read', note: 'The administrator or agent role in the account, or the specialist role for the tasks they are responsible for (docs/decisions/051)' },
      'GET /v1/tasks/:id/approvals': { scope: 'task:Read' },
      // The records a link list holds (record.routes.ts linkRoutes).
      'GET /v1/broadcasts/:id/organizations': { scope: 'broadcast:Read', answer: 'organization:Read' },
      'GET /v1/broadcasts/:id/teams': { scope: 'broadcast:Read', answer: 'team:Read' },
      'GET /v1/cis/:id/service_instances': { scope: 'ci:Read', answer: 'service_instance:Read' },
      'GET /v1/contracts/:id/cis': { scope: 'contract:Read', answer: 'ci:Read' },
      'GET /v1/knowledge_articles/:id/service_instances': { scope: 'knowledge_article:Read', answer: 'service_instance:Read' },
      'GET /v1/project_tasks/:id/predecessors': { scope: 'project_task:Read', answer: 'project_task:Read' },
      'GET /v1/risks/:id/organizations': { scope: 'risk:Read', answer: 'organization:Read' },
      'GET /v1/risks/:id/projects': { scope: 'risk:Read', answer: 'project:Read' },
      'GET /v1/risks/:id/services': { scope: 'risk:Read', answer: 'service:Read' },
      'GET /v1/service_instances/:id/configuration_items': { scope: 'service_instance:Read', answer: 'ci:Read' },
      'GET /v1/tasks/:id/predecessors': { scope: 'task:Read', answer: 'task:Read' },
      'POST /v1/tasks/:id/approvals': { scope: 'task:Update', answer: 'task:Read', note: 'An approver of the task (docs/decisions/051)' },
      'GET /v1/project_tasks/:id/approvals': { scope: 'project_task:Read' },
      'POST /v1/project_tasks/:id/approvals': { scope: 'project_task:Update', answer: 'project_task:Read', note: 'One of the people the project task is assigned to (docs/decisions/051)' },
      // The people a link list holds, as every list of records of the engine (docs/decisions/055).
      'GET /v1/tasks/:id/approvers': { scope: 'task:Read', answer: 'person:Read' },
      'GET /v1/project_tasks/:id/assignments': { scope: 'project_task:Read', answer: 'person:Read' },
      'GET /v1/projects': { scope: 'project:Read' },
      'GET /v1/projects/:id': { scope: 'project:Read' },
      'POST /v1/projects': { scope: 'project:Create', answer: 'project:Read', note: 'The administrator or agent role in the account, or the specialist role for the projects they are responsible for (docs/decisions/051)' },
      'PATCH /v1/projects/:id': { scope: 'project:Update', answer: 'project:Read', note: 'The administrator or agent role in the account, or the specialist role for the projects they are responsible for (docs/decisions/051)' },
      'GET /v1/projects/:id/notes': { scope: 'project:Read' },
      'POST /v1/projects/:id/notes': { scope: 'project:Update', answer: 'project:Read' },
      'GET /v1/projects/:id/tasks': { scope: 'project_task:Read' },
      'POST /v1/projects/:id/tasks': { scope: 'project_task:Create', answer: 'project_task:Read', note: 'The administrator or agent role in the account, or the specialist role for the project tasks they are responsible for (docs/decisions/051)' },
      'GET /v1/project_tasks': { scope: 'project_task:Read' },
      'GET /v1/project_tasks/:id': { scope: 'project_task:Read' },
      'PATCH /v1/project_tasks/:id': { scope: 'project_task:Update', answer: 'project_task:Read', note: 'The administrator or agent role in the account, or the specialist role for the project tasks they are responsible for (docs/decisions/051)' },
      'GET /v1/project_tasks/:id/notes': { scope: 'project_task:Read' },
      'POST /v1/project_tasks/:id/notes': { scope: 'project_task:Update', answer: 'project_task:Read' },
      'GET /v1/automation_rules': { scope: 'automation_rule:Read' },
      'GET /v1/automation_rules/:id': { scope: 'automation_rule:Read' },
      'POST /v1/automation_rules': { role: 'administrator', scope: 'automation_rule:Create', answer: 'automation_rule:Read' },
      'PATCH /v1/automation_rules/:id': { role: 'administrator', scope: 'automation_rule:Update', answer: 'automation_rule:Read' },
      'DELETE /v1/automation_rules/:id': { role: 'administrator', scope: 'automation_rule:Delete' },
      'GET /v1/automation_rules/:id/runs': { scope: 'automation_rule:Read' },
      'GET /v1/automation_rules/for_requests': { scope: 'automation_rule:Read' },
      'GET /v1/automation_rules/for_problems': { scope: 'automation_rule:Read' },
      'GET /v1/automation_rules/for_workflows': { scope: 'automation_rule:Read' },
      'GET /v1/automation_rules/for_tasks': { scope: 'automation_rule:Read' },
      'GET /v1/automation_rules/for_project_tasks': { scope: 'automation_rule:Read' },
      'GET /v1/automation_rules/for_risks': { scope: 'automation_rule:Read' },
      'GET /v1/automation_rules/for_cis': { scope: 'automation_rule:Read' },
      'GET /v1/requests/:id/automation_rules': { scope: 'request:Read', answer: 'automation_rule:Read' },
      'GET /v1/problems/:id/automation_rules': { scope: 'problem:Read', answer: 'automation_rule:Read' },
      'GET /v1/workflows/:id/automation_rules': { scope: 'workflow:Read', answer: 'automation_rule:Read' },
      'GET /v1/tasks/:id/automation_rules': { scope: 'task:Read', answer: 'automation_rule:Read' },
      'GET /v1/project_tasks/:id/automation_rules': { scope: 'project_task:Read', answer: 'automation_rule:Read' },
      'GET /v1/risks/:id/automation_rules': { scope: 'risk:Read', answer: 'automation_rule:Read' },
      'GET /v1/cis/:id/automation_rules': { scope: 'ci:Read', answer: 'automation_rule:Read' },
      'PUT /v1/ui_extensions/:id/translations/:locale': { role: 'administrator', scope: 'ui_extension:Update', answer: 'ui_extension:Read' },
      'POST /v1/events': { scope: 'request:Read', note: expect.stringContaining('`request:Create`') },
      'GET /v1/openapi.json': { public: expect.any(String) },
      'GET /v1/integrations': { role: 'administrator', scope: 'integration:Read' },
      'GET /v1/integrations/:id': { role: 'administrator', scope: 'integration:Read' },
      'POST /v1/integrations': { role: 'administrator', scope: 'integration:Create', answer: 'integration:Read' },
      'PATCH /v1/integrations/:id': { role: 'administrator', scope: 'integration:Update', answer: 'integration:Read' },
      'GET /v1/integrations/:id/applications': { role: 'administrator', scope: 'integration:Read' },
      'POST /v1/integrations/:id/applications': { role: 'administrator', scope: 'integration:Update', answer: 'integration:Read' },
      'PATCH /v1/integrations/:id/applications/:app_id': { role: 'administrator', scope: 'integration:Update', answer: 'integration:Read' },
      'GET /v1/integrations/:id/scopes': { role: 'administrator', scope: 'integration:Read' },
      'GET /v1/integrations/:id/scopes/:scope_id': { role: 'administrator', scope: 'integration:Read' },
      'POST /v1/integrations/:id/scopes': { role: 'administrator', scope: 'integration:Update', answer: 'integration:Read' },
      'PATCH /v1/integrations/:id/scopes/:scope_id': { role: 'administrator', scope: 'integration:Update', answer: 'integration:Read' },
      'DELETE /v1/integrations/:id/scopes/:scope_id': { role: 'administrator', scope: 'integration:Update' },
      'GET /v1/webhooks': { role: 'administrator', scope: 'webhook:Read' },
      'GET /v1/webhooks/enabled': { role: 'administrator', scope: 'webhook:Read' },
      'GET /v1/webhooks/disabled': { role: 'administrator', scope: 'webhook:Read' },
      'GET /v1/webhooks/:id': { role: 'administrator', scope: 'webhook:Read' },
      'POST /v1/webhooks': { role: 'administrator', scope: 'webhook:Create', answer: 'webhook:Read' },
      'PATCH /v1/webhooks/:id': { role: 'administrator', scope: 'webhook:Update', answer: 'webhook:Read' },
      'DELETE /v1/webhooks/:id': { role: 'administrator', scope: 'webhook:Delete' },
      'POST /v1/webhooks/:id/test': { role: 'administrator', scope: 'webhook:Update' },
      'GET /v1/webhooks/:id/deliveries': { role: 'administrator', scope: 'webhook:Read' },
      'GET /v1/webhooks/:id/deliveries/:delivery_id': { role: 'administrator', scope: 'webhook:Read' },
      'POST /v1/webhooks/:id/deliveries/:delivery_id/redeliver': { role: 'administrator', scope: 'webhook:Update', answer: 'webhook:Read' },
      'POST /v1/webhooks/:id/redeliver': { role: 'administrator', scope: 'webhook:Update', answer: 'webhook:Read' },
      'POST /v1/attachments': { role: 'administrator', scope: 'webhook:Create', answer: 'webhook:Read' },
      'GET /v1/attachments/:key': { role: 'administrator', scope: 'webhook:Read' },
      'GET /v1/webhook_policies': { role: 'administrator', scope: 'webhook_policy:Read' },
      'GET /v1/webhook_policies/enabled': { role: 'administrator', scope: 'webhook_policy:Read' },
      'GET /v1/webhook_policies/disabled': { role: 'administrator', scope: 'webhook_policy:Read' },
      'GET /v1/webhook_policies/:id': { role: 'administrator', scope: 'webhook_policy:Read' },
      'POST /v1/webhook_policies': { role: 'administrator', scope: 'webhook_policy:Create', answer: 'webhook_policy:Read' },
      'PATCH /v1/webhook_policies/:id': { role: 'administrator', scope: 'webhook_policy:Update', answer: 'webhook_policy:Read' },
      'POST /v1/webhook_policies/:id/roll_key': { role: 'administrator', scope: 'webhook_policy:Update', answer: 'webhook_policy:Read' },
      'DELETE /v1/webhook_policies/:id': { role: 'administrator', scope: 'webhook_policy:Delete' },
      'GET /v1/accounts/:account/webhook-keys.json': { public: expect.any(String), rateLimit: 'address' },
    });
  });

  it('is the only way a route reaches the app: every route Express dispatches to is in the table, none in a router around it', () => {
    const { routes, routers } = mountedRoutes(h.app);
    const declared = table.map((route) => `${route.method.toUpperCase()} ${route.path}`);
    expect(routers).toBe(0);
    expect(routes.filter((route) => !INFRASTRUCTURE.includes(route)).sort()).toEqual([...declared].sort());
    expect(routes.filter((route) => INFRASTRUCTURE.includes(route)).sort()).toEqual(INFRASTRUCTURE);
  });
});
