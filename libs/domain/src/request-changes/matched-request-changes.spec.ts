import { tokenScopes } from '../scopes/scope-statement.js';
import type { AccountRecord } from '../identity/account-access.js';
import type { CiRef, PersonRef, SlaTargets } from '../records/references.js';
import type { RequestRecord } from '../requests/request-record.js';
import { trustedAccountId } from '../tenancy/account-id.js';
import type { RequestChangeInput } from './request-change-input.js';
import type { ChangeContext } from './change-context.js';
import { matchedRequestChanges } from './matched-request-changes.js';
import type { ResolvedReferences } from './resolve-references.js';

const CREATED = new Date('2026-03-02T08:00:00.000Z');
const NOW = new Date('2026-03-02T09:30:00.000Z');
const at = (minutesAfterCreation: number) => new Date(CREATED.getTime() + minutesAfterCreation * 60_000);
const WDC = trustedAccountId('wdc');
const account: AccountRecord = { id: WDC, name: 'Widget Data Center', directoryAccountId: null };
const person = (id: number): PersonRef => ({ id, name: `Person ${id}`, accountId: 'wdc', organizationId: null, primaryEmail: `p${id}@wdc.test` });
const CURRENT_USER = 100;
const SLA: SlaTargets = { responseMinutes: 30, resolutionMinutes: 240 };

/** The matched request: assigned to team 3 without a member, with the SLA's targets. */
const existing = (values: Partial<RequestRecord> = {}): RequestRecord => ({
  id: 42, account_id: WDC, subject: 'Disk full', category: 'incident', status: 'assigned', impact: 'top', completion_reason: null, major_incident_status: null,
  agile_board_id: null, agile_board_column_id: null,
  service_instance_id: 5, organization_id: null, requested_by_id: 200, requested_for_id: 200, created_by_id: CURRENT_USER, member_id: null,
  team_id: 3, supplier_id: null, workflow_id: null, problem_id: null, project_id: null, ci_id: 8, template_id: null,
  knowledge_article_id: null, grouped_into_id: null, completed_at: null, desired_completion_at: null, downtime_start_at: null,
  downtime_end_at: null, waiting_until: null, response_target_at: at(30), resolution_target_at: at(240), requester_resolution_target_at: at(240),
  resolution_duration: null, source: 'Nagios', source_id: 'n-1', supplier_request_id: null, grouping: 'none', satisfaction: null,
  custom_fields: null, new_assignment: true, reviewed: false, urgent: false, addressed: false, created_at: CREATED, updated_at: CREATED,
  ...values,
});
const refs = (values: Partial<ResolvedReferences> = {}): ResolvedReferences => ({
  account, currentUser: person(CURRENT_USER), ci: null, serviceInstance: null, member: null, requestedBy: person(200), requestedFor: person(200),
  team: null, supplier: null, problem: null, workflow: null, project: null, template: null, ...values,
});
const ctx: ChangeContext = {
  access: {
    person: { id: CURRENT_USER, name: 'Person 100', accountId: 'wdc', primaryEmail: 'p100@wdc.test', organizationId: null, inDirectoryAccount: false },
    account, roles: ['agent'], scopes: tokenScopes(['request:*']), token: { kind: 'personal_access_token', id: 1 },
  },
  now: NOW,
};
const changesOf = (input: Omit<RequestChangeInput, 'subject'>, values: { request?: Partial<RequestRecord>; refs?: Partial<ResolvedReferences>; sla?: SlaTargets | null } = {}) =>
  matchedRequestChanges(existing(values.request), { subject: 'Disk full', ...input }, refs(values.refs), values.sla === undefined ? SLA : values.sla, ctx);

