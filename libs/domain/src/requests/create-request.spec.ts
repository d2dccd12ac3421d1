import { encodeNodeId } from '../node-id.js';
import { tokenScopes } from '../scopes/scope-statement.js';
import { createRequest } from './create-request.js';
import { access, requestStore } from './create-request.fixtures.js';

describe('createRequest', () => {
  it('applies the defaults of a new request: category and impact from the service instance, its first line team, the caller as requester', async () => {
    const { uow, written } = requestStore();

    const request = await createRequest(access(), { subject: '  Mail is slow ', service_instance_id: 5 }, uow);

    expect(request).toMatchObject({ id: 42, subject: 'Mail is slow', team_name: 'Mail first line' });
    expect(written.inserted[0]).toMatchObject({
      account_id: 'wdc', category: 'incident', impact: 'top', status: 'assigned', team_id: 11, requested_by_id: 100, requested_for_id: 100,
      created_by_id: 100, service_instance_id: 5, source: null,
    });
  });

  it('publishes request.create and request.note-added with the audit line, in the transaction', async () => {
    const { uow, written, events } = requestStore();

    await createRequest(access(), { subject: 'Mail is slow', note: 'since 9:00', source: 'Portal' }, uow);

    expect(written.notes).toEqual([{ requestId: 42, personId: 100, text: 'since 9:00', internal: false }]);
    expect(written.audit).toEqual([expect.objectContaining({ accountId: 'wdc', recordType: 'Request', recordId: 42, personId: 100, source: 'Portal', action: 'create' })]);
    expect(events()).toEqual(['request.create', 'request.note-added']);
    expect(written.jobs[1]!.payload).toMatchObject({ object_nodeID: encodeNodeId('Request', 42), payload: { note_id: 90, note_nodeID: encodeNodeId('Note', 90) } });
  });

  it('reports every bad value and unknown reference at once, and writes nothing', async () => {
    const { uow, written } = requestStore();

    await expect(createRequest(access(), { subject: 'x'.repeat(191), category: 'bogus', team_id: 99, member_id: 999 }, uow)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [
        ['subject', 'Subject is too long (maximum is 190 characters)'],
        ['category', expect.stringContaining('is not included in the list')],
        ['member_id', 'Member id does not match any record'],
        ['team_id', 'Team id does not match any record'],
      ],
    });
    expect(written.inserted).toEqual([]);
    expect(written.jobs).toEqual([]);
  });

  it('requires a subject', async () => {
    const { uow } = requestStore();

    await expect(createRequest(access(), { subject: '   ' }, uow)).rejects.toMatchObject({ errors: [['subject', "Subject can't be blank"]] });
    await expect(createRequest(access(), {}, uow)).rejects.toMatchObject({ errors: [['subject', "Subject can't be blank"]] });
  });

  it('refuses a completed request without a completion reason (the rules across fields)', async () => {
    const { uow, written } = requestStore();

    await expect(createRequest(access(), { subject: 'Done', status: 'completed' }, uow)).rejects.toMatchObject({ errors: [['completion_reason', expect.any(String)]] });
    expect(written.inserted).toEqual([]);
  });

  it('needs request:Create', async () => {
    const { uow, written } = requestStore();

    await expect(createRequest(access({ scopes: tokenScopes(['request:Read', 'request:Update']) }), { subject: 'x' }, uow)).rejects.toMatchObject({
      code: 'FORBIDDEN', message: expect.stringContaining('request:Create'),
    });
    expect(written.inserted).toEqual([]);
  });

  it('refuses an internal note from an end user', async () => {
    const { uow } = requestStore();

    await expect(createRequest(access({ roles: [] }), { subject: 'x', internal_note: 'root cause' }, uow)).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
