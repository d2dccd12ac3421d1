import { tokenScopes } from '../scopes/scope-statement.js';
import type { AccessContext } from '../identity/access-context.js';
import type { AccountRecord } from '../identity/account-access.js';
import type { QueuedJob } from '../jobs/job-contract.js';
import type { ReservedAuditLine, ReservedNote } from '../ports/outbox.js';
import type { OpenRequestCandidate } from '../requests/request.repository.js';
import type { CiLookup, CiRef, PersonLookup, PersonRef } from '../records/references.js';
import type { NewRequest, RequestRecord } from '../requests/request-record.js';
import type { RequestView } from '../requests/request-view.js';
import { trustedAccountId } from '../tenancy/account-id.js';
import { fakeUnitOfWork } from '../testing/fake-transaction.js';
import type { EventInput } from './event-input.js';
import { createEventIntake, submitEvent } from './submit-event.js';

const NOW = new Date('2026-03-02T09:30:00.000Z');
const WDC = trustedAccountId('wdc');
const account: AccountRecord = { id: WDC, name: 'Widget Data Center', directoryAccountId: null };
const howard: PersonRef = { id: 100, name: 'Howard', accountId: 'wdc', organizationId: 40, primaryEmail: 'howard@wdc.test' };
const ann: PersonRef = { id: 200, name: 'Ann', accountId: 'wdc', organizationId: 40, primaryEmail: 'ann@wdc.test' };
const server: CiRef = { id: 8, name: 'mail-01', serviceInstance: { id: 5, name: 'Mail', firstLineTeamId: 11, supportTeamId: 12 } };

const access = (values: Partial<AccessContext> = {}): AccessContext => ({
  person: { id: howard.id, name: howard.name, accountId: 'wdc', primaryEmail: howard.primaryEmail, organizationId: 40, inDirectoryAccount: false },
  account, roles: ['agent'], scopes: tokenScopes(['request:*']), token: { kind: 'personal_access_token', id: 1 }, ...values,
});
const endUser = access({ roles: [] });

/** As the repository returns a written request: the row with its reference names. */
const stored = (draft: NewRequest, id = 42) => ({ ...draft, id, created_at: NOW, updated_at: NOW, member_name: null, team_name: null }) as RequestView;
/** An open request of Howard's, registered an hour ago by a Nagios event about mail-01. */
const openRequest = (values: Partial<RequestRecord> = {}): RequestRecord => ({
  id: 41, account_id: WDC, subject: 'Disk full', category: 'incident', status: 'assigned', impact: 'top', completion_reason: null, major_incident_status: null,
  agile_board_id: null, agile_board_column_id: null,
  service_instance_id: 5, organization_id: 40, requested_by_id: 100, requested_for_id: 100, created_by_id: 100, member_id: null,
  team_id: 11, supplier_id: null, workflow_id: null, problem_id: null, project_id: null, ci_id: 8, template_id: null,
  knowledge_article_id: null, grouped_into_id: null, completed_at: null, desired_completion_at: null, downtime_start_at: null,
  downtime_end_at: null, waiting_until: null, response_target_at: null, resolution_target_at: null, requester_resolution_target_at: null,
  resolution_duration: null, source: 'Nagios', source_id: 'n-1', supplier_request_id: null, grouping: 'none', satisfaction: null,
  custom_fields: null, new_assignment: true, reviewed: false, urgent: false, addressed: false,
  created_at: new Date(NOW.getTime() - 3600_000), updated_at: new Date(NOW.getTime() - 3600_000), ...values,
});
const candidate = (request: RequestRecord, noteTexts: string[] = ['at 99%']): OpenRequestCandidate => ({
  request: request as RequestView, noteTexts, requestedBy: howard, requestedForAccountId: null,
});

const WRITES = ['requests.insert', 'requests.update', 'notes.insert', 'auditLines.insert', 'jobs.enqueue', 'jobs.cancel', 'outbox.write'];

/**
 * Account wdc in memory: Howard, Ann and the CI mail-01, with `open` as the
 * open requests an event may match. Every call lands in `calls`, in order.
 */
