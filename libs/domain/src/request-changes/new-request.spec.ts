import { tokenScopes } from '../scopes/scope-statement.js';
import type { AccountRecord } from '../identity/account-access.js';
import type { PersonRef, ServiceInstanceRef, TemplateRef } from '../records/references.js';
import { STATUSES, type Status } from '../requests/request-values.js';
import { trustedAccountId } from '../tenancy/account-id.js';
import { fakeTransaction } from '../testing/fake-transaction.js';
import type { RequestChangeInput } from './request-change-input.js';
import type { ChangeContext } from './change-context.js';
import { buildNewRequest, requestDefaults } from './new-request.js';
import type { ResolvedReferences } from './resolve-references.js';

const NOW = new Date('2026-03-02T08:00:00.000Z');
const WDC = trustedAccountId('wdc');
const account: AccountRecord = { id: WDC, name: 'Widget Data Center', directoryAccountId: null };
const person = (id: number, name: string, accountId = 'wdc'): PersonRef => ({ id, name, accountId, organizationId: 40, primaryEmail: `${name.toLowerCase()}@wdc.test` });
const currentUser = person(100, 'Howard');
const mail: ServiceInstanceRef = { id: 5, name: 'Mail', firstLineTeamId: 11, supportTeamId: 12 };

const WORKFLOW_MANAGER = 300;
const template = (values: Partial<TemplateRef> = {}): TemplateRef => ({
  id: 60, subject: 'Mailbox full', category: null, impact: null, serviceInstance: null, teamId: null, memberId: null, workflowManagerId: null, ...values,
});
const withWorkflow = template({ workflowManagerId: WORKFLOW_MANAGER });

type DefaultRefs = Parameters<typeof requestDefaults>[1];
const refs = (values: Partial<DefaultRefs> = {}): DefaultRefs => ({ serviceInstance: null, template: null, member: null, currentUser, ...values });
const event = (values: RequestChangeInput = {}): RequestChangeInput => ({ subject: 'Mail is down', ...values });

const MEMBER_STATUSES: Status[] = ['accepted', 'in_progress', 'waiting_for', 'waiting_for_customer', 'reservation_pending'];
const STATUSES_WITHOUT_MEMBER = STATUSES.filter((status) => !MEMBER_STATUSES.includes(status));

describe('SPEC.md "Default values for a new request" — row category', () => {
  it('is incident when a service instance is to be related', () => {
    expect(requestDefaults(event(), refs({ serviceInstance: mail })).category).toBe('incident');
  });

  it("is incident when the template's service instance is to be related", () => {
    expect(requestDefaults(event(), refs({ template: template({ serviceInstance: mail }) })).category).toBe('incident');
  });

  it('is other without a service instance', () => {
    expect(requestDefaults(event(), refs()).category).toBe('other');
  });

  it("takes the template's category over the default, and the call's over the template's", () => {
    const rfc = template({ category: 'rfc' });
    expect(requestDefaults(event(), refs({ serviceInstance: mail, template: rfc })).category).toBe('rfc');
    expect(requestDefaults(event({ category: 'rfi' }), refs({ serviceInstance: mail, template: rfc })).category).toBe('rfi');
  });
});

describe('SPEC.md "Default values for a new request" — row impact', () => {
  it('is top when the category is incident', () => {
    expect(requestDefaults(event(), refs({ serviceInstance: mail })).impact).toBe('top');
    expect(requestDefaults(event({ category: 'incident' }), refs()).impact).toBe('top');
    expect(requestDefaults(event(), refs({ template: template({ category: 'incident' }) })).impact).toBe('top');
  });

  it('is empty for any other category', () => {
    expect(requestDefaults(event(), refs()).impact).toBeNull();
    expect(requestDefaults(event({ category: 'rfc' }), refs({ serviceInstance: mail })).impact).toBeNull();
  });

  it("takes the template's impact over the default, and the call's over the template's", () => {
    const low = template({ impact: 'low' });
    expect(requestDefaults(event(), refs({ serviceInstance: mail, template: low })).impact).toBe('low');
    expect(requestDefaults(event({ impact: 'high' }), refs({ serviceInstance: mail, template: low })).impact).toBe('high');
  });
});

describe('SPEC.md "Default values for a new request" — row status', () => {
  it('is assigned', () => {
    expect(requestDefaults(event(), refs()).status).toBe('assigned');
  });

  it('is assigned with a template that links to no workflow template', () => {
    expect(requestDefaults(event(), refs({ template: template() })).status).toBe('assigned');
  });

  it('is workflow_pending with a template that links to a workflow template', () => {
    expect(requestDefaults(event(), refs({ template: withWorkflow })).status).toBe('workflow_pending');
  });

  it("is the call's status when one is given, even with such a template", () => {
    expect(requestDefaults(event({ status: 'in_progress' }), refs({ template: withWorkflow })).status).toBe('in_progress');
  });
});