describe('SPEC.md "Event matching" rule 3 — what an event may change on an open request', () => {
  describe('the parameters of the list', () => {
    it('status', () => {
      expect(changesOf({ status: 'on_backlog' })).toEqual({ status: 'on_backlog' });
    });

    it.each(['downtime_start_at', 'downtime_end_at'] as const)('%s', (field) => {
      expect(changesOf({ [field]: at(10) })).toEqual({ [field]: at(10) });
    });

    it('waiting_until', () => {
      expect(changesOf({ status: 'waiting_for', waiting_until: at(600), member_id: 7 }, { refs: { member: person(7) } })).toEqual({
        status: 'waiting_for', waiting_until: at(600), member_id: 7,
      });
    });

    it.each([
      ['team_id', { team_id: 4 }],
      ['team', { team: 'Network' }],
    ])('%s', (_param, input) => {
      expect(changesOf(input, { refs: { team: { id: 4, name: 'Network' } } })).toEqual({ team_id: 4 });
    });

    it.each([
      ['member_id', { member_id: 7 }],
      ['member', { member: 'p7@wdc.test' }],
    ])('%s', (_param, input) => {
      expect(changesOf(input, { refs: { member: person(7) } })).toEqual({ member_id: 7 });
    });

    it('desired_completion_at (see below for the targets)', () => {
      expect(changesOf({ desired_completion_at: at(60) })).toEqual({ desired_completion_at: at(60) });
    });

    it('completion_reason, with the status completed (see below)', () => {
      expect(changesOf({ completion_reason: 'workaround' }, { request: { status: 'completed', completion_reason: 'solved' } })).toEqual({ completion_reason: 'workaround' });
    });
  });

  it('ignores every other parameter, even when it names other records', () => {
    const input: Omit<RequestChangeInput, 'subject'> = {
      note: 'new text', internal_note: 'internal', source: 'Nagios', source_id: 'n-2', category: 'rfc', impact: 'low', ci_id: 9,
      service_instance_id: 6, requested_by_id: 201, requested_for_id: 201, supplier_id: 70, supplier_requestID: 'S-1', problem_id: 80,
      workflow_id: 90, template_id: 60,
    };
    const others: Partial<ResolvedReferences> = {
      ci: { id: 9, name: 'mail-02', serviceInstance: null } satisfies CiRef, serviceInstance: { id: 6, name: 'Web', firstLineTeamId: 1, supportTeamId: 2 },
      requestedBy: person(201), requestedFor: person(201), supplier: { id: 70, name: 'Acme' }, problem: { id: 80, name: 'P' },
      workflow: { id: 90, name: 'W' },
    };

    expect(changesOf(input, { refs: others })).toEqual({});
  });

  it('ignores completion_reason unless the request is or becomes completed', () => {
    expect(changesOf({ completion_reason: 'solved' })).toEqual({});
  });

  describe('only values that differ become changes', () => {
    it('the same status, team and member change nothing', () => {
      const request = { status: 'in_progress' as const, member_id: 7 };
      expect(changesOf({ status: 'in_progress', team_id: 3, member_id: 7 }, { request, refs: { team: { id: 3, name: 'Ops' }, member: person(7) } })).toEqual({});
    });

    it('the same instant changes nothing, whatever Date object carries it', () => {
      const request = { downtime_start_at: at(10), desired_completion_at: at(300), resolution_target_at: at(300), requester_resolution_target_at: at(300) };
      expect(changesOf({ downtime_start_at: at(10), desired_completion_at: at(300) }, { request })).toEqual({});
    });
  });

  describe('an empty value clears the field', () => {
    it.each(['desired_completion_at', 'downtime_start_at', 'downtime_end_at', 'waiting_until'] as const)('%s', (field) => {
      expect(changesOf({ [field]: null }, { request: { [field]: at(60) }, sla: null })).toMatchObject({ [field]: null });
    });

    it.each(['member', 'member_id'] as const)('%s, when the status needs no member', (param) => {
      expect(changesOf({ [param]: null }, { request: { member_id: 7 } })).toEqual({ member_id: null });
    });

    it('status, as absent: an empty status changes nothing', () => {
      expect(changesOf({ status: null })).toEqual({});
    });
  });

  describe('team', () => {
    it('an invalid team (resolved to none) changes nothing', () => {
      expect(changesOf({ team: 'No such team' }, { refs: { team: null } })).toEqual({});
      expect(changesOf({ team_id: 999 }, { refs: { team: null } })).toEqual({});
    });
  });

  describe('member', () => {
    it('becomes the current user when the new status requires a member and the request has none', () => {
      expect(changesOf({ status: 'in_progress' })).toEqual({ status: 'in_progress', member_id: CURRENT_USER });
    });

    it('becomes the current user when cleared while the status requires a member', () => {
      expect(changesOf({ member_id: null }, { request: { status: 'in_progress', member_id: 7 } })).toEqual({ member_id: CURRENT_USER });
    });

    it('stays when the new status requires a member and the request has one', () => {
      expect(changesOf({ status: 'in_progress' }, { request: { member_id: 7 } })).toEqual({ status: 'in_progress' });
    });
  });

  describe('completion', () => {
    it('sets completed_at to now and resolution_duration to the minutes since creation', () => {
      expect(changesOf({ status: 'completed', completion_reason: 'solved' })).toEqual({
        status: 'completed', completion_reason: 'solved', completed_at: NOW, resolution_duration: 90,
      });
    });

    it('is refused with a 422 without a completion reason', () => {
      expect(() => changesOf({ status: 'completed' })).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED', errors: [['completion_reason', expect.any(String)]] }));
    });
  });

  describe('desired_completion_at and the resolution target', () => {
    it('moves the resolution targets when later than the SLA target', () => {
      expect(changesOf({ desired_completion_at: at(300) })).toEqual({
        desired_completion_at: at(300), resolution_target_at: at(300), requester_resolution_target_at: at(300),
      });
    });

    it('leaves the SLA target when earlier than it', () => {
      expect(changesOf({ desired_completion_at: at(200) })).toEqual({ desired_completion_at: at(200) });
    });

    it('gives the SLA target back when cleared', () => {
      const request = { desired_completion_at: at(300), resolution_target_at: at(300), requester_resolution_target_at: at(300) };
      expect(changesOf({ desired_completion_at: null }, { request })).toEqual({
        desired_completion_at: null, resolution_target_at: at(240), requester_resolution_target_at: at(240),
      });
    });

    it('never touches the response target', () => {
      expect(changesOf({ desired_completion_at: at(300) })).not.toHaveProperty('response_target_at');
    });
  });

  it('is refused with a 422 when the change would leave a downtime ending before it starts', () => {
    expect(() => changesOf({ downtime_end_at: at(5) }, { request: { downtime_start_at: at(10) } })).toThrow(
      expect.objectContaining({ code: 'VALIDATION_FAILED', errors: [['downtime_end_at', expect.any(String)]] }),
    );
  });
});
