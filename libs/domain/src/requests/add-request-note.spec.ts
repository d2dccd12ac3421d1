import { encodeNodeId } from '../node-id.js';
import { tokenScopes } from '../scopes/scope-statement.js';
import { trustedAccountId } from '../tenancy/account-id.js';
import { addRequestNote } from './add-request-note.js';
import { access, existingRequest, NOW, requestStore } from './create-request.fixtures.js';

describe('addRequestNote', () => {
  it('adds the note and publishes request.note-added alone, with the audit line', async () => {
    const { uow, written, events } = requestStore();

    const added = await addRequestNote(access(), 41, { text: ' Restarted the server ' }, uow);

    expect(added.note).toEqual({ id: 90, text: 'Restarted the server', internal: false, person_id: 100, person_name: 'Howard', created_at: NOW });
    expect(added.request).toMatchObject({ id: 41 });
    expect(written.notes).toEqual([{ requestId: 41, personId: 100, text: 'Restarted the server', internal: false }]);
    expect(written.audit).toEqual([expect.objectContaining({ action: 'update', changes: { notes: [{ id: 90, internal: false }] } })]);
    expect(events()).toEqual(['request.note-added']);
    expect(written.jobs[0]!.payload).toMatchObject({ payload: { note_nodeID: encodeNodeId('Note', 90) } });
  });

  it('refuses a blank or too long text', async () => {
    const { uow, written } = requestStore();

    await expect(addRequestNote(access(), 41, { text: '  ' }, uow)).rejects.toMatchObject({ errors: [['text', "Text can't be blank"]] });
    await expect(addRequestNote(access(), 41, { text: 'x'.repeat(65_536) }, uow)).rejects.toMatchObject({ errors: [['text', expect.stringContaining('too long')]] });
    expect(written.notes).toEqual([]);
  });

  it('lets an end user add a public note to their own request, never an internal one', async () => {
    const { uow, written } = requestStore();

    await expect(addRequestNote(access({ roles: [] }), 41, { text: 'secret', internal: true }, uow)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await addRequestNote(access({ roles: [] }), 41, { text: 'still broken' }, uow);
    expect(written.notes).toEqual([expect.objectContaining({ text: 'still broken', internal: false })]);
  });

  it("answers not found for another account's request", async () => {
    const { uow } = requestStore(existingRequest({ account_id: trustedAccountId('other') }));

    await expect(addRequestNote(access(), 41, { text: 'x' }, uow)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('needs request:Update', async () => {
    const { uow } = requestStore();

    await expect(addRequestNote(access({ scopes: tokenScopes(['request:Read', 'request:Create']) }), 41, { text: 'x' }, uow)).rejects.toMatchObject({
      code: 'FORBIDDEN', message: expect.stringContaining('request:Update'),
    });
  });
});