function intake(open: OpenRequestCandidate[] = [], failingWrites: number[] = []) {
  const calls: string[] = [];
  const inserted: NewRequest[] = [];
  const jobs: QueuedJob[] = [];
  const notes: ReservedNote[] = [];
  const audit: ReservedAuditLine[] = [];
  let current: RequestView | null = null;
  const uow = fakeUnitOfWork({
    lock: async (_key, reserve) => {
      calls.push(`lock ${JSON.stringify(reserve)}`);
      const ids = (first: number, count = 0) => Array.from({ length: count }, (_, i) => first + i);
      return { notes: ids(90, reserve?.notes), auditLines: ids(7, reserve?.auditLines) };
    },
    people: {
      findValidIn: async (_account, by: PersonLookup) => [howard, ann].find((p) => ('id' in by ? p.id === by.id : p.primaryEmail === by.email)) ?? null,
      teamIdsIn: async () => [],
    },
    configurationItems: { find: async (_account, by: CiLookup) => ('label' in by && by.label === server.name ? server : null) },
    supportAgreements: { serviceDeskTeamFor: async () => null },
    slas: { targetsFor: async () => null },
    requests: {
      openCandidates: async () => (calls.push('requests.openCandidates'), open),
      insert: async (draft) => (calls.push('requests.insert'), inserted.push(draft), (current = stored(draft))),
      update: async (_account, id, changes) => {
        calls.push('requests.update');
        const before = open.find((c) => c.request.id === id)!.request;
        return (current = { ...before, ...changes });
      },
      findView: async (_scope, id) => ({ ...(current?.id === id ? current : open.find((c) => c.request.id === id)!.request), member_name: null, team_name: null }),
    },
    notes: { insert: async (_account, notes) => (calls.push('notes.insert'), notes.map((_, index) => 90 + index)) },
    auditLines: { insert: async () => (calls.push('auditLines.insert'), 7) },
    jobs: { enqueue: async (queued) => void (calls.push('jobs.enqueue'), jobs.push(...queued)), cancel: async () => void calls.push('jobs.cancel') },
    outbox: {
      writeAll: async (items) => {
        calls.push('outbox.write');
        if (failingWrites.includes(calls.filter((call) => call === 'outbox.write').length)) throw new Error('the write failed');
        for (const { entry, notes: added } of items) void (notes.push(...added), audit.push(entry.auditLine), jobs.push(...entry.jobs));
      },
    },
  });
  const submit = (input: Omit<EventInput, 'subject'>, who: AccessContext = access()) => submitEvent({ subject: 'Disk full', ...input }, { access: who, now: NOW }, uow);
  const intake = createEventIntake(uow);
  const submitQueued = (input: Omit<EventInput, 'subject'>) => intake.submit({ subject: 'Disk full', ...input }, { access: access(), now: NOW });
  return { submit, submitQueued, calls, inserted, jobs, notes, audit, writes: () => calls.filter((call) => WRITES.includes(call)) };
}

