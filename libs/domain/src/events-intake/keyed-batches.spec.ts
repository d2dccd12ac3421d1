import { BatchItemFailed, keyedBatches } from './keyed-batches.js';

/** A batch runner the test releases by hand: each call records its key and items and waits. */
function heldRunner(outcome: (key: string, items: readonly string[]) => string[] | Error = (_key, items) => items.map((item) => `done ${item}`)) {
  const runs: Array<{ key: string; items: string[]; release: () => void }> = [];
  const run = (key: string, items: readonly string[]) =>
    new Promise<string[]>((resolve, reject) => {
      runs.push({
        key,
        items: [...items],
        release: () => {
          const result = outcome(key, items);
          if (result instanceof Error) reject(result);
          else resolve(result);
        },
      });
    });
  return { runs, run };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

/** The first item of key k alone, then `later` queued behind it; the first batch released and done. */
async function firstDoneThenQueued(submit: (key: string, item: string) => Promise<string>, runs: Array<{ release: () => void }>, later: string[]) {
  const first = submit('k', 'a');
  const queued = later.map((item) => submit('k', item).catch((error: Error) => `rejected: ${error.message}`));
  await settle();
  runs[0]!.release();
  await first;
  await settle();
  return queued;
}

/** Releases the runs from `from` on, one at a time, as each starts. */
async function releaseFrom(runs: Array<{ release: () => void }>, from: number, count: number) {
  for (let i = from; i < from + count; i++) {
    runs[i]!.release();
    await settle();
  }
}

describe('keyedBatches', () => {
  it('runs the first item of a key at once, and the items that arrive meanwhile together in the next batch, in order', async () => {
    const { runs, run } = heldRunner();
    const submit = keyedBatches(run);

    const first = submit('k', 'a');
    const later = [submit('k', 'b'), submit('k', 'c')];
    await settle();
    expect(runs.map((r) => r.items)).toEqual([['a']]);

    runs[0]!.release();
    expect(await first).toBe('done a');
    await settle();
    expect(runs.map((r) => r.items)).toEqual([['a'], ['b', 'c']]);

    runs[1]!.release();
    expect(await Promise.all(later)).toEqual(['done b', 'done c']);
  });

  it('never makes items of different keys wait for each other', async () => {
    const { runs, run } = heldRunner();
    const submit = keyedBatches(run);

    void submit('k1', 'a');
    const other = submit('k2', 'b');
    await settle();

    expect(runs.map((r) => [r.key, r.items])).toEqual([['k1', ['a']], ['k2', ['b']]]);
    runs[1]!.release();
    expect(await other).toBe('done b');
  });

  it('rejects the item a batch failed for, and runs the others again without it', async () => {
    const { runs, run } = heldRunner((_key, items) => (items.includes('bad') ? new BatchItemFailed(items.indexOf('bad'), new Error('bad input')) : items.map((item) => `done ${item}`)));
    const submit = keyedBatches(run);

    const batch = await firstDoneThenQueued(submit, runs, ['b', 'bad', 'c']);
    await releaseFrom(runs, 1, 1);

    expect(runs.map((r) => r.items)).toEqual([['a'], ['b', 'bad', 'c'], ['b', 'c']]);
    await releaseFrom(runs, 2, 1);
    expect(await Promise.all(batch)).toEqual(['done b', 'rejected: bad input', 'done c']);
  });

  it('runs each item of a batch that failed for no item in particular again on its own', async () => {
    const { runs, run } = heldRunner((_key, items) => (items.length > 1 ? new Error('statement of the batch failed') : items[0] === 'c' ? new Error('c alone failed') : [`done ${items[0]}`]));
    const submit = keyedBatches(run);

    const batch = await firstDoneThenQueued(submit, runs, ['b', 'c']);
    await releaseFrom(runs, 1, 3);

    expect(await Promise.all(batch)).toEqual(['done b', 'rejected: c alone failed']);
    expect(runs.map((r) => r.items)).toEqual([['a'], ['b', 'c'], ['b'], ['c']]);
  });
});