describe('SPEC.md "Default values for a new request" — row member', () => {
  it('is the manager of the workflow with a template that links to a workflow template', () => {
    expect(requestDefaults(event(), refs({ template: withWorkflow }))).toMatchObject({ status: 'workflow_pending', memberId: WORKFLOW_MANAGER });
  });

  it("is the call's member over the workflow manager", () => {
    expect(requestDefaults(event(), refs({ template: withWorkflow, member: person(7, 'Mia') })).memberId).toBe(7);
  });

  it("is the template's member when its template has no workflow", () => {
    expect(requestDefaults(event(), refs({ template: template({ memberId: 8 }) })).memberId).toBe(8);
  });

  it.each(MEMBER_STATUSES)('is the current user when the status %s requires a member and none is given', (status) => {
    expect(requestDefaults(event({ status }), refs()).memberId).toBe(currentUser.id);
  });

  it.each(MEMBER_STATUSES)('is the given member, not the current user, when the status is %s', (status) => {
    expect(requestDefaults(event({ status }), refs({ member: person(7, 'Mia') })).memberId).toBe(7);
  });

  it.each(STATUSES_WITHOUT_MEMBER)('stays empty when the status %s needs no member and none is given', (status) => {
    expect(requestDefaults(event({ status }), refs()).memberId).toBeNull();
  });
});

describe('SPEC.md "Default values for a new request" — row service_instance', () => {
  it("is the call's service instance (the configuration item's first one when the call named none, see submit-event)", () => {
    expect(requestDefaults(event(), refs({ serviceInstance: mail })).serviceInstance).toBe(mail);
  });

  it("is the template's service instance when the call relates none, and the call's over the template's", () => {
    const web: ServiceInstanceRef = { id: 6, name: 'Web', firstLineTeamId: null, supportTeamId: null };
    expect(requestDefaults(event(), refs({ template: template({ serviceInstance: web }) })).serviceInstance).toBe(web);
    expect(requestDefaults(event(), refs({ serviceInstance: mail, template: template({ serviceInstance: web }) })).serviceInstance).toBe(mail);
  });

  it('is empty with neither', () => {
    expect(requestDefaults(event(), refs()).serviceInstance).toBeNull();
  });
});

describe('SPEC.md "Default values for a new request" — the request as built', () => {
  const requester = person(200, 'Ann');
  const customer = person(201, 'Carl', 'widget-customer');
  const fullRefs = (values: Partial<ResolvedReferences> = {}): ResolvedReferences => ({
    account, currentUser, ci: null, serviceInstance: null, member: null, requestedBy: requester, requestedFor: customer,
    team: null, supplier: null, problem: null, workflow: null, project: null, template: null, ...values,
  });
  /** The lookups the defaults may make: Mia is in team 21, widget-customer's service desk team is 13, Mail has a 4-hour SLA for it. */
  const lookups = () =>
    fakeTransaction({
      people: { teamIdsIn: async (_account, personId) => (personId === 7 ? [21] : []) },
      supportAgreements: { serviceDeskTeamFor: async (_account, customerAccountId) => (customerAccountId === 'widget-customer' ? 13 : null) },
      slas: { targetsFor: async (_account, serviceInstanceId, customerAccountId) => (serviceInstanceId === 5 && customerAccountId === 'widget-customer' ? { responseMinutes: 60, resolutionMinutes: 240 } : null) },
    });
  const ctx: ChangeContext = {
    access: {
      person: { id: currentUser.id, name: currentUser.name, accountId: 'wdc', primaryEmail: currentUser.primaryEmail, organizationId: 40, inDirectoryAccount: false },
      account, roles: ['agent'], scopes: tokenScopes(['request:*']), token: { kind: 'personal_access_token', id: 1 },
    },
    now: NOW,
  };
  const build = (input: RequestChangeInput, values: Partial<ResolvedReferences> = {}) => buildNewRequest(event(input), fullRefs(values), ctx, lookups());

  it('row created_by is the current user; requested_by and requested_for are as resolved (see resolve-references)', async () => {
    expect(await build({})).toMatchObject({ created_by_id: currentUser.id, requested_by_id: requester.id, requested_for_id: customer.id, organization_id: 40 });
  });

  it('row source is Event, or the source given', async () => {
    expect((await build({})).source).toBe('Event');
    expect((await build({ source: 'Nagios', source_id: 'n-1' })).source).toBe('Nagios');
  });

  it("row team: the call's team over the template's, the template's over the default", async () => {
    expect((await build({}, { team: { id: 30, name: 'Ops' }, template: template({ teamId: 31 }) })).team_id).toBe(30);
    expect((await build({}, { template: template({ teamId: 31 }) })).team_id).toBe(31);
  });

  it('row team: an invalid team in the call (resolved to none) is replaced by the default team', async () => {
    expect((await build({ team: 'No such team' }, { team: null })).team_id).toBe(13);
  });

  it("row team: the member's first team", async () => {
    expect((await build({ status: 'in_progress' }, { member: person(7, 'Mia') })).team_id).toBe(21);
  });

  it("sets the SLA targets of the service instance for the requested_for person's account", async () => {
    expect(await build({}, { serviceInstance: mail })).toMatchObject({
      response_target_at: new Date(NOW.getTime() + 60 * 60_000),
      resolution_target_at: new Date(NOW.getTime() + 240 * 60_000),
    });
  });

  it('marks a request with a member or a team as a new assignment', async () => {
    expect((await build({})).new_assignment).toBe(true);
    expect((await build({}, { requestedFor: person(202, 'Dora', 'nobody') })).new_assignment).toBe(false);
  });

  it('is completed now, with no resolution time, when created completed with a reason', async () => {
    expect(await build({ status: 'completed', completion_reason: 'solved' })).toMatchObject({ completed_at: NOW, resolution_duration: 0, completion_reason: 'solved' });
  });

  it('is refused with a 422 when created completed without a completion reason', async () => {
    await expect(build({ status: 'completed' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED', errors: [['completion_reason', expect.any(String)]] });
  });
});
