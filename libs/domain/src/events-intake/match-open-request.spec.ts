import type { AccountRecord } from '../identity/account-access.js';
import type { OpenRequestCandidate } from '../requests/request.repository.js';
import type { CiRef, PersonRef, ServiceInstanceRef } from '../records/references.js';
import type { RequestReadScope } from '../requests/request-read-scope.js';
import type { RequestRecord } from '../requests/request-record.js';
import type { RequestView } from '../requests/request-view.js';
import { trustedAccountId } from '../tenancy/account-id.js';
import type { EventInput } from './event-input.js';
import { matchQuery, pickMatch } from './match-open-request.js';
import type { ResolvedReferences } from '../request-changes/resolve-references.js';

const NOW = new Date('2026-03-02T08:00:00.000Z');
const DAY_BEFORE = new Date('2026-03-01T08:00:00.000Z');
const WDC = trustedAccountId('wdc');
const account: AccountRecord = { id: WDC, name: 'Widget Data Center', directoryAccountId: null };
const person = (id: number): PersonRef => ({ id, name: `Person ${id}`, accountId: 'wdc', organizationId: null, primaryEmail: `p${id}@wdc.test` });
const mail: ServiceInstanceRef = { id: 5, name: 'Mail', firstLineTeamId: null, supportTeamId: null };
const server: CiRef = { id: 8, name: 'mail-01', serviceInstance: mail };

const refs = (values: Partial<ResolvedReferences> = {}): ResolvedReferences => ({
  account, currentUser: person(100), ci: null, serviceInstance: null, member: null, requestedBy: person(100), requestedFor: person(200),
  team: null, supplier: null, problem: null, workflow: null, project: null, template: null, ...values,
});
const staff: RequestReadScope = { accountId: WDC, personId: null, internalNotes: true };
const endUser: RequestReadScope = { accountId: WDC, personId: 100, internalNotes: false };

const openRequest = (id: number): RequestRecord => ({
  id, account_id: WDC, subject: 'Disk full', category: 'incident', status: 'assigned', impact: 'top', completion_reason: null, major_incident_status: null,
  agile_board_id: null, agile_board_column_id: null,
  service_instance_id: 5, organization_id: null, requested_by_id: 100, requested_for_id: 200, created_by_id: 100, member_id: null,
  team_id: null, supplier_id: null, workflow_id: null, problem_id: null, project_id: null, ci_id: 8, template_id: null,
  knowledge_article_id: null, grouped_into_id: null, completed_at: null, desired_completion_at: null, downtime_start_at: null,
  downtime_end_at: null, waiting_until: null, response_target_at: null, resolution_target_at: null, requester_resolution_target_at: null,
  resolution_duration: null, source: 'Event', source_id: null, supplier_request_id: null, grouping: 'none', satisfaction: null,
  custom_fields: null, new_assignment: false, reviewed: false, urgent: false, addressed: false, created_at: NOW, updated_at: NOW,
});
/** Newest first, as the repository returns them. */
const candidate = (id: number, noteTexts: string[] = []): OpenRequestCandidate => ({
  request: openRequest(id) as RequestView, noteTexts, requestedBy: null, requestedForAccountId: null,
});

