import type { QueuedJob } from '../jobs/job-contract.js';
import type { NewAuditLine } from '../ports/outbox.js';
import { encodeNodeId } from '../node-id.js';
import type { PersonRef } from '../records/references.js';
import type { RequestChanges, RequestRecord } from '../requests/request-record.js';
import { trustedAccountId } from '../tenancy/account-id.js';
import { fakeTransaction } from '../testing/fake-transaction.js';
import { publishRequestChange, requestEvents, waitingRelease, type RequestChange } from './publish-request-change.js';

const CREATED = new Date('2026-03-02T08:00:00.000Z');
const LATER = new Date('2026-03-02T12:00:00.000Z');
const WDC = trustedAccountId('wdc');
const howard: PersonRef = { id: 100, name: 'Howard', accountId: 'wdc', organizationId: null, primaryEmail: 'howard@wdc.test' };
const ann: PersonRef = { id: 200, name: 'Ann', accountId: 'wdc', organizationId: null, primaryEmail: 'ann@wdc.test' };

const request = (values: Partial<RequestRecord> = {}): RequestRecord => ({
  id: 42, account_id: WDC, subject: 'Disk full', category: 'incident', status: 'assigned', impact: 'top', completion_reason: null, major_incident_status: null,
  agile_board_id: null, agile_board_column_id: null,
  service_instance_id: 5, organization_id: null, requested_by_id: 200, requested_for_id: 200, created_by_id: 100, member_id: null,
  team_id: 3, supplier_id: null, workflow_id: null, problem_id: null, project_id: null, ci_id: 8, template_id: null,
  knowledge_article_id: null, grouped_into_id: null, completed_at: null, desired_completion_at: null, downtime_start_at: null,
  downtime_end_at: null, waiting_until: null, response_target_at: null, resolution_target_at: null, requester_resolution_target_at: null,
  resolution_duration: null, source: 'Nagios', source_id: 'n-1', supplier_request_id: null, grouping: 'none', satisfaction: null,
  custom_fields: null, new_assignment: true, reviewed: false, urgent: false, addressed: false, created_at: CREATED, updated_at: CREATED,
  ...values,
});
const names = { member: 'Mia', team: 'Network' };
const created = (values: Partial<RequestRecord> = {}, notes: RequestChange['notes'] = []) => ({ request: request(values), previous: null, changes: {}, notes, names });
/** An update of request 42 from its state `before` by `changes`. */
const updated = (changes: RequestChanges, before: Partial<RequestRecord> = {}, notes: RequestChange['notes'] = []) => ({
  request: request({ ...before, ...changes }), previous: request(before), changes, notes, names,
});
const eventNames = (change: Parameters<typeof requestEvents>[0]) => requestEvents(change).map((event) => event.name);

describe('SPEC.md "Events", noun request — which events a change fires', () => {
  it('a new request fires request.create with its status', () => {
    expect(requestEvents(created())).toEqual([{ name: 'request.create', payload: { status: 'assigned' } }]);
  });

  it('a new request fires request.note-added per note, and no *-changed event', () => {
    const notes = [{ id: 9, text: 'at 99%', internal: false }, { id: 10, text: 'disk 3', internal: true }];
    expect(requestEvents(created({ member_id: 7, status: 'in_progress' }, notes))).toEqual([
      { name: 'request.create', payload: { status: 'in_progress' } },
      { name: 'request.note-added', payload: { note_id: 9, note_nodeID: encodeNodeId('Note', 9) } },
      { name: 'request.note-added', payload: { note_id: 10, note_nodeID: encodeNodeId('Note', 10) } },
    ]);
  });

  it('a changed request fires request.update with its status', () => {
    expect(requestEvents(updated({ downtime_start_at: LATER }))).toEqual([{ name: 'request.update', payload: { status: 'assigned' } }]);
  });

  it('a note added to an unchanged request fires request.note-added alone', () => {
    expect(eventNames(updated({}, {}, [{ id: 9, text: 'at 99%', internal: false }]))).toEqual(['request.note-added']);
  });

  it('a major incident status change fires request.major-incident-status-changed once, with the previous status, beside request.update', () => {
    expect(requestEvents(updated({ major_incident_status: 'accepted' }, { major_incident_status: 'proposed' }))).toEqual([
      { name: 'request.update', payload: { status: 'assigned' } },
      { name: 'request.major-incident-status-changed', payload: { major_incident_status: 'accepted', previous_major_incident_status: 'proposed' } },
    ]);
  });

  it('a move to another column fires request.agile-board-column-changed once with the column, or null off the board', () => {
    const onBoard = { agile_board_id: 6, agile_board_column_id: 61 };
    const moved = { ...updated({ agile_board_column_id: 62 }, onBoard), names: { ...names, agileBoardColumn: 'Doing' } };
    expect(requestEvents(moved)).toEqual([
      { name: 'request.update', payload: { status: 'assigned' } },
      { name: 'request.agile-board-column-changed', payload: { agile_board_column: { id: 62, nodeID: encodeNodeId('AgileBoardColumn', 62), name: 'Doing' } } },
    ]);
    expect(requestEvents(updated({ agile_board_id: null, agile_board_column_id: null }, onBoard))).toContainEqual({
      name: 'request.agile-board-column-changed', payload: { agile_board_column: null },
    });
    expect(eventNames(updated({ agile_board_id: 7 }, { agile_board_id: 6 }))).toEqual(['request.update']);
  });

  it('a status change fires request.status-changed with the previous status', () => {
    expect(requestEvents(updated({ status: 'on_backlog' }))).toContainEqual({
      name: 'request.status-changed', payload: { status: 'on_backlog', previous_status: 'assigned' },
    });
  });

  it('a member change fires request.member-changed naming the new member with its node id', () => {
    expect(requestEvents(updated({ member_id: 7 }))).toEqual([
      { name: 'request.update', payload: { status: 'assigned' } },
      { name: 'request.member-changed', payload: { member: { id: 7, nodeID: encodeNodeId('Person', 7), name: 'Mia' } } },
    ]);
  });

  it('a member removed fires request.member-changed with no member', () => {
    expect(requestEvents(updated({ member_id: null }, { member_id: 7 }))).toContainEqual({ name: 'request.member-changed', payload: { member: null } });
  });

  it('a team change fires request.team-changed naming the new team with its node id', () => {
    expect(requestEvents(updated({ team_id: 4 }))).toContainEqual({
      name: 'request.team-changed', payload: { team: { id: 4, nodeID: encodeNodeId('Team', 4), name: 'Network' } },
    });
  });

  it('one change may fire them all, update first', () => {
    expect(eventNames(updated({ status: 'in_progress', member_id: 7, team_id: 4 }, {}, [{ id: 9, text: 'taking it', internal: false }]))).toEqual([
      'request.update', 'request.note-added', 'request.status-changed', 'request.member-changed', 'request.team-changed',
    ]);
  });
});

