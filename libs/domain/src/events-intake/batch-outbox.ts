/**
 * The outbox of a batch of events (submit-event.ts): their entries are kept
 * until `flush`, then written in one statement.
 */
import type { OutboxEntry, OutboxWriter, ReservedNote } from '../ports/outbox.js';

/** The shared write of several events failed: no one event is to blame for it. */
export class BatchWriteFailed extends Error {
  constructor(readonly failure: unknown) {
    super('the write of a batch of events failed');
  }
}

export interface BufferedOutbox extends OutboxWriter {
  flush(): Promise<void>;
}

export function bufferedOutbox(target: OutboxWriter): BufferedOutbox {
  let items: Array<{ entry: OutboxEntry; notes: readonly ReservedNote[] }> = [];
  return {
    write: async (entry, rows) => void items.push({ entry, notes: rows?.notes ?? [] }),
    writeAll: async (more) => void items.push(...more),
    async flush() {
      if (items.length === 0) return;
      const written = items;
      items = [];
      await target.writeAll(written).catch((error: unknown) => {
        throw new BatchWriteFailed(error);
      });
    },
  };
}