describe('POST /events — the steps of the intake', () => {
  it('creates: match under the lock (drawing a note id and an audit line id), insert, then the note, audit line and jobs in one write', async () => {
    const { submit, calls, notes, audit, jobs } = intake();

    const outcome = await submit({ source: 'Nagios', note: 'at 99%' });

    expect(outcome).toMatchObject({ created: true, request: { id: 42, source: 'Nagios' } });
    expect(calls).toEqual(['lock {"notes":1,"auditLines":1}', 'requests.openCandidates', 'requests.insert', 'outbox.write']);
    expect(notes).toEqual([{ id: 90, requestId: 42, personId: 100, text: 'at 99%', internal: false }]);
    expect(audit).toEqual([expect.objectContaining({ id: 7, recordType: 'Request', recordId: 42, action: 'create', changes: expect.objectContaining({ notes: [{ id: 90, internal: false }] }) })]);
    expect(jobs).toEqual([
      expect.objectContaining({ task: 'webhook-event', payload: expect.objectContaining({ event: 'request.create', payload: expect.objectContaining({ audit_line_id: 7 }) }) }),
      expect.objectContaining({ task: 'webhook-event', payload: expect.objectContaining({ event: 'request.note-added', payload: expect.objectContaining({ audit_line_id: 7, note_id: 90 }) }) }),
      // Queued only if the account has a rule that could match (docs/decisions/053).
      expect.objectContaining({
        task: 'automation-run', onlyIfRules: expect.objectContaining({ type: 'request', id: 42 }),
        payload: expect.objectContaining({ action: 'create', previous: {}, verbs: ['create', 'note-added'], note_id: 90, depth: 0 }),
      }),
    ]);
  });

  it('SPEC.md "Event matching" rule 1: without a service instance, relates the first one of the configuration item', async () => {
    const { submit, inserted } = intake();

    await submit({ ci: 'mail-01' });

    expect(inserted[0]).toMatchObject({ ci_id: 8, service_instance_id: 5, category: 'incident', impact: 'top', team_id: 11 });
  });

  it('updates the matched request: the change, then the new note, the audit line and the jobs in one write', async () => {
    const { submit, calls, notes } = intake([candidate(openRequest())]);

    const outcome = await submit({ ci: 'mail-01', source: 'Nagios', note: 'at 100%', status: 'on_backlog' });

    expect(outcome).toMatchObject({ created: false, request: { id: 41, status: 'on_backlog' } });
    expect(calls).toEqual(['lock {"notes":1,"auditLines":1}', 'requests.openCandidates', 'requests.update', 'outbox.write']);
    expect(notes.map((note) => [note.id, note.requestId, note.text])).toEqual([[90, 41, 'at 100%']]);
  });

  it('draws an id for each note the event gives; a note the matched request has already is not written', async () => {
    const { submit, calls, notes } = intake([candidate(openRequest(), ['at 99%'])]);

    await submit({ ci: 'mail-01', source: 'Nagios', note: 'at 99%', internal_note: 'checked the disk' });

    expect(calls[0]).toBe('lock {"notes":2,"auditLines":1}');
    expect(notes.map((note) => [note.id, note.text, note.internal])).toEqual([[90, 'checked the disk', true]]);
  });

  it("e-mails the matched request's requested_by person about desired_completion_at, not the event's", async () => {
    const { submit, jobs } = intake([{ ...candidate(openRequest({ requested_by_id: 200 })), requestedBy: ann }]);

    await submit({ ci: 'mail-01', source: 'Nagios', desired_completion_at: NOW });

    expect(jobs.filter((job) => job.task === 'send-mail').map((job) => job.payload)).toEqual([expect.objectContaining({ to: 'ann@wdc.test' })]);
  });

  it('e-mails nobody about desired_completion_at when the requested_by person of the matched request is disabled', async () => {
    const { submit, jobs } = intake([{ ...candidate(openRequest({ requested_by_id: 200 })), requestedBy: null }]);

    await submit({ ci: 'mail-01', source: 'Nagios', desired_completion_at: NOW });

    expect(jobs.map((job) => job.task)).toEqual(['webhook-event', 'automation-run']);
  });

  it('SPEC.md "Event matching" rule 2: changes nothing when the note equals an earlier one and nothing else changes', async () => {
    const { submit, writes } = intake([candidate(openRequest(), ['at 98%', 'at 99%'])]);

    expect(await submit({ ci: 'mail-01', source: 'Nagios', note: 'at 99%' })).toMatchObject({ created: false, request: { id: 41 } });
    expect(writes()).toEqual([]);
  });

  it('lets an end user register a request for somebody else that they requested', async () => {
    const { submit, inserted } = intake();

    await submit({ requested_for: 'ann@wdc.test' }, endUser);

    expect(inserted[0]).toMatchObject({ requested_by_id: 100, requested_for_id: 200 });
  });
});

