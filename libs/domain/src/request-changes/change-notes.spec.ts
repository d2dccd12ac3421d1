import type { NewNote } from '../requests/request.repository.js';
import { trustedAccountId } from '../tenancy/account-id.js';
import { fakeTransaction } from '../testing/fake-transaction.js';
import { eventNotes, insertEventNotes, noteIdsNeeded, reservedEventNotes } from './change-notes.js';

const WDC = trustedAccountId('wdc');
const request = { id: 41, account_id: WDC };

describe('the notes a request change adds (SPEC.md "Event matching" rule 2)', () => {
  it('adds the note, then the internal note, each once', () => {
    expect(eventNotes({ note: 'Disk at 99%', internal_note: 'Call the vendor' }, [])).toEqual([
      { text: 'Disk at 99%', internal: false },
      { text: 'Call the vendor', internal: true },
    ]);
    expect(eventNotes({ note: 'Same text', internal_note: 'Same text' }, [])).toEqual([{ text: 'Same text', internal: false }]);
  });

  it('leaves out a note whose text the request already has, and empty notes', () => {
    expect(eventNotes({ note: 'Disk at 99%', internal_note: 'Call the vendor' }, ['Call the vendor'])).toEqual([{ text: 'Disk at 99%', internal: false }]);
    expect(eventNotes({ note: null, internal_note: '' }, [])).toEqual([]);
  });

  it('needs one note id per note given, before the earlier notes are known', () => {
    expect(noteIdsNeeded({ note: 'a', internal_note: 'b' })).toBe(2);
    expect(noteIdsNeeded({ note: 'a', internal_note: 'a' })).toBe(1);
    expect(noteIdsNeeded({})).toBe(0);
  });

  it('puts the notes on the reserved ids, in order, and refuses too few ids', () => {
    expect(reservedEventNotes(request, 100, { note: 'a', internal_note: 'b' }, [], [7, 8])).toEqual([
      { text: 'a', internal: false, id: 7, requestId: 41, personId: 100 },
      { text: 'b', internal: true, id: 8, requestId: 41, personId: 100 },
    ]);
    expect(() => reservedEventNotes(request, 100, { note: 'a', internal_note: 'b' }, [], [7])).toThrow('2 notes to add on 1 reserved ids');
  });

  it('inserts the notes in one call and answers them with their ids; nothing to add writes nothing', async () => {
    const inserted: Array<{ account: string; notes: readonly NewNote[] }> = [];
    const tx = fakeTransaction({ notes: { insert: async (account, notes) => (inserted.push({ account, notes }), [21, 22]) } });

    expect(await insertEventNotes(tx, request, 100, { note: 'a', internal_note: 'b' }, [])).toEqual([
      { text: 'a', internal: false, id: 21 },
      { text: 'b', internal: true, id: 22 },
    ]);
    expect(inserted).toEqual([{ account: WDC, notes: [{ text: 'a', internal: false, requestId: 41, personId: 100 }, { text: 'b', internal: true, requestId: 41, personId: 100 }] }]);
    expect(await insertEventNotes(tx, request, 100, { note: 'a' }, ['a'])).toEqual([]);
    expect(inserted).toHaveLength(1);
  });
});