describe('SPEC.md "Event matching" rule 2 — with a configuration item', () => {
  const withCi = refs({ ci: server, serviceInstance: mail });

  it('looks for open requests of the same source, service instance and CI created within the past 24 hours', () => {
    const { query } = matchQuery({ subject: 'Disk full', source: 'Nagios' }, withCi, NOW, staff);

    expect(query).toEqual({ scope: staff, source: 'Nagios', since: DAY_BEFORE, ci: { id: 8, serviceInstanceId: 5 } });
  });

  it('takes the source Event when none is given', () => {
    expect(matchQuery({ subject: 'Disk full' }, withCi, NOW, staff).query.source).toBe('Event');
  });

  it('looks for requests without a service instance when the event relates none', () => {
    const { query } = matchQuery({ subject: 'Disk full' }, refs({ ci: { ...server, serviceInstance: null } }), NOW, staff);

    expect(query).toMatchObject({ ci: { id: 8, serviceInstanceId: null } });
  });

  it('ignores subject, note and requested_for', () => {
    const one = matchQuery({ subject: 'Disk full', note: 'a' }, withCi, NOW, staff);
    const other = matchQuery({ subject: 'Disk at 99%', note: 'b' }, { ...withCi, requestedFor: person(300) }, NOW, staff);

    expect(other).toEqual(one);
  });

  it('locks on account, source, service instance and CI, so identical events queue up', () => {
    const key = (input: EventInput, values: Partial<ResolvedReferences> = {}) => matchQuery(input, { ...withCi, ...values }, NOW, staff).lockKey;
    const base = key({ subject: 'Disk full', source: 'Nagios' });

    expect(key({ subject: 'Other subject', source: 'Nagios' })).toBe(base);
    expect(new Set([
      base,
      key({ subject: 'Disk full', source: 'Zabbix' }),
      key({ subject: 'Disk full', source: 'Nagios' }, { serviceInstance: { ...mail, id: 6 } }),
      key({ subject: 'Disk full', source: 'Nagios' }, { ci: { ...server, id: 9 } }),
      key({ subject: 'Disk full', source: 'Nagios' }, { account: { ...account, id: trustedAccountId('other') } }),
    ]).size).toBe(5);
  });

  it('matches the newest candidate', () => {
    expect(pickMatch([candidate(43, ['old text']), candidate(42)])?.request.id).toBe(43);
  });

  it('matches nothing without a candidate', () => {
    expect(pickMatch([])).toBeNull();
  });
});

describe('SPEC.md "Event matching" rule 4 — without a configuration item', () => {
  it('looks for open requests of the same subject, source and requested_for created within the past 24 hours', () => {
    const { query } = matchQuery({ subject: 'Disk full', note: 'at 99%', source: 'Nagios' }, refs(), NOW, staff);

    expect(query).toEqual({ scope: staff, source: 'Nagios', since: DAY_BEFORE, withoutCi: { subject: 'Disk full', requestedForId: 200, firstPublicNote: 'at 99%' } });
  });

  it('looks for requests without a note when the event has none', () => {
    expect(matchQuery({ subject: 'Disk full' }, refs(), NOW, staff).query).toMatchObject({ withoutCi: { firstPublicNote: null } });
  });

  it('locks on account, source, requested_for, subject and note', () => {
    const key = (input: EventInput, values: Partial<ResolvedReferences> = {}) => matchQuery(input, refs(values), NOW, staff).lockKey;
    const base = key({ subject: 'Disk full', note: 'at 99%' });

    expect(key({ subject: 'Disk full', note: 'at 99%' })).toBe(base);
    expect(new Set([
      base,
      key({ subject: 'Disk full', note: 'at 98%' }),
      key({ subject: 'Disk full' }),
      key({ subject: 'Disk fuller', note: 'at 99%' }),
      key({ subject: 'Disk full', note: 'at 99%', source: 'Nagios' }),
      key({ subject: 'Disk full', note: 'at 99%' }, { requestedFor: person(201) }),
      key({ subject: 'Disk full', note: 'at 99%' }, { account: { ...account, id: trustedAccountId('other') } }),
    ]).size).toBe(7);
  });

  // Which first public note matches (equal text, or none for an event without a note) is the
  // query's to apply: libs/persistence/src/requests/open-candidates.spec.ts.
});

describe('SPEC.md "Event matching" — what the caller may see', () => {
  it("limits an end user's event to the requests they requested or that are for them", () => {
    expect(matchQuery({ subject: 'Disk full' }, refs(), NOW, endUser).query.scope).toEqual(endUser);
    expect(matchQuery({ subject: 'Disk full' }, refs({ ci: server }), NOW, endUser).query.scope).toEqual(endUser);
  });

  it('does not limit the event of a person with a role in the account', () => {
    expect(matchQuery({ subject: 'Disk full' }, refs(), NOW, staff).query.scope).toEqual(staff);
  });
});