describe('POST /events — every refusal comes before the first write', () => {
  it('refuses a token without request:Read before the transaction starts', async () => {
    const { submit, calls } = intake();

    await expect(submit({}, access({ scopes: tokenScopes(['request:Create']) }))).rejects.toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('request:Read') });
    expect(calls).toEqual([]);
  });

  it('refuses to create without request:Create, once it knows nothing matches', async () => {
    const { submit, calls, writes } = intake();

    await expect(submit({ note: 'at 99%' }, access({ scopes: tokenScopes(['request:Read', 'request:Update']) }))).rejects.toMatchObject({ message: expect.stringContaining('request:Create') });
    expect(calls).toContain('requests.openCandidates');
    expect(writes()).toEqual([]);
  });

  it('refuses to update without request:Update, even with a new note', async () => {
    const { submit, writes } = intake([candidate(openRequest())]);

    await expect(submit({ ci: 'mail-01', source: 'Nagios', note: 'at 100%' }, access({ scopes: tokenScopes(['request:Read', 'request:Create']) }))).rejects.toMatchObject({
      code: 'FORBIDDEN', message: expect.stringContaining('request:Update'),
    });
    expect(writes()).toEqual([]);
  });

  it('refuses an internal note from an end user', async () => {
    const { submit, calls } = intake();

    await expect(submit({ internal_note: 'root cause' }, endUser)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(calls).toEqual([]);
  });

  it('refuses an end user registering a request neither requested by them nor for them', async () => {
    const { submit, writes } = intake();

    await expect(submit({ requested_by: 'ann@wdc.test', note: 'at 99%' }, endUser)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(writes()).toEqual([]);
  });

  it('refuses a reference that matches no record before matching', async () => {
    const { submit, calls } = intake();

    await expect(submit({ ci: 'mail-99' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED', errors: [['ci', expect.any(String)]] });
    expect(calls).toEqual([]);
  });

  it('refuses a new completed request without a completion reason', async () => {
    const { submit, writes } = intake();

    await expect(submit({ status: 'completed', note: 'at 99%' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(writes()).toEqual([]);
  });

  it('refuses to complete the matched request without a completion reason, and adds none of its notes', async () => {
    const { submit, writes } = intake([candidate(openRequest())]);

    await expect(submit({ ci: 'mail-01', source: 'Nagios', status: 'completed', note: 'at 100%' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(writes()).toEqual([]);
  });

  it('refuses a person of a directory account without support_domain', async () => {
    const { submit, calls } = intake();
    const directoryPerson = access({ person: { ...access().person, inDirectoryAccount: true } });

    await expect(submit({}, directoryPerson)).rejects.toMatchObject({ code: 'VALIDATION_FAILED', errors: [['support_domain', expect.any(String)]] });
    expect(calls).toEqual([]);
  });
});

describe('POST /events — events of one match key that queue share a transaction', () => {
  it('takes one lock for the queued events, reads their candidates once, and writes their notes, audit lines and jobs together; a note the first added is not added again', async () => {
    const { submitQueued, calls, notes, audit } = intake([candidate(openRequest(), ['at 99%'])]);

    const first = submitQueued({ ci: 'mail-01', source: 'Nagios', note: 'at 100%' });
    const queued = [submitQueued({ ci: 'mail-01', source: 'Nagios', note: 'at 101%' }), submitQueued({ ci: 'mail-01', source: 'Nagios', note: 'at 101%' })];
    const outcomes = await Promise.all([first, ...queued]);

    expect(outcomes.map((outcome) => [outcome.created, outcome.request.id])).toEqual([[false, 41], [false, 41], [false, 41]]);
    expect(calls).toEqual([
      'lock {"notes":1,"auditLines":1}', 'requests.openCandidates', 'outbox.write',
      'lock {"notes":2,"auditLines":2}', 'requests.openCandidates', 'outbox.write',
    ]);
    expect(notes.map((note) => [note.id, note.text])).toEqual([[90, 'at 100%'], [90, 'at 101%']]);
    expect(audit).toHaveLength(2);
  });

  it('reads the candidates again, the earlier writes written first, after an event of the batch changed the request', async () => {
    const { submitQueued, calls } = intake([candidate(openRequest())]);

    const first = submitQueued({ ci: 'mail-01', source: 'Nagios', note: 'one' });
    const queued = [submitQueued({ ci: 'mail-01', source: 'Nagios', status: 'on_backlog' }), submitQueued({ ci: 'mail-01', source: 'Nagios', note: 'three' })];
    await Promise.all([first, ...queued]);

    expect(calls.slice(3)).toEqual([
      'lock {"notes":1,"auditLines":2}', 'requests.openCandidates', 'requests.update', 'outbox.write', 'requests.openCandidates', 'outbox.write',
    ]);
  });

  it('blames no event for a failed write of the batch: each runs again on its own', async () => {
    const { submitQueued, calls } = intake([candidate(openRequest())], [2]);

    const first = submitQueued({ ci: 'mail-01', source: 'Nagios', note: 'one' });
    const queued = [submitQueued({ ci: 'mail-01', source: 'Nagios', status: 'on_backlog', note: 'two' }), submitQueued({ ci: 'mail-01', source: 'Nagios', note: 'three' })];
    const outcomes = await Promise.all([first, ...queued]);

    expect(outcomes.map((outcome) => outcome.request.id)).toEqual([41, 41, 41]);
    expect(calls.slice(3)).toEqual([
      'lock {"notes":2,"auditLines":2}', 'requests.openCandidates', 'requests.update', 'outbox.write',
      'lock {"notes":1,"auditLines":1}', 'requests.openCandidates', 'requests.update', 'outbox.write',
      'lock {"notes":1,"auditLines":1}', 'requests.openCandidates', 'outbox.write',
    ]);
  });
});