describe('SPEC.md "Request status" — waiting_for becomes assigned when waiting_until is reached', () => {
  it('schedules the release of a new waiting_for request with waiting_until', () => {
    expect(waitingRelease(created({ status: 'waiting_for', waiting_until: LATER }))).toBe('schedule');
  });

  it('schedules nothing for a new request waiting without a time, or with a time but not waiting', () => {
    expect(waitingRelease(created({ status: 'waiting_for' }))).toBe('none');
    expect(waitingRelease(created({ waiting_until: LATER }))).toBe('none');
  });

  it('schedules the release when waiting_until is set on a waiting_for request', () => {
    expect(waitingRelease(updated({ waiting_until: LATER }, { status: 'waiting_for' }))).toBe('schedule');
  });

  it('schedules the release when a request with waiting_until becomes waiting_for', () => {
    expect(waitingRelease(updated({ status: 'waiting_for' }, { waiting_until: LATER }))).toBe('schedule');
  });

  it('drops the release when waiting_until is cleared', () => {
    expect(waitingRelease(updated({ waiting_until: null }, { status: 'waiting_for', waiting_until: LATER }))).toBe('cancel');
  });

  it('leaves the release alone when neither status nor waiting_until changed', () => {
    expect(waitingRelease(updated({ team_id: 4 }, { status: 'waiting_for', waiting_until: LATER }))).toBe('none');
  });
});

describe('publishing a request change through the outbox', () => {
  function outbox() {
    const written = { audit: [] as NewAuditLine[], jobs: [] as QueuedJob[], cancelled: [] as string[] };
    const tx = fakeTransaction({
      auditLines: { insert: async (_account, line) => (written.audit.push(line), 7) },
      jobs: { enqueue: async (jobs) => void written.jobs.push(...jobs), cancel: async (key) => void written.cancelled.push(key) },
    });
    return { tx, written };
  }
  const context = { actor: howard, requestedBy: ann, source: 'Nagios', sourceId: 'n-2' };

  it('writes one audit line with the source, the source id and the [before, after] of each change', async () => {
    const { tx, written } = outbox();

    await publishRequestChange(tx, { ...context, ...updated({ status: 'on_backlog' }, {}, [{ id: 9, text: 'x', internal: true }]) });

    expect(written.audit).toEqual([{
      recordType: 'Request', recordId: 42, personId: 100, source: 'Nagios', sourceId: 'n-2', action: 'update',
      changes: { status: ['assigned', 'on_backlog'], notes: [{ id: 9, internal: true }] },
    }]);
  });

  it('e-mails the requested_by person when desired_completion_at is set, changed or removed', async () => {
    const cases = [created({ desired_completion_at: LATER }), updated({ desired_completion_at: LATER }), updated({ desired_completion_at: null }, { desired_completion_at: LATER })];
    for (const change of cases) {
      const { tx, written } = outbox();
      await publishRequestChange(tx, { ...context, ...change });
      expect(written.jobs.filter((job) => job.task === 'send-mail')).toEqual([
        { task: 'send-mail', payload: { to: 'ann@wdc.test', subject: expect.stringContaining('#42'), text: expect.stringContaining('Hello Ann') } },
      ]);
    }
  });

  it('sends no e-mail when desired_completion_at is untouched', async () => {
    const { tx, written } = outbox();

    await publishRequestChange(tx, { ...context, ...updated({ status: 'on_backlog' }, { desired_completion_at: LATER }) });

    expect(written.jobs.map((job) => job.task)).not.toContain('send-mail');
  });

  it('schedules the release at waiting_until under the request key, in the same enqueue as the events', async () => {
    const { tx, written } = outbox();

    await publishRequestChange(tx, { ...context, ...created({ status: 'waiting_for', waiting_until: LATER, member_id: 7 }) });

    expect(written.jobs.map((job) => job.task)).toEqual(['webhook-event', 'request-waiting-until', 'automation-run']);
    expect(written.jobs[1]).toEqual({ task: 'request-waiting-until', payload: { account_id: 'wdc', request_id: 42 }, runAt: LATER, jobKey: 'request-waiting-until:42' });
  });

  it('cancels the release when waiting_until is cleared', async () => {
    const { tx, written } = outbox();

    await publishRequestChange(tx, { ...context, ...updated({ waiting_until: null }, { status: 'waiting_for', waiting_until: LATER }) });

    expect(written.cancelled).toEqual(['request-waiting-until:42']);
  });
});
