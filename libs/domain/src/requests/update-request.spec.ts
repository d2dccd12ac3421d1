import { tokenScopes } from '../scopes/scope-statement.js';
import { access, ann, existingRequest, NOW, requestStore, WDC } from './create-request.fixtures.js';
import { trustedAccountId } from '../tenancy/account-id.js';
import { updateRequest } from './update-request.js';

describe('updateRequest', () => {
  it('changes subject and impact, and publishes request.update alone', async () => {
    const { uow, written, events } = requestStore();

    const request = await updateRequest(access(), 41, { subject: 'Disk full on mail-01', impact: 'low' }, uow);

    expect(request).toMatchObject({ id: 41, subject: 'Disk full on mail-01', impact: 'low' });
    expect(written.audit).toEqual([expect.objectContaining({ action: 'update', changes: { subject: ['Disk full', 'Disk full on mail-01'], impact: ['top', 'low'] } })]);
    expect(events()).toEqual(['request.update']);
  });

  it('publishes status-changed, member-changed and team-changed when those change, with the names', async () => {
    const { uow, written, events } = requestStore();

    await updateRequest(access(), 41, { status: 'in_progress', member_id: 200, team_id: null }, uow);

    expect(events()).toEqual(['request.update', 'request.status-changed', 'request.member-changed', 'request.team-changed']);
    const payloads = written.jobs.map((job) => (job.payload as { payload: Record<string, unknown> }).payload);
    expect(payloads[1]).toMatchObject({ status: 'in_progress', previous_status: 'assigned' });
    expect(payloads[2]).toMatchObject({ member: { id: 200, name: ann.name } });
    expect(payloads[3]).toMatchObject({ team: null });
  });

  it('applies the status rules of the intake: a status that requires a member gets the caller; completing sets completed_at', async () => {
    const { uow, written } = requestStore();

    await updateRequest(access(), 41, { status: 'completed', completion_reason: 'solved' }, uow);
    expect(written.updates[0]).toMatchObject({ status: 'completed', completion_reason: 'solved', completed_at: NOW, resolution_duration: 60 });

    const other = requestStore();
    await updateRequest(access(), 41, { status: 'accepted' }, other.uow);
    expect(other.written.updates[0]).toEqual({ status: 'accepted', member_id: 100 });
  });

  it('writes nothing when nothing changes', async () => {
    const { uow, written } = requestStore();

    expect(await updateRequest(access(), 41, { subject: 'Disk full', status: 'assigned' }, uow)).toMatchObject({ id: 41 });
    expect(written).toMatchObject({ updates: [], audit: [], jobs: [] });
  });

  it('answers not found for a request of another account, or one an end user may not read', async () => {
    const { uow } = requestStore(existingRequest({ account_id: trustedAccountId('other') }));
    await expect(updateRequest(access(), 41, { subject: 'x' }, uow)).rejects.toMatchObject({ code: 'NOT_FOUND' });

    const theirs = requestStore(existingRequest({ account_id: WDC, requested_by_id: 200, requested_for_id: 200 }));
    await expect(updateRequest(access({ roles: [] }), 41, { subject: 'x' }, theirs.uow)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('reports bad values, blanks and unknown references at once', async () => {
    const { uow, written } = requestStore();

    await expect(updateRequest(access(), 41, { subject: '', status: 'nope', team_id: 77, category: null }, uow)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [
        ['subject', "Subject can't be blank"],
        ['status', expect.stringContaining('is not included in the list')],
        ['category', "Category can't be blank"],
        ['team_id', 'Team id does not match any record'],
      ],
    });
    expect(written.updates).toEqual([]);
  });

  it('refuses fields a change cannot set', async () => {
    const { uow } = requestStore();

    await expect(updateRequest(access(), 41, { note: 'x' } as never, uow)).rejects.toMatchObject({ errors: [['note', "'note' cannot be changed"]] });
  });

  it('needs request:Update', async () => {
    const { uow } = requestStore();

    await expect(updateRequest(access({ scopes: tokenScopes(['request:Read']) }), 41, { subject: 'x' }, uow)).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
