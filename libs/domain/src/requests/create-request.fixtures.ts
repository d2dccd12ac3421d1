/**
 * Account wdc in memory for the specs of the request API use cases: Howard
 * (agent) and Ann, team 11 (Mail first line), service instance Mail and one
 * request, #41, of Howard's. What the use cases write lands in `written`.
 */
import type { AccessContext } from '../identity/access-context.js';
import type { AccountRecord } from '../identity/account-access.js';
import type { QueuedJob } from '../jobs/job-contract.js';
import type { ByNameOrId, PersonLookup, PersonRef } from '../records/references.js';
import { tokenScopes } from '../scopes/scope-statement.js';
import { trustedAccountId } from '../tenancy/account-id.js';
import { fakeUnitOfWork } from '../testing/fake-transaction.js';
import type { NewNote } from './request.repository.js';
import type { NewRequest, RequestRecord } from './request-record.js';
import type { RequestView } from './request-view.js';

export const NOW = new Date('2026-03-02T09:30:00.000Z');
export const WDC = trustedAccountId('wdc');
const account: AccountRecord = { id: WDC, name: 'Widget Data Center', directoryAccountId: null };
export const howard: PersonRef = { id: 100, name: 'Howard', accountId: 'wdc', organizationId: 40, primaryEmail: 'howard@wdc.test' };
export const ann: PersonRef = { id: 200, name: 'Ann', accountId: 'wdc', organizationId: 40, primaryEmail: 'ann@wdc.test' };
const teams = [{ id: 11, name: 'Mail first line' }];
const mail = { id: 5, name: 'Mail', firstLineTeamId: 11, supportTeamId: null };

export const access = (values: Partial<AccessContext> = {}): AccessContext => ({
  person: { id: howard.id, name: howard.name, accountId: 'wdc', primaryEmail: howard.primaryEmail, organizationId: 40, inDirectoryAccount: false },
  account, roles: ['agent'], scopes: tokenScopes(['request:*']), token: { kind: 'personal_access_token', id: 1 }, ...values,
});

export const existingRequest = (values: Partial<RequestRecord> = {}): RequestRecord => ({
  id: 41, account_id: WDC, subject: 'Disk full', category: 'incident', status: 'assigned', impact: 'top', completion_reason: null, major_incident_status: null,
  agile_board_id: null, agile_board_column_id: null,
  service_instance_id: 5, organization_id: 40, requested_by_id: 100, requested_for_id: 100, created_by_id: 100, member_id: null,
  team_id: 11, supplier_id: null, workflow_id: null, problem_id: null, project_id: null, ci_id: null, template_id: null,
  knowledge_article_id: null, grouped_into_id: null, completed_at: null, desired_completion_at: null, downtime_start_at: null,
  downtime_end_at: null, waiting_until: null, response_target_at: null, resolution_target_at: null, requester_resolution_target_at: null,
  resolution_duration: null, source: null, source_id: null, supplier_request_id: null, grouping: 'none', satisfaction: null,
  custom_fields: null, new_assignment: true, reviewed: false, urgent: false, addressed: false,
  created_at: new Date(NOW.getTime() - 3600_000), updated_at: new Date(NOW.getTime() - 3600_000), ...values,
});

const named = (request: RequestRecord): RequestView => ({
  ...request,
  member_name: [howard, ann].find((p) => p.id === request.member_id)?.name ?? null,
  team_name: teams.find((t) => t.id === request.team_id)?.name ?? null,
});

export function requestStore(stored: RequestRecord = existingRequest()) {
  let current = stored;
  const written = { inserted: [] as NewRequest[], updates: [] as unknown[], notes: [] as NewNote[], audit: [] as unknown[], jobs: [] as QueuedJob[] };
  const find = (by: ByNameOrId) => teams.find((t) => ('id' in by ? t.id === by.id : t.name === by.name)) ?? null;
  const uow = fakeUnitOfWork({
    now: async () => NOW,
    people: {
      findValidIn: async (_account, by: PersonLookup) => [howard, ann].find((p) => ('id' in by ? p.id === by.id : p.primaryEmail === by.email)) ?? null,
      teamIdsIn: async () => [],
    },
    teams: { find: async (_account, by) => find(by) },
    serviceInstances: { find: async (_account, by) => ('id' in by && by.id === mail.id ? mail : null) },
    supportAgreements: { serviceDeskTeamFor: async () => null },
    slas: { targetsFor: async () => null },
    requests: {
      insert: async (draft) => (written.inserted.push(draft), (current = { ...draft, id: 42, created_at: NOW, updated_at: NOW }), named(current)),
      findForUpdate: async (accountId, id) => (accountId === current.account_id && id === current.id ? current : null),
      update: async (_account, _id, changes) => (written.updates.push(changes), (current = { ...current, ...changes }), named(current)),
      findView: async (_scope, id) => (id === current.id ? named(current) : null),
    },
    notes: { insert: async (_account, notes) => (written.notes.push(...notes), notes.map((_, index) => 90 + index)) },
    auditLines: { insert: async (accountId, line) => (written.audit.push({ accountId, ...line }), 7) },
    jobs: { enqueue: async (jobs) => void written.jobs.push(...jobs), cancel: async () => undefined },
  });
  const events = () => written.jobs.filter((job) => job.task === 'webhook-event').map((job) => (job.payload as { event: string }).event);
  return { uow, written, events };
}
