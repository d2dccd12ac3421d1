/**
 * Work items of one key that arrive while a batch of that key is running, in
 * this process, go together in the next batch; items of other keys never wait
 * for each other. Each item settles with its own outcome once its batch is done.
 *
 * A batch that fails because of one item (the runner says which) is run again
 * without it, so one bad item costs the others a retry, never their outcome; a
 * failure no item is to blame for is retried item by item, each alone, so each
 * gets its own outcome.
 */
export class BatchItemFailed extends Error {
  constructor(readonly index: number, readonly failure: unknown) {
    super(`batch item ${index} failed`);
  }
}

export type BatchRunner<I, R> = (key: string, items: readonly I[]) => Promise<R[]>;

interface Waiting<I, R> {
  item: I;
  resolve: (value: R) => void;
  reject: (error: unknown) => void;
}

export function keyedBatches<I, R>(runBatch: BatchRunner<I, R>): (key: string, item: I) => Promise<R> {
  const pending = new Map<string, Array<Waiting<I, R>>>();

  async function drain(key: string, queue: Array<Waiting<I, R>>): Promise<void> {
    while (queue.length > 0) await runSettling(key, queue.splice(0));
    pending.delete(key);
  }

  async function runSettling(key: string, batch: Array<Waiting<I, R>>): Promise<void> {
    try {
      const results = await runBatch(key, batch.map((waiting) => waiting.item));
      batch.forEach((waiting, i) => waiting.resolve(results[i]!));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error instanceof BatchItemFailed ? error.failure : error);
      } else if (error instanceof BatchItemFailed) {
        batch[error.index]!.reject(error.failure);
        await runSettling(key, batch.filter((_, i) => i !== error.index));
      } else {
        for (const waiting of batch) await runSettling(key, [waiting]);
      }
    }
  }

  return (key, item) =>
    new Promise<R>((resolve, reject) => {
      const running = pending.get(key);
      if (running) {
        running.push({ item, resolve, reject });
        return;
      }
      const queue: Array<Waiting<I, R>> = [{ item, resolve, reject }];
      pending.set(key, queue);
      // The first batch is this item alone, started now; later arrivals queue behind it.
      void drain(key, queue);
    });
}
