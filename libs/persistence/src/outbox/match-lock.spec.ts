import { createTestDatabase, type TestDatabase } from '../testing/index.js';
import { lockAndReserve } from './match-lock.js';

/** Transaction.lock on PostgreSQL: the advisory lock, and the ids drawn with it. */
let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(() => test.drop());

const nextNoteId = async () => Number((await test.db.raw<{ rows: Array<{ id: string }> }>("select nextval('notes_id_seq') as id")).rows[0]!.id);

describe('lockAndReserve', () => {
  it('draws as many ids as asked, ascending, from the sequences of notes and audit lines', async () => {
    const before = await nextNoteId();
    const ids = await test.db.transaction((trx) => lockAndReserve(trx, 'key-a', { notes: 3, auditLines: 1 }));

    expect(ids.notes).toEqual([before + 1, before + 2, before + 3]);
    expect(ids.auditLines).toHaveLength(1);
    expect(await nextNoteId()).toBe(before + 4);
  });

  it('draws nothing when nothing is asked', async () => {
    const before = await nextNoteId();
    expect(await test.db.transaction((trx) => lockAndReserve(trx, 'key-b'))).toEqual({ notes: [], auditLines: [] });
    expect(await test.db.transaction((trx) => lockAndReserve(trx, 'key-b', { notes: 0 }))).toEqual({ notes: [], auditLines: [] });
    expect(await nextNoteId()).toBe(before + 1);
  });

  it('draws the ids once it holds the lock: a transaction that waited gets ids above those drawn while it waited', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const first = new Promise<void>((resolve) => (locked = resolve));
    const holder = test.db.transaction(async (trx) => {
      await lockAndReserve(trx, 'key-c', { notes: 1 });
      locked();
      await held;
    });
    await first;
    const waiter = test.db.transaction((trx) => lockAndReserve(trx, 'key-c', { notes: 1 }));
    // The waiter is blocked on the lock; an id drawn now comes before the waiter's.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const drawnMeanwhile = await nextNoteId();
    release();
    await holder;

    expect((await waiter).notes[0]).toBeGreaterThan(drawnMeanwhile);
  });

  it('serialises transactions on the same key until the first commits', async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const first = new Promise<void>((resolve) => (locked = resolve));
    const holder = test.db.transaction(async (trx) => {
      await lockAndReserve(trx, 'key-d');
      locked();
      await held;
      order.push('first commits');
    });
    await first;
    const waiter = test.db.transaction(async (trx) => {
      await lockAndReserve(trx, 'key-d', { auditLines: 1 });
      order.push('second locked');
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    order.push('released');
    release();
    await Promise.all([holder, waiter]);

    expect(order).toEqual(['released', 'first commits', 'second locked']);
  });
});
